/**
 * The embedded database as `npm start` runs it (ADR 019): the product's own server start
 * (`node <scripts/server-node-flags.json> apps/server/src/server.ts`, PGlite in the server's thread,
 * jobs on) in a child process on a data folder on disk, 16 clients booking through HTTP (submit +
 * reserve allotments); in the same rounds, the same start-up with EMBEDDED_DATABASE_THREAD=worker
 * (PGlite in a worker thread of its own) on its own copy of the folder.
 * Then the cost of crossing the thread: the same statements through drizzle on PGlite in this
 * thread and on PGlite in its worker, one after another, in turns.
 *
 * `npm run bench` (scripts/bench.mjs), or `node bench/pglite-bench.ts` (BENCH_MS, BENCH_ROUNDS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { openPglite, rowsOf, wrapPglite, type Database } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { bookingTargets, freePort, median, type Target, writeResultsSection } from './bench-support.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = 16;
const WARM_UP_MS = 1000;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);
const GOAL = 50;

const root = fileURLToPath(new URL('..', import.meta.url));
const nodeFlags = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')) as string[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const spreadOf = (xs: number[], digits = 1) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** Busy time of the whole machine (every process, both cores) in ms, from /proc/stat. */
function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10; // USER_HZ = 100
}

/** CPU time of a process (all its threads) in ms, from /proc/<pid>/stat. */
function processBusyMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
}


// ---------- the data folder: migrated, the demo data, room on 16 trains ----------
const scratch = mkdtempSync(join(tmpdir(), 'sagano-pglite-bench-'));
const dataDir = join(scratch, 'data');
let targets: Target[];
let agentId: number;
{
  const database = await openPglite(dataDir);
  await database.migrate();
  await loadDemoData(database.db);
  targets = await bookingTargets(database, CLIENTS);
  const [agent] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from agents where agent_type = 'SPECIAL_CONTRACTED'`));
  agentId = agent!.id;
  await database.close();
}

// ---------- the servers: PGlite in the server's thread (npm start) and in its worker ----------
const workerDir = join(scratch, 'data-worker');
const inThreadDir = join(scratch, 'data-in-thread');
cpSync(dataDir, workerDir, { recursive: true });
cpSync(dataDir, inThreadDir, { recursive: true });

interface Server {
  pid: number;
  call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

async function startServer(thread: 'main' | 'worker', dir: string, name: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLog = join(scratch, `server-${name}.log`);
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', openSync(serverLog, 'a'), 'inherit'],
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: base, TOTP_SECRET_KEY: randomBytes(32).toString('hex'), EMBEDDED_DATABASE_THREAD: thread },
  });
  const kill = () => child.kill('SIGTERM');
  process.on('exit', kill);
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `the server (${name}) exited (${code ?? signal}); its log: ${serverLog}`));
  for (let tries = 0; ; tries++) {
    if (exited) throw new Error(exited);
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (tries > 1200) throw new Error(`the server (${name}) did not start in 120 s`);
    await sleep(100);
  }
  const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@example.com', password: 'Sagano#2026' }) });
  if (!login.ok) throw new Error(`login ${login.status} ${await login.text()}`);
  const authorization = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
  return {
    pid: child.pid!,
    async call(method, path, body) {
      const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? { authorization } : { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${name}: ${method} ${path} -> ${res.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    },
    async stop() {
      const gone = new Promise((r) => child.once('exit', r));
      kill();
      await gone;
    },
  };
}

const worker = await startServer('worker', workerDir, 'worker');
const inThread = await startServer('main', inThreadDir, 'in-thread');

async function bookOnce(server: Server, target: Target, client: number): Promise<void> {
  const submit = await server.call('POST', '/v1/bookings', {
    applicant: { name: 'ベンチ 太郎', email: 'bench@example.com', phone_number: '075-000-0000' },
    group: { group_type: 'NORMAL', name: `ベンチ団体 ${client}`, country_code: 'JPN' },
    service_order: { down_service: { service_date: target.date, service_id: target.serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 12 }] },
    agent_id: agentId,
  });
  const reserve = await server.call('POST', `/v1/bookings/${submit.booking_id as string}/reserve_allotments`);
  if (reserve.sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') throw new Error(`reserve answered ${JSON.stringify(reserve)}`);
}

interface Rate {
  perSecond: number;
  machineMs: number;
  serverMs: number;
}

async function bookings(server: Server, durationMs = DURATION_MS): Promise<Rate> {
  let done = 0;
  const machine0 = machineBusyMs();
  const server0 = processBusyMs(server.pid);
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      while (Date.now() < end) {
        await bookOnce(server, targets[i % targets.length]!, i);
        done++;
      }
    }),
  );
  return { perSecond: (done * 1000) / durationMs, machineMs: (machineBusyMs() - machine0) / done, serverMs: (processBusyMs(server.pid) - server0) / done };
}

await bookings(worker, WARM_UP_MS);
await bookings(inThread, WARM_UP_MS);
const loads: number[] = [];
const rounds: { worker: Rate; inThread: Rate }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const round = { worker: await bookings(worker), inThread: await bookings(inThread) };
  loads.push(loadavg()[0]!);
  rounds.push(round);
  console.log(`round ${r + 1}: ${round.worker.perSecond.toFixed(1)} bookings/s with PGlite in its worker, ${round.inThread.perSecond.toFixed(1)} in the server's thread (load ${loads.at(-1)!.toFixed(1)})`);
}
await worker.stop();
await inThread.stop();

// ---------- the cost of crossing the thread, per statement ----------
const threaded = await openPglite(undefined);
await threaded.raw.executeSql('create table sample (id int primary key, name text, at timestamptz, amount numeric)');
await threaded.raw.executeSql("insert into sample select g, 'name ' || g, now(), g * 1.5 from generate_series(1, 1000) g");
const local = wrapPglite(await PGlite.create({ loadDataDir: await threaded.pglite!.dumpDataDir('none'), extensions: { btree_gist, pg_trgm } }));
const statements: { name: string; run: (d: Database, i: number) => Promise<unknown> }[] = [
  { name: '`select 1`', run: (d) => d.db.execute(sql`select 1`) },
  { name: 'a row by its key (4 columns)', run: (d, i) => d.db.execute(sql`select * from sample where id = ${(i % 1000) + 1}`) },
  { name: '100 rows (4 columns)', run: (d, i) => d.db.execute(sql`select * from sample where id > ${i % 900} order by id limit 100`) },
  { name: 'a transaction of two statements (BEGIN … COMMIT)', run: (d, i) => d.db.transaction(async (tx) => { await tx.execute(sql`select * from sample where id = ${(i % 1000) + 1} for update`); await tx.execute(sql`update sample set at = now() where id = ${(i % 1000) + 1}`); }) },
];
async function microsEach(d: Database, run: (d: Database, i: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < QUERIES; i++) await run(d, i);
  return ((performance.now() - start) * 1000) / QUERIES;
}
const perStatement: { name: string; local: number[]; threaded: number[] }[] = statements.map((s) => ({ name: s.name, local: [], threaded: [] }));
for (const [k, s] of statements.entries()) {
  await microsEach(local, s.run); // warm both
  await microsEach(threaded, s.run);
  for (let r = 0; r < ROUNDS; r++) {
    perStatement[k]!.local.push(await microsEach(local, s.run));
    perStatement[k]!.threaded.push(await microsEach(threaded, s.run));
  }
}
await threaded.close();
await local.close();
rmSync(scratch, { recursive: true, force: true });

// ---------- RESULTS.md ----------
const rates = (pick: (r: (typeof rounds)[number]) => Rate) => rounds.map((r) => pick(r).perSecond);
const ratios = rounds.map((r) => r.worker.perSecond / r.inThread.perSecond);
const med = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
const row = (name: string, pick: (r: (typeof rounds)[number]) => Rate, goal: string) =>
  `| ${name} | ${median(rates(pick)).toFixed(1)} (${spreadOf(rates(pick))}) | ${med((r) => pick(r).machineMs).toFixed(2)} | ${med((r) => pick(r).serverMs).toFixed(2)} | ${goal} |`;
const section = `## Embedded database (PGlite) as npm start runs it

Command: \`node bench/pglite-bench.ts\` (also in \`npm run bench\`; BENCH_MS=${DURATION_MS}, BENCH_ROUNDS=${ROUNDS}). Run on ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version},
${cpus().length} cores shared with other work: 1-minute load average ${spreadOf(loads)} during the rounds.
The product's own server start (\`node ${nodeFlags.join(' ')} apps/server/src/server.ts\`: PGlite in the server's thread, the default, jobs on) in a
child process on a data folder on disk with the demo data; in the same rounds, the same start-up with EMBEDDED_DATABASE_THREAD=worker
(PGlite in a worker thread of its own, ADR 019), on its own copy of the folder. ${CLIENTS} clients over HTTP
(fetch, kept-alive connections) on ${targets.length} trains, each booking = POST /v1/bookings + POST /v1/bookings/{id}/reserve_allotments, after
${WARM_UP_MS} ms of the same. ${ROUNDS} rounds of ${DURATION_MS} ms per server, in turns: medians, lowest–highest in brackets; the ratio is taken
within each round. CPU: the whole machine's busy time (/proc/stat) and the server process's (all its threads, /proc/<pid>/stat) per booking.

| case | bookings per second | machine CPU ms each | server process CPU ms each | goal |
|---|---|---|---|---|
${row("PGlite in the server's thread (npm start)", (r) => r.inThread, '≥ ' + GOAL + ' bookings/s')}
${row('PGlite in its worker (EMBEDDED_DATABASE_THREAD=worker)', (r) => r.worker, '')}

Worker to in-thread, within each round: ${median(ratios).toFixed(2)} (${spreadOf(ratios, 2)}).

Crossing the thread, per statement through drizzle (${QUERIES} one after another, the two in turns, ${ROUNDS} rounds; µs each, medians):

| statement | PGlite in the calling thread | PGlite in its worker | difference |
|---|---|---|---|
${perStatement.map((p) => `| ${p.name} | ${median(p.local).toFixed(0)} | ${median(p.threaded).toFixed(0)} | ${(median(p.threaded) - median(p.local)).toFixed(0)} |`).join('\n')}
`;
writeResultsSection('## Embedded database (PGlite) as npm start runs it', section);
process.exit(0);
