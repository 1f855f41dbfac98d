/**
 * Seat inquiry under load on a PostgreSQL server (issue 3's goal: the month calendar for all
 * trains and both directions at ≥ 0.15 of a bare authenticated route's req/s, same run).
 */
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { bearerHeaders, requestsPerSecond } from './bench-support.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 16;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = 'sagano_bench';

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const target = new URL(url);
target.pathname = `/${name}`;
const database = await openPostgres(target.toString(), 20);
await database.migrate();
await loadDemoData(database.db);
const app = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false });
const headers = await bearerHeaders(app, 'staff@example.com');
const measure = (req: InjectOptions) => requestsPerSecond(app, req, DURATION_MS, CONCURRENCY);

// A busy month of the demo season, and one of its days.
const calendar = { method: 'GET', url: '/v1/allotments/calendar/2027/5', headers } as const;
const day = { method: 'GET', url: '/v1/allotments/2027-05-13?from_station_id=1&to_station_id=4', headers } as const;
const sanity = (await app.inject(calendar)).json();
if (!sanity.days.some((d: { allotment_level: string | null }) => d.allotment_level)) throw new Error('the demo month has no inventory: is the demo data complete?');

await measure({ method: 'GET', url: '/v1/auth/me', headers }); // warm-up
const baseline = await measure({ method: 'GET', url: '/v1/auth/me', headers });
const calendarRate = await measure(calendar);
const calendarLiveRate = await measure({ ...calendar, url: `${calendar.url}?force_real_time=true` });
const dayRate = await measure(day);
await app.close();
await database.close();

const section = `## Seat inquiry on PostgreSQL

Command: \`npm run bench\` (bench/inventory-bench.ts; ${DURATION_MS} ms per case, ${CONCURRENCY} concurrent requests, in-process
fastify inject, PostgreSQL server ${target.host} with the demo data). Run on ${new Date().toISOString().slice(0, 10)}.
Baseline: \`GET /v1/auth/me\` (a bare authenticated route) at ${baseline.toFixed(0)} req/s in the same run.

| case | req/s | ratio to baseline | goal |
|---|---|---|---|
| GET /v1/allotments/calendar/2027/5 (all trains, both directions; served up to 10 s old) | ${calendarRate.toFixed(0)} | ${(calendarRate / baseline).toFixed(3)} | ≥ 0.15 |
| the same with force_real_time=true (read live every time) | ${calendarLiveRate.toFixed(0)} | ${(calendarLiveRate / baseline).toFixed(3)} | |
| GET /v1/allotments/2027-05-13 (one day's trains, whole line) | ${dayRate.toFixed(0)} | ${(dayRate / baseline).toFixed(3)} | |
`;
const file = new URL('./RESULTS.md', import.meta.url);
const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
const marker = '## Seat inquiry on PostgreSQL';
writeFileSync(file, `${existing.includes(marker) ? existing.slice(0, existing.indexOf(marker)).trimEnd() : existing.trimEnd()}\n\n${section}`);
console.log(section);
if (calendarRate / baseline < 0.15) {
  console.error('the calendar is below its goal of 0.15');
  process.exitCode = 1;
}
