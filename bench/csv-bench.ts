/**
 * The bookings CSV over a large generated period (issue 17): the streamed download
 * (GET /v1/csv/bookings/download, a real HTTP listener, the body read and dropped as it comes)
 * against PostgreSQL's own `COPY (the same SELECT) TO STDOUT WITH CSV` run by psql in the same
 * run, on the same database; medians of repeated runs. Memory: the growth of this process's
 * resident set (server and client together: an upper bound on the server's) over the download.
 * Not part of CI: `npx tsx --expose-gc bench/csv-bench.ts` (BENCH_CSV_BOOKINGS, BENCH_CSV_RUNS to change).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, rowsOf } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { bookingsSelect } from '../apps/server/src/modules/reports/reports.repository.ts';
import { PAGE_SIZE } from '../apps/server/src/modules/reports/reports.service.ts';

const BOOKINGS = Number(process.env.BENCH_CSV_BOOKINGS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 3);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FROM = '2027-01-01';
const TO = '2027-12-31';

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;

const target = await freshDatabase('sagano_bench_csv');
const database = await openPostgres(target, 10);
await database.migrate();
await loadDemoData(database.db);
const t0 = performance.now();
const [{ last } = { last: 0 }] = rowsOf<{ last: number }>(await database.db.execute(sql`select coalesce(max(id), 0)::int as last from bookings`));
await database.db.execute(sql`
  insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant, participant_quantity, total_amount_e6, submitted_at)
  select lpad((80000000 + g)::text, 8, '0'), md5(g::text),
         a.id, (select min(id) from agent_groups where agent_id = a.id),
         (array['SUBMITTED','RESERVED','RESERVED','NOT_RESERVED','WAITLIST','CANCELLED'])[1 + g % 6], 'INITIAL',
         case when g % 4 = 0 then 'SCHOOL' else 'NORMAL' end,
         case when g % 1000 = 0 then '=HYPERLINK("x")' else '生成団体, "' || g || '"' end,
         '{}'::jsonb, '{}'::jsonb, 10 + g % 40, (10 + g % 40) * 1500000000::bigint, timestamp '2026-06-01' + (g % 600) * interval '1 hour'
  from generate_series(1, ${BOOKINGS}) g
  join lateral (select id from agents order by id offset (g % 3) limit 1) a on true
  on conflict do nothing`);
await database.db.execute(sql`
  insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
  select b.id, 'down', (${FROM}::date + (b.id % 365)::int), (select min(id) from services where direction = 'down'), 1, 4
  from bookings b where b.id > ${last}`);
await database.db.execute(sql`
  insert into payments (booking_id, kind, status, payment_method, total_amount_e6)
  select b.id, 'FARE', 'INVOICE_PENDING', 'MONTHLY', b.total_amount_e6 from bookings b where b.id > ${last}`);
await database.db.execute(sql`vacuum analyze`);
const generateSeconds = (performance.now() - t0) / 1000;
const [{ n: rowsInPeriod } = { n: 0 }] = rowsOf<{ n: number }>(
  await database.db.execute(sql`select count(*)::int as n from bookings b where (select min(service_date) from booking_services s where s.booking_id = b.id) between ${FROM} and ${TO}`),
);

// The same SELECT, inlined for COPY (which takes no parameters); the values are this file's own constants.
const built = new PgDialect().sqlToQuery(bookingsSelect({ from: FROM, to: TO }, 'ja', 0));
const copySelect = built.sql.replace(/\$(\d+)/g, (_, i: string) => {
  const v = built.params[Number(i) - 1];
  return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
});

function copyRun(): { seconds: number; bytes: number } {
  const start = performance.now();
  // psql writes into wc, not into this process: the bench's memory stays the server's.
  const out = execFileSync('sh', ['-c', 'psql "$1" -qAt -c "$2" | wc -c', 'copy', target, `copy (${copySelect}) to stdout with csv`]);
  return { seconds: (performance.now() - start) / 1000, bytes: Number(out.toString().trim()) };
}

const app = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
const base = `http://127.0.0.1:${address.port}`;
const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@example.com', password: 'Sagano#2026' }) });
const token = ((await login.json()) as { access_token: string }).access_token;

/**
 * One download. With `liveHeap` (node --expose-gc), a full collection every 500 ms measures the
 * memory really held (garbage not yet collected left out); that slows the run, so its time is not used.
 */
async function csvRun(liveHeap = false): Promise<{ seconds: number; bytes: number; rows: number; rssGrowthMb: number; peakRssMb: number; heapGrowthMb: number }> {
  global.gc?.();
  const before = rssMb();
  const heapBefore = heapMb();
  let peak = before;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    if (liveHeap) global.gc?.();
    peak = Math.max(peak, rssMb());
    heapPeak = Math.max(heapPeak, heapMb());
  }, liveHeap ? 500 : 50);
  const start = performance.now();
  const res = await fetch(`${base}/v1/csv/bookings/download?from_date=${FROM}&to_date=${TO}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`download ${res.status}`);
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 0x0a) rows++;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  return { seconds, bytes, rows: rows - 1, rssGrowthMb: peak - before, peakRssMb: peak, heapGrowthMb: heapPeak - heapBefore };
}

const csvRuns: Awaited<ReturnType<typeof csvRun>>[] = [];
const copyRuns: ReturnType<typeof copyRun>[] = [];
for (let i = 0; i < RUNS; i++) {
  copyRuns.push(copyRun());
  csvRuns.push(await csvRun());
  console.log(`run ${i + 1}: copy ${copyRuns.at(-1)!.seconds.toFixed(1)} s, csv ${csvRuns.at(-1)!.seconds.toFixed(1)} s, rss +${csvRuns.at(-1)!.rssGrowthMb.toFixed(0)} MB, heap +${csvRuns.at(-1)!.heapGrowthMb.toFixed(0)} MB`);
}
const live = global.gc ? await csvRun(true) : undefined;
if (live) console.log(`live heap: +${live.heapGrowthMb.toFixed(0)} MB`);
await app.close();
await database.close();

const csvRows = csvRuns[0]!.rows;
if (csvRows !== rowsInPeriod) throw new Error(`the CSV has ${csvRows} rows, the period ${rowsInPeriod}`);
const csvRate = csvRows / median(csvRuns.map((r) => r.seconds));
const copyRate = rowsInPeriod / median(copyRuns.map((r) => r.seconds));
const growth = Math.max(...csvRuns.map((r) => r.rssGrowthMb));
const liveNote = live ? `; live heap (after a full GC every 500 ms, one more download) +${live.heapGrowthMb.toFixed(1)} MB` : '';
const today = new Date().toISOString().slice(0, 10);

const section = `## CSV exports

Command: \`npx tsx --expose-gc bench/csv-bench.ts\` (bench/csv-bench.ts; not in CI; BENCH_CSV_BOOKINGS=${BOOKINGS}, ${RUNS} runs, medians). Run on ${today}.
${BOOKINGS.toLocaleString('en')} bookings generated with \`generate_series\` into a fresh PostgreSQL database (${generateSeconds.toFixed(0)} s with their trains and fare payments),
all travelling in ${FROM} – ${TO}. The download is \`GET /v1/csv/bookings/download\` over a real HTTP listener, the body read and dropped as
it arrives; keyset pages of ${PAGE_SIZE} rows. Baseline in the same run: \`psql -c "copy (the same SELECT) to stdout with csv"\`
(bench/csv-bench.ts inlines the report's own SELECT). Memory: growth of the bench process's resident set and JavaScript heap over a download, peak
sampled every 50 ms against the start (server and client share the process, so this bounds the server's from above;
psql's output goes to \`wc -c\`, not into the process), the largest of the runs.

| case | rows | seconds (median) | rows/s | bytes | ratio to COPY | memory growth | goal |
|---|---|---|---|---|---|---|---|
| PostgreSQL COPY (same SELECT) TO STDOUT WITH CSV | ${rowsInPeriod} | ${median(copyRuns.map((r) => r.seconds)).toFixed(1)} | ${copyRate.toFixed(0)} | ${copyRuns[0]!.bytes} | 1 | | |
| GET /v1/csv/bookings/download (UTF-8, BOM, ja header) | ${csvRows} | ${median(csvRuns.map((r) => r.seconds)).toFixed(1)} | ${csvRate.toFixed(0)} | ${csvRuns[0]!.bytes} | ${(csvRate / copyRate).toFixed(2)} | RSS +${growth.toFixed(0)} MB (peak ${Math.max(...csvRuns.map((r) => r.peakRssMb)).toFixed(0)} MB), heap +${Math.max(...csvRuns.map((r) => r.heapGrowthMb)).toFixed(0)} MB${liveNote} | ≥ 0.3, < 100 MB |
`;

const file = new URL('./RESULTS.md', import.meta.url);
const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
// Kept before "## Bookings": booking-bench.ts rewrites the file from that heading to the end.
const marker = '## CSV exports';
let next = existing;
if (existing.includes(marker)) {
  const start = existing.indexOf(marker);
  const after = existing.indexOf('\n## ', start + marker.length);
  next = `${existing.slice(0, start)}${section}${after === -1 ? '' : `\n${existing.slice(after + 1)}`}`;
} else if (existing.includes('## Bookings')) {
  const at = existing.indexOf('## Bookings');
  next = `${existing.slice(0, at)}${section}\n${existing.slice(at)}`;
} else next = `${existing.trimEnd()}\n\n${section}`;
writeFileSync(file, next);
console.log(section);
