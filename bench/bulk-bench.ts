/**
 * The bulk operation's speed (issue 18): N submitted bookings reserved one by one through
 * POST /v1/bookings/{id}/reserve_allotments (one client, in file order) and, at the same time on
 * other trains, N others reserved by one bulk file (upload, then the run job's work, each line its
 * own transaction), on the same PostgreSQL database; each case counted over the same seconds, the
 * ratio per booking taken within each run, medians of the runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bearerHeaders, freshDatabase, median, writeResultsSection } from './bench-support.ts';
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

const database = await openPostgres(await freshDatabase(url, 'sagano_bench_bulk'), 20);
await database.migrate();
await loadDemoData(database.db);
const filesDir = mkdtempSync(join(tmpdir(), 'sagano-bulk-bench-'));
const fileStorage = localFileStorage(filesDir);
// No job queue: the bench calls the run's work itself, so the clock stops when the last line is done.
const app: FastifyInstance = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false, fileStorage });
const bulk = createBulkOperationsService({ db: database.db, clock: systemClock, fileStorage, publicUrl: 'http://bench.test' });
const headers = await bearerHeaders(app, 'staff@example.com');
const [agent] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from agents where agent_type = 'SPECIAL_CONTRACTED'`));
const trains = rowsOf<{ service_date: string; service_id: number }>(
  await database.db.execute(sql`
    select i.service_date::text as service_date, i.service_id from service_day_inventories i
    join services s on s.id = i.service_id and s.direction = 'down'
    where i.service_date > current_date + 40 order by i.service_date, i.service_id limit 32`),
);
// Room enough that the run measures reserving, not running out of seats.
await database.db.execute(sql`update inventory_counters set capacity = 1000000 where service_date > current_date + 40`);

/**
 * `n` requests submitted (not yet reserved), spread over half of the trains (`half` 0: the even
 * ones, 1: the odd ones, so the two cases never share a train); answers their numbers in order.
 */
async function submitted(n: number, half: 0 | 1): Promise<string[]> {
  const ids: string[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: SUBMITTERS }, async () => {
      for (let i = next++; i < n; i = next++) {
        const train = trains[(2 * i + half) % trains.length]!;
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

async function oneByOne(ids: string[], onEach: () => void): Promise<number> {
  const t0 = performance.now();
  for (const id of ids) {
    const res = await app.inject({ method: 'POST', url: `/v1/bookings/${id}/reserve_allotments`, headers });
    if (res.statusCode !== 200 || res.json().sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') throw new Error(`reserve ${res.statusCode} ${res.body}`);
    onEach();
  }
  return (performance.now() - t0) / 1000;
}

async function byFile(ids: string[], onUploaded: (runId: number) => void): Promise<number> {
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/v1/bookings/bulk-reserve-allotments', headers, payload: { csv_base64: Buffer.from(`booking_id\r\n${ids.join('\r\n')}\r\n`).toString('base64'), filename: 'bench.csv' } });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body.slice(0, 500)}`);
  const id = res.json().id as number;
  onUploaded(id);
  await bulk.run(id);
  const seconds = (performance.now() - t0) / 1000;
  const run = await bulk.get(id, false);
  if (run.status !== 'DONE' || run.succeeded !== ids.length) throw new Error(`bulk run ${id}: ${JSON.stringify(run)}`);
  return seconds;
}

/**
 * Both cases at once, on different trains, from the same start: the machine is shared and its load
 * swings from minute to minute, so each case's rate is counted over the same seconds (until the
 * first of them is done), and the ratio is taken within the run.
 */
async function together(singleIds: string[], fileIds: string[]) {
  const t0 = performance.now();
  let singleDone = 0;
  let runId: number | undefined;
  let first: Promise<{ seconds: number; single: number; file: number }> | undefined;
  const progressOfFile = async () => {
    if (runId === undefined) return 0;
    const [row] = rowsOf<{ processed_lines: number }>(await database.db.execute(sql`select processed_lines from bulk_reservations where id = ${runId}`));
    return row!.processed_lines;
  };
  const firstDone = (who: 'single' | 'file') => {
    const seconds = (performance.now() - t0) / 1000;
    first ??= (async () => ({ seconds, single: who === 'single' ? singleIds.length : singleDone, file: who === 'file' ? fileIds.length : await progressOfFile() }))();
  };
  const totals = await Promise.all([
    (async () => {
      await oneByOne(singleIds, () => singleDone++);
      firstDone('single');
      return (performance.now() - t0) / 1000;
    })(),
    (async () => {
      await byFile(fileIds, (id) => (runId = id));
      firstDone('file');
      return (performance.now() - t0) / 1000;
    })(),
  ]);
  const overlap = await first!;
  return { ...overlap, singleSeconds: totals[0], fileSeconds: totals[1] };
}

// Warm-up: compiled code and prepared statements in place, as on a running server.
await together(await submitted(50, 0), await submitted(50, 1));
const runs: Awaited<ReturnType<typeof together>>[] = [];
for (let r = 0; r < RUNS; r++) {
  const run = await together(await submitted(LINES, 0), await submitted(LINES, 1));
  runs.push(run);
  console.log(`run ${r + 1}: in the first ${run.seconds.toFixed(1)} s, one by one ${run.single}, bulk file ${run.file} (ratio ${(run.file / run.single).toFixed(2)}); all done in ${run.singleSeconds.toFixed(1)} s and ${run.fileSeconds.toFixed(1)} s`);
}
await app.close();
await database.close();
rmSync(filesDir, { recursive: true, force: true });

const ratios = runs.map((r) => r.file / r.single);
const singleRates = runs.map((r) => r.single / r.seconds);
const fileRates = runs.map((r) => r.file / r.seconds);
const range = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
const marker = `## Bulk operation, ${LINES} lines`;
const section = `${marker}

Command: \`node bench/bulk-bench.ts\` (bench/bulk-bench.ts; not in \`npm run bench\`; BENCH_BULK_LINES=${LINES}, BENCH_BULK_RUNS=${RUNS}: ${RUNS} runs, medians with the lowest–highest). Run on ${new Date().toISOString().slice(0, 10)}.
PostgreSQL, demo data, room made on the trains. In each run, ${LINES} submitted bookings are reserved one by one through
\`POST /v1/bookings/{id}/reserve_allotments\` (fastify inject, one client, in order) while, at the same time and on other trains,
${LINES} other submitted bookings are reserved by one file: \`POST /v1/bookings/bulk-reserve-allotments\` (reading and checking the whole
file) and then the run job's work (\`bulk-operations.run\`, called directly: each line its own transaction with the step, history,
progress counters and operation log), then the result CSV. The machine is shared and its load swings by the minute, so the two
cases run side by side and each is counted over the same seconds: until the first of them has finished.

| case | bookings/s over the shared seconds (median) | lowest–highest | ratio to one by one | goal |
|---|---|---|---|---|
| one by one: POST reserve_allotments | ${median(singleRates).toFixed(1)} | ${range(singleRates, 1)} | 1 | |
| bulk file (upload + run) | ${median(fileRates).toFixed(1)} | ${range(fileRates, 1)} | ${median(ratios).toFixed(2)} (${range(ratios, 2)}) | ≥ 0.8 |

Whole runs: one by one done in ${runs.map((r) => r.singleSeconds.toFixed(1)).join(', ')} s; the ${LINES}-line file in ${runs.map((r) => r.fileSeconds.toFixed(1)).join(', ')} s.
`;

writeResultsSection(marker, section);
