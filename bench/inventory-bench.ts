/**
 * Reads people wait for, under load on a PostgreSQL server, as ratios to a bare authenticated
 * route's req/s taken in the same round: the month calendar for all trains and both directions
 * (goal ≥ 0.15 served from its cache, ≥ 0.10 read live with force_real_time), one day's trains, and
 * one booking's detail page answer. The machine is shared and noisy: every case runs in several
 * rounds, the cases taking turns, each ratio taken within its round and reported as the median
 * with the spread; the statements each request sends are counted at the driver.
 */
import { loadavg } from 'node:os';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, rowsOf } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { demoDate } from '../apps/server/src/db/seed/demo-calendar.ts';
import { bearerHeaders, freshDatabase, median, requestsPerSecond, writeResultsSection } from './bench-support.ts';
import { isBatchedNotify, recordStatements } from './booking-replay.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 16;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const target = new URL(await freshDatabase(url, 'sagano_bench'));
const database = await openPostgres(target.toString(), 20);
await database.migrate();
await loadDemoData(database.db);
const app = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false });
const headers = await bearerHeaders(app, 'staff@example.com');
const measure = (req: InjectOptions) => requestsPerSecond(app, req, DURATION_MS, CONCURRENCY);

// A busy month of the demo season, one of its days (a Thursday of May next year: the demo's years
// roll with the day, ADR 047), and a confirmed booking with seats (the richest detail page).
const DAY = demoDate('2027-05-13');
const [YEAR, MONTH] = [DAY.slice(0, 4), Number(DAY.slice(5, 7))];
const calendar = { method: 'GET', url: `/v1/allotments/calendar/${YEAR}/${MONTH}`, headers } as const;
const sanity = (await app.inject(calendar)).json();
if (!sanity.days.some((d: { allotment_level: string | null }) => d.allotment_level)) throw new Error('the demo month has no inventory: is the demo data complete?');
const [seated] = rowsOf<{ booking_id: string }>(
  await database.db.execute(sql`
    select b.booking_id from bookings b
    where b.status = 'RESERVED' and exists (select 1 from seat_assignments a where a.booking_id = b.booking_id)
    order by b.id limit 1`),
);
if (!seated) throw new Error('the demo data has no confirmed booking with seats');

interface Case {
  name: string;
  request: InjectOptions;
  goal: number | null;
}
const baseline: Case = { name: 'GET /v1/auth/me (the bare authenticated route)', request: { method: 'GET', url: '/v1/auth/me', headers }, goal: null };
const cases: Case[] = [
  { name: `GET /v1/allotments/calendar/${YEAR}/${MONTH} (all trains, both directions; served up to 10 s old)`, request: calendar, goal: 0.15 },
  { name: 'the same with force_real_time=true (read live every time)', request: { ...calendar, url: `${calendar.url}?force_real_time=true` }, goal: 0.1 },
  { name: `GET /v1/allotments/${DAY} (one day's trains, whole line)`, request: { method: 'GET', url: `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`, headers }, goal: null },
  { name: 'GET /v1/bookings/{id} (a confirmed booking with seats, as staff)', request: { method: 'GET', url: `/v1/bookings/${seated.booking_id}`, headers }, goal: null },
];

/** The statements one request sends (the session lookup included; the batched live-update notify left out). */
async function statementsOf(request: InjectOptions): Promise<number> {
  const recorded = await recordStatements(async () => {
    const res = await app.inject(request);
    if (res.statusCode !== 200) throw new Error(`${request.url} -> ${res.statusCode} ${res.body}`);
  });
  return recorded.filter((s) => !isBatchedNotify(s)).length;
}
const statements = new Map<Case, number>();
for (const c of [baseline, ...cases]) statements.set(c, await statementsOf(c.request));

const spread = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

await measure(baseline.request); // warm-up
for (const c of cases) await measure(c.request);
const rounds: Map<Case, number>[] = [];
const loads: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const round = new Map<Case, number>();
  for (const c of [baseline, ...cases]) round.set(c, await measure(c.request));
  rounds.push(round);
  loads.push(loadavg()[0]!);
  console.log(`round ${r + 1}: ${[baseline, ...cases].map((c) => round.get(c)!.toFixed(0)).join(' / ')} req/s, load ${loads.at(-1)!.toFixed(1)}`);
}
await app.close();
await database.close();

const rates = (c: Case) => rounds.map((round) => round.get(c)!);
const ratios = (c: Case) => rounds.map((round) => round.get(c)! / round.get(baseline)!);
const row = (c: Case) => {
  const ratio = c === baseline ? '1' : `${median(ratios(c)).toFixed(3)} (${spread(ratios(c), 3)})`;
  const goal = c.goal === null ? '' : `≥ ${c.goal.toFixed(2)} ${median(ratios(c)) >= c.goal ? '✓' : '✗'}`;
  return `| ${c.name} | ${median(rates(c)).toFixed(0)} (${spread(rates(c), 0)}) | ${ratio} | ${statements.get(c)} | ${goal} |`;
};

const section = `## Seat inquiry on PostgreSQL

Command: \`node bench/inventory-bench.ts\` (also run by \`npm run bench\`; ${ROUNDS} rounds, each case once per round in turn, ${DURATION_MS} ms per case,
${CONCURRENCY} concurrent requests, in-process fastify inject, PostgreSQL server ${target.host} with the demo data). Run on ${new Date().toISOString().slice(0, 16)}Z.
Every figure is the median of its rounds with the lowest–highest in brackets; a ratio is taken within its round against that round's
bare authenticated route, then the median of those. Statements: what one request sends to the database, counted at the driver
(the session lookup included). Machine load (1-minute load average on 2 cores, after each round): ${loads.map((l) => l.toFixed(1)).join(', ')}.

| case | req/s | ratio to the bare route | statements | goal |
|---|---|---|---|---|
${[baseline, ...cases].map(row).join('\n')}
`;
writeResultsSection('## Seat inquiry on PostgreSQL', section);
for (const c of cases) {
  if (c.goal !== null && median(ratios(c)) < c.goal) {
    console.error(`${c.name}: below its goal of ${c.goal}`);
    process.exitCode = 1;
  }
}
