/**
 * Booking search over a million generated bookings on PostgreSQL (goal P6): every pair of the
 * booking list's filters sorted by service date (the list's default), and each filter alone with each
 * sort key, p95 ≤ 25 ms. Each case is asked REQUESTS times per round, the cases taking turns over
 * ROUNDS rounds; a case's figure is the median of its rounds' p95 (and p50), with the rounds' spread.
 * Run alone with `BENCH_ONLY=search node bench/booking-bench.ts` (Node 24: node_modules/.bin/node), or as part of `npm run bench`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { median } from './bench-support.ts';

const MILLION = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 20);
const GOAL_MS = 25;
/** Agents besides the demo data's three, so one agent is a few per cent of the bookings, as in service. */
const MORE_AGENTS = 57;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A million bookings whose status, group type and agent are drawn independently (hashes of the row
 * number); agents skewed (the first few have most bookings); submitted over 700 days, each travelling
 * 0–179 days after its submission; one in five a round trip returning 1–3 days later.
 */
async function generate(database: Database): Promise<number> {
  const t0 = performance.now();
  const db = database.db;
  await db.execute(sql`
    insert into agents (name_ja, name_en, agent_type)
    select '生成代理店 ' || i, 'Generated agent ' || i, (array['FREE', 'CONTRACTED', 'SPECIAL_CONTRACTED'])[1 + i % 3] from generate_series(1, ${MORE_AGENTS}) i`);
  await db.execute(sql`
    insert into agent_groups (agent_id, is_root, name_ja, name_en)
    select id, true, name_ja || ' 本社', name_en || ' head office' from agents where name_ja like '生成代理店 %'`);
  await db.execute(sql`
    with ag as (
      select array_agg(a.id order by a.id) as ids, array_agg((select min(g.id) from agent_groups g where g.agent_id = a.id and g.is_root) order by a.id) as roots from agents a
    ), x as (
      select g, ${sql.join([1, 2, 3, 4, 5, 6, 7].map((i) => sql`hashint8(g * 8 + ${i})::bigint + 2147483648 as r${sql.raw(String(i))}`), sql`, `)}
      from generate_series(1, ${MILLION}) g
    )
    insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant,
                          participant_quantity, total_amount_e6, submitted_at, first_service_date, last_service_date)
    select lpad((20000000 + g)::text, 8, '0'), md5(g::text), ag.ids[y.k], ag.roots[y.k],
           (array['SUBMITTED', 'RESERVED', 'RESERVED', 'NOT_RESERVED', 'WAITLIST', 'CANCELLED'])[1 + r1 % 6], 'INITIAL',
           case when r2 % 4 = 0 then 'SCHOOL' else 'NORMAL' end, '生成団体 ' || g,
           jsonb_build_object('group_type', 'NORMAL', 'name', '生成団体 ' || g, 'country_code', 'JPN'),
           jsonb_build_object('name', '生成 太郎', 'email', 'gen@example.com', 'phone_number', '0'),
           10 + g % 40, 0, now() - y.age * interval '1 day' - (r7 % 1440) * interval '1 minute',
           current_date - y.age + y.lead, current_date - y.age + y.lead + y.back
    from x, ag,
         lateral (select 1 + floor(cardinality(ag.ids) * power(r3 / 4294967296.0, 2))::int as k, (r4 % 700)::int as age, (r5 % 180)::int as lead,
                         case when r6 % 5 = 0 then 1 + (r6 / 5 % 3)::int else 0 end as back) y
    on conflict do nothing`);
  // The trains as the dates say (the booking's dates are already right, so the triggers write nothing).
  await db.execute(sql`
    insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
    select b.id, 'down', b.first_service_date, (select min(id) from services where direction = 'down'), 1, 4 from bookings b where b.group_name like '生成団体 %'
    union all
    select b.id, 'up', b.last_service_date, (select min(id) from services where direction = 'up'), 4, 1 from bookings b where b.group_name like '生成団体 %' and b.last_service_date > b.first_service_date`);
  // As autovacuum leaves a table that has settled: statistics taken, pages marked all-visible.
  await db.execute(sql`vacuum analyze bookings`);
  await db.execute(sql`vacuum analyze booking_services`);
  return (performance.now() - t0) / 1000;
}

interface Case {
  name: string;
  query: string;
}

async function measureCases(app: FastifyInstance, headers: Record<string, string>, cases: Case[]) {
  const results = new Map<string, { p50: number[]; p95: number[]; total: string }>();
  const ask = async (c: Case) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/v1/bookings/service_orders/search?${c.query}`, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { total: number; total_capped: boolean };
    return { ms, total: `${body.total_capped ? '> ' : ''}${body.total.toLocaleString('en')}` };
  };
  for (const c of cases) results.set(c.name, { p50: [], p95: [], total: (await ask(c)).total }); // each once before measuring
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push((await ask(c)).ms);
      const entry = results.get(c.name)!;
      entry.p50.push(percentile(times, 50));
      entry.p95.push(percentile(times, 95));
    }
    console.log(`search round ${r + 1} done (load average ${loadavg()[0]!.toFixed(1)})`);
  }
  return results;
}

/** Fills `database` (migrated, demo data) with MILLION bookings and measures the booking list; answers its RESULTS.md section. */
export async function bookingSearchSection(database: Database, app: FastifyInstance, headers: Record<string, string>, agentId: number, fill = true): Promise<string> {
  const loadBefore = loadavg();
  const seconds = fill ? await generate(database) : 0;
  const [d] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`select (current_date + 30)::text as sf, (current_date + 36)::text as st, (current_date - 10)::text as bf, (current_date - 8)::text as bt,
                                         (select count(*) from bookings)::int as bookings, (select count(*) from booking_services)::int as trains`),
  );
  const filters: [string, string][] = [
    ['status', 'status=RESERVED'],
    ['group name', `group_name=${encodeURIComponent('生成団体 77777')}`],
    ['booking number', 'booking_id=2012345'],
    ['service period', `service_date_from=${d!.sf}&service_date_to=${d!.st}`],
    ['submitted period', `submitted_at_from=${d!.bf}&submitted_at_to=${d!.bt}`],
    ['agent', `agent_id=${agentId}`],
    ['group type', 'group_types=SCHOOL'],
    ['payment type', 'payment_type=MONTHLY'],
  ];
  const sorts = ['service_date', 'submitted_at', 'booking_id', 'group_name', 'status'] as const;
  const single: Case[] = [['no filter', ''] as [string, string], ...filters].flatMap(([name, query]) =>
    sorts.map((sort) => ({ name: `${name} / ${sort}`, query: [query, `sort=${sort}`].filter(Boolean).join('&') })),
  );
  const pairs: Case[] = filters.flatMap(([a, qa], i) => filters.slice(i + 1).map(([b, qb]) => ({ name: `${a} + ${b}`, query: `${qa}&${qb}&sort=service_date` })));
  const deep: Case[] = [
    { name: 'no filter, sorted by service date, page 200', query: 'sort=service_date&page=200' },
    { name: 'group type, sorted by service date, page 50', query: 'group_types=SCHOOL&sort=service_date&page=50' },
    { name: 'status, newest submission first, page 50', query: 'status=RESERVED&page=50' },
  ];
  const results = await measureCases(app, headers, [...single, ...pairs, ...deep]);
  const loadAfter = loadavg();
  const cell = (name: string) => {
    const r = results.get(name)!;
    const p95 = median(r.p95);
    return `${p95.toFixed(1)}${p95 > GOAL_MS ? ' ✗' : ''}`;
  };
  const row = (c: Case) => {
    const r = results.get(c.name)!;
    const p95 = median(r.p95);
    return `| ${c.name} | ${r.total} | ${median(r.p50).toFixed(1)} | ${p95.toFixed(1)} | ${Math.min(...r.p95).toFixed(1)}–${Math.max(...r.p95).toFixed(1)} | ${p95 <= GOAL_MS ? '✓' : '✗'} |`;
  };
  const all = [...single, ...pairs];
  const met = all.filter((c) => median(results.get(c.name)!.p95) <= GOAL_MS).length;
  return `## Booking search over ${MILLION.toLocaleString('en')} generated bookings (PostgreSQL)

Command: \`BENCH_ONLY=search node bench/booking-bench.ts\` (bench/booking-search.ts; also part of \`npm run bench\`; BENCH_ROUNDS=${ROUNDS}, BENCH_SEARCH_REQUESTS=${REQUESTS}).
Run on ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, PostgreSQL server ${new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://127.0.0.1:5432').host}, 2 cores shared with other work:
load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before generating, ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} at the end.
Data: ${Number(d!.bookings).toLocaleString('en')} bookings with ${Number(d!.trains).toLocaleString('en')} trains (${fill ? `the demo data and ${MILLION.toLocaleString('en')} generated in ${seconds.toFixed(0)} s, then VACUUM ANALYZE as autovacuum would leave them` : 'REUSED from an earlier run (BENCH_SEARCH_REUSE=1)'}):
status, group type and agent drawn independently per booking (60 agents, skewed: the first few hold most bookings; the filtered agent is the demo's special-contract agent),
submitted over 700 days, travelling 0–179 days after submission, one in five a round trip returning 1–3 days later.
Each call is \`GET /v1/bookings/service_orders/search\` through fastify inject as the back office (20 rows a page, the page's trains, names, payments and notifications, and the total).
Each case: asked once, then ${REQUESTS} times in each of ${ROUNDS} rounds (the cases taking turns); the figures are the medians of the rounds' p50 and p95, with the rounds' lowest–highest p95.
Filters: status RESERVED; group name 生成団体 77777 (part of a name: 11 match); booking number 2012345 (a prefix: 10 match); service period ${d!.sf} – ${d!.st};
submitted period ${d!.bf} – ${d!.bt}; agent ${agentId}; group type SCHOOL; payment type MONTHLY (the special-contract agents).
Goal P6: p95 ≤ ${GOAL_MS} ms for every pair sorted by service date and each filter alone with each sort key: ${met} of ${all.length} met.

### Each filter alone with each sort key (p95 ms, median of rounds; ✗ over ${GOAL_MS} ms)

| filter | matches | service_date | submitted_at | booking_id | group_name | status |
|---|---|---|---|---|---|---|
${[['no filter', ''] as [string, string], ...filters].map(([name]) => `| ${name} | ${results.get(`${name} / service_date`)!.total} | ${sorts.map((s) => cell(`${name} / ${s}`)).join(' | ')} |`).join('\n')}

### Every pair of filters, sorted by service date

| filters | matches | p50 ms | p95 ms | p95 lowest–highest | p95 ≤ ${GOAL_MS} ms |
|---|---|---|---|---|---|
${pairs.map(row).join('\n')}

### Later pages (not in the goal)

| case | matches | p50 ms | p95 ms | p95 lowest–highest | p95 ≤ ${GOAL_MS} ms |
|---|---|---|---|---|---|
${deep.map(row).join('\n')}
`;
}

const SECTION_MARKER = '\n## Booking search over ';
/** The hand-written part of the search section (query plans and what they showed), kept by every run. */
const NOTES_MARKER = '\n### Query plans';

/** The search section's hand-written notes in `existing` RESULTS.md text ('' if none), to follow a new run's figures. */
export function searchSectionNotes(existing: string): string {
  const start = existing.indexOf(SECTION_MARKER);
  if (start < 0) return '';
  const next = existing.indexOf('\n## ', start + SECTION_MARKER.length);
  const section = existing.slice(start, next < 0 ? undefined : next);
  const notes = section.indexOf(NOTES_MARKER);
  return notes < 0 ? '' : `${section.slice(notes + 1).trimEnd()}\n`;
}

/** Writes the search section into bench/RESULTS.md in place (or at the end), its hand-written notes kept after the figures. */
export function writeSearchSection(section: string): void {
  const file = new URL('./RESULTS.md', import.meta.url);
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = existing.indexOf(SECTION_MARKER);
  const notes = searchSectionNotes(existing);
  const withNotes = notes ? `${section}\n${notes}` : section;
  if (start < 0) {
    writeFileSync(file, `${existing.trimEnd()}\n\n${withNotes}`);
    return;
  }
  const next = existing.indexOf('\n## ', start + SECTION_MARKER.length);
  writeFileSync(file, `${existing.slice(0, start + 1)}${withNotes}${next < 0 ? '' : `\n${existing.slice(next + 1)}`}`);
}
