/**
 * The bulk operation's speed (issue 18): N submitted bookings reserved one by one through
 * POST /v1/bookings/{id}/reserve_allotments (one client, in file order) against the same count
 * reserved by one bulk file (upload, then the run job's work, each line its own transaction), on
 * the same PostgreSQL database in the same run; medians of 3 of each, as a ratio per booking.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { freshDatabase, writeResultsSection } from './bench-support.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, rowsOf } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createBulkOperationsService } from '../apps/server/src/modules/bulk-operations/bulk-operations.service.ts';
import { localFileStorage } from '../apps/server/src/modules/files/local-file-storage.ts';

const LINES = Number(process.env.BENCH_BULK_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_BULK_RUNS ?? 3);
const SUBMITTERS = 8;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const database = await openPostgres(await freshDatabase(url, 'sagano_bench_bulk'), 20);
await database.migrate();
await loadDemoData(database.db);
const filesDir = mkdtempSync(join(tmpdir(), 'sagano-bulk-bench-'));
const fileStorage = localFileStorage(filesDir);
// No job queue: the bench calls the run's work itself, so the clock stops when the last line is done.
const app: FastifyInstance = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false, fileStorage });
const bulk = createBulkOperationsService({ db: database.db, clock: systemClock, fileStorage, publicUrl: 'http://bench.test' });
const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'staff@example.com', password: 'Sagano#2026' } });
const headers = { authorization: `Bearer ${login.json().access_token as string}` };
const [agent] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from agents where agent_type = 'SPECIAL_CONTRACTED'`));
const trains = rowsOf<{ service_date: string; service_id: number }>(
  await database.db.execute(sql`
    select i.service_date::text as service_date, i.service_id from service_day_inventories i
    join services s on s.id = i.service_id and s.direction = 'down'
    where i.service_date > current_date + 40 order by i.service_date, i.service_id limit 32`),
);
// Room enough that the run measures reserving, not running out of seats.
await database.db.execute(sql`update inventory_counters set capacity = 1000000 where service_date > current_date + 40`);

/** `n` requests submitted (not yet reserved), spread over the trains; answers their numbers in order. */
async function submitted(n: number): Promise<string[]> {
  const ids: string[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: SUBMITTERS }, async () => {
      for (let i = next++; i < n; i = next++) {
        const train = trains[i % trains.length]!;
        const res = await app.inject({
          method: 'POST',
          url: '/v1/bookings',
          headers,
          payload: {
            applicant: { name: 'ベンチ 太郎', email: 'bench@example.com', phone_number: '075-000-0000' },
            group: { group_type: 'NORMAL', name: `一括ベンチ ${i}`, country_code: 'JPN' },
            service_order: { down_service: { service_date: train.service_date, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
            participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 12 }] },
            agent_id: agent!.id,
          },
        });
        if (res.statusCode !== 200) throw new Error(`submit ${res.statusCode} ${res.body}`);
        ids[i] = res.json().booking_id as string;
      }
    }),
  );
  return ids;
}

async function oneByOne(ids: string[]): Promise<number> {
  const t0 = performance.now();
  for (const id of ids) {
    const res = await app.inject({ method: 'POST', url: `/v1/bookings/${id}/reserve_allotments`, headers });
    if (res.statusCode !== 200 || res.json().sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') throw new Error(`reserve ${res.statusCode} ${res.body}`);
  }
  return (performance.now() - t0) / 1000;
}

async function byFile(ids: string[]): Promise<number> {
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/v1/bookings/bulk-reserve-allotments', headers, payload: { csv_base64: Buffer.from(`booking_id\r\n${ids.join('\r\n')}\r\n`).toString('base64'), filename: 'bench.csv' } });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body.slice(0, 500)}`);
  const id = res.json().id as number;
  await bulk.run(id);
  const seconds = (performance.now() - t0) / 1000;
  const run = await bulk.get(id, false);
  if (run.status !== 'DONE' || run.succeeded !== ids.length) throw new Error(`bulk run ${id}: ${JSON.stringify(run)}`);
  return seconds;
}

// Warm-up: compiled code and prepared statements in place, as on a running server.
await oneByOne(await submitted(50));
await byFile(await submitted(50));
const single: number[] = [];
const file: number[] = [];
// The trains fill up as the runs go on: the two cases take turns going first, so neither always
// meets the fuller trains.
for (let r = 0; r < RUNS; r++) {
  if (r % 2 === 0) {
    single.push(await oneByOne(await submitted(LINES)));
    file.push(await byFile(await submitted(LINES)));
  } else {
    file.push(await byFile(await submitted(LINES)));
    single.push(await oneByOne(await submitted(LINES)));
  }
  console.log(`run ${r + 1}: one by one ${single.at(-1)!.toFixed(1)} s, bulk file ${file.at(-1)!.toFixed(1)} s`);
}
await app.close();
await database.close();
rmSync(filesDir, { recursive: true, force: true });

const singleRate = LINES / median(single);
const fileRate = LINES / median(file);
const marker = `## Bulk operation, ${LINES} lines`;
const section = `${marker}

Command: \`npx tsx bench/bulk-bench.ts\` (bench/bulk-bench.ts; not in \`npm run bench\`; BENCH_BULK_LINES=${LINES}, BENCH_BULK_RUNS=${RUNS}: ${RUNS} runs of each, interleaved, medians). Run on ${new Date().toISOString().slice(0, 10)}.
PostgreSQL (the same server and database for both cases, in the same run), demo data, room made on the trains. ${LINES} submitted bookings
reserved one by one through \`POST /v1/bookings/{id}/reserve_allotments\` (fastify inject, one client, in order), against ${LINES} other submitted bookings
reserved by one file: \`POST /v1/bookings/bulk-reserve-allotments\` (reading and checking the whole file) and then the run job's work
(\`bulk-operations.run\`, called directly: each line its own transaction with the step, history, progress counters and operation log), then the result CSV.

| case | bookings | seconds (median) | bookings/s | ratio to one by one | goal |
|---|---|---|---|---|---|
| one by one: POST reserve_allotments | ${LINES} | ${median(single).toFixed(1)} | ${singleRate.toFixed(1)} | 1 | |
| bulk file (upload + run) | ${LINES} | ${median(file).toFixed(1)} | ${fileRate.toFixed(1)} | ${(fileRate / singleRate).toFixed(2)} | ≥ 0.8 |
`;

writeResultsSection(marker, section);
