/**
 * The bookings CSV over a large generated period (issue 17): the streamed download
 * (GET /v1/csv/bookings/download, a real HTTP listener, the body read and dropped as it comes)
 * against PostgreSQL's own `COPY (the same SELECT) TO STDOUT WITH CSV` run by psql in the same
 * run, on the same database; medians of repeated runs. The server is the product's own start
 * (`node <scripts/server-node-flags.json>  apps/server/src/server.ts`, jobs off) in a child process, so its memory is
 * its own: VmRSS from /proc/<pid>/status sampled every 50 ms, and VmHWM (its peak, reset through
 * /proc/<pid>/clear_refs before each download), against its VmRSS just before the download.
 * Not part of CI: `node bench/csv-bench.ts` (BENCH_CSV_BOOKINGS, BENCH_CSV_RUNS to change).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { freePort, freshDatabase, median, writeResultsSection } from './bench-support.ts';
import { openPostgres, rowsOf } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { bookingsSelect } from '../apps/server/src/modules/reports/reports.repository.ts';
import { PAGE_SIZE } from '../apps/server/src/modules/reports/reports.service.ts';

const BOOKINGS = Number(process.env.BENCH_CSV_BOOKINGS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 3);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FROM = '2027-01-01';
const TO = '2027-12-31';
const root = fileURLToPath(new URL('..', import.meta.url));


const target = await freshDatabase(url, 'sagano_bench_csv');
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
const built = new PgDialect().sqlToQuery(bookingsSelect({ from: FROM, to: TO }, 'ja', null));
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

await database.close();

/** A port free right now on the loopback, for the server to listen on. */

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sagano-csv-bench-'));
// The product's start (scripts/start.mjs): the same Node flags, then the server, its TypeScript stripped by Node itself.
const nodeFlags = [...(JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')) as string[]), ...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean)];
const server = spawn(process.execPath, [...nodeFlags, 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATABASE_URL: target, PORT: String(port), HOST: '127.0.0.1', JOBS: 'off', LOG_LEVEL: 'warn', DATA_DIR: dataDir, TOTP_SECRET_KEY: randomBytes(32).toString('hex') },
});
const pid = server.pid!;
process.on('exit', () => server.kill('SIGTERM')); // never left running when the bench fails
let serverExit: string | undefined;
server.on('exit', (code, signal) => (serverExit = `server exited (${code ?? signal})`));

for (let tries = 0; ; tries++) {
  if (serverExit) throw new Error(serverExit);
  const up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
  if (up) break;
  if (tries > 600) throw new Error('the server did not start in 60 s');
  await new Promise((r) => setTimeout(r, 100));
}
const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@example.com', password: 'Sagano#2026' }) });
const token = ((await login.json()) as { access_token: string }).access_token;

/** The server's resident set and its peak so far, in MB (kB lines of /proc/<pid>/status). */
function serverMemory(): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

interface CsvRun {
  seconds: number;
  bytes: number;
  rows: number;
  before: number;
  sampledPeak: number;
  hwm: number;
  growth: number;
}

/** One download, the body dropped as it arrives; the server's memory sampled meanwhile. */
async function csvRun(): Promise<CsvRun> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS now
  const before = serverMemory().rss;
  let sampledPeak = before;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, serverMemory().rss)), 50);
  const start = performance.now();
  const download = () => fetch(`${base}/v1/csv/bookings/download?from_date=${FROM}&to_date=${TO}`, { headers: { authorization: `Bearer ${token}` } });
  // Once more on a fresh connection when the kept-alive one was closed by the server meanwhile (the COPY run lasts longer than its keep-alive).
  const res = await download().catch(download);
  if (res.status !== 200 || !res.body) throw new Error(`download ${res.status}`);
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 0x0a) rows++;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const after = serverMemory();
  sampledPeak = Math.max(sampledPeak, after.rss);
  return { seconds, bytes, rows: rows - 1, before, sampledPeak, hwm: after.hwm, growth: Math.max(after.hwm, sampledPeak) - before };
}

const serverStartRss = serverMemory().rss;
const csvRuns: CsvRun[] = [];
const copyRuns: ReturnType<typeof copyRun>[] = [];
for (let i = 0; i < RUNS; i++) {
  copyRuns.push(copyRun());
  csvRuns.push(await csvRun());
  const r = csvRuns.at(-1)!;
  console.log(`run ${i + 1}: copy ${copyRuns.at(-1)!.seconds.toFixed(1)} s, csv ${r.seconds.toFixed(1)} s, server RSS ${r.before.toFixed(0)} MB before, peak ${Math.max(r.hwm, r.sampledPeak).toFixed(0)} MB (+${r.growth.toFixed(0)} MB)`);
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const csvRows = csvRuns[0]!.rows;
if (csvRows !== rowsInPeriod) throw new Error(`the CSV has ${csvRows} rows, the period ${rowsInPeriod}`);
const csvRate = csvRows / median(csvRuns.map((r) => r.seconds));
const copyRate = rowsInPeriod / median(copyRuns.map((r) => r.seconds));
const ratios = csvRuns.map((r, i) => rowsInPeriod / r.seconds / (rowsInPeriod / copyRuns[i]!.seconds));
const growths = csvRuns.map((r) => r.growth);
const nodeOptions = nodeFlags.length > 0 ? ` with \`${nodeFlags.join(' ')}\` (scripts/server-node-flags.json, as scripts/start.mjs)` : '';
const today = new Date().toISOString().slice(0, 10);

const section = `## CSV exports

Command: \`node bench/csv-bench.ts\` (bench/csv-bench.ts; not in CI; BENCH_CSV_BOOKINGS=${BOOKINGS}, ${RUNS} runs, medians). Run on ${today}.
${BOOKINGS.toLocaleString('en')} bookings generated with \`generate_series\` into a fresh PostgreSQL database (${generateSeconds.toFixed(0)} s with their trains and fare payments),
all travelling in ${FROM} – ${TO}. The server is the product's own start, \`node apps/server/src/server.ts\`${nodeOptions}, in a child
process (JOBS=off, LOG_LEVEL=warn, DATABASE_URL the bench database). The download is \`GET /v1/csv/bookings/download\` over HTTP from the bench
process, the body read and dropped as it arrives; the server reads the SELECT through a cursor, ${PAGE_SIZE} rows a batch. Baseline in the same
run, before each download: \`psql -c "copy (the same SELECT) to stdout with csv" | wc -c\` (bench/csv-bench.ts inlines the report's own SELECT).
Memory: the server process alone, from /proc/<pid>/status: its peak over the download (VmHWM, reset through clear_refs just before, and VmRSS
sampled every 50 ms) against its VmRSS just before. Server RSS after start-up and login: ${serverStartRss.toFixed(0)} MB.

| case | rows | seconds (median) | rows/s | bytes | ratio to COPY | server memory growth | goal |
|---|---|---|---|---|---|---|---|
| PostgreSQL COPY (same SELECT) TO STDOUT WITH CSV | ${rowsInPeriod} | ${median(copyRuns.map((r) => r.seconds)).toFixed(1)} | ${copyRate.toFixed(0)} | ${copyRuns[0]!.bytes} | 1 | | |
| GET /v1/csv/bookings/download (UTF-8, BOM, ja header) | ${csvRows} | ${median(csvRuns.map((r) => r.seconds)).toFixed(1)} | ${csvRate.toFixed(0)} | ${csvRuns[0]!.bytes} | ${(csvRate / copyRate).toFixed(2)} | median +${median(growths).toFixed(0)} MB, largest +${Math.max(...growths).toFixed(0)} MB (peak RSS ${Math.max(...csvRuns.map((r) => Math.max(r.hwm, r.sampledPeak))).toFixed(0)} MB) | ≥ 0.3, < 100 MB |

Run by run: ${csvRuns.map((r, i) => `${i + 1}: ${ratios[i]!.toFixed(2)} of COPY, +${r.growth.toFixed(0)} MB from ${r.before.toFixed(0)} MB`).join('; ')}.
`;

writeResultsSection('## CSV exports', section);
