/**
 * The app the web bench measures (bench/web-bench.ts): the production build, served by the real
 * server on a fresh embedded database with the demo data, and filled up to WEB_BENCH_BOOKINGS
 * bookings with one confirmed round trip to seat.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../apps/server/test/support/self-signed-certificate.ts';

const root = new URL('..', import.meta.url).pathname;
export const BOOKINGS = Number(process.env.WEB_BENCH_BOOKINGS ?? 1000);
export const PASSWORD = 'Sagano#2026';
export const STAFF = 'staff@example.com';
/** The built app to serve and weigh (WEB_BENCH_DIST: a copy, so a build elsewhere cannot change it mid-run). */
export const DIST = process.env.WEB_BENCH_DIST ?? join(root, 'apps/web/dist');

export function buildApp(): void {
  if (process.env.WEB_BENCH_NO_BUILD) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@sagano/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('web build failed');
}

/** The production server on a fresh embedded database with the demo data, over HTTPS: its address, and how to stop it (and remove its data). */
export async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sagano-webbench-'));
  const port = 3800 + Math.floor(Math.random() * 90);
  // Served as it is deployed: over HTTPS (README "Opening it to a network"), here with a certificate
  // of its own for 127.0.0.1; browsers speak HTTP/2 to it unless told not to (ADR 043).
  const { certFile: cert, keyFile: key } = selfSignedCertificate(dataDir);
  const url = `https://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', TLS_CERT_FILE: cert, TLS_KEY_FILE: key, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, WEB_DIST: DIST, LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: '', JOBS: 'off', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // This process's own calls (readiness, seeding) accept the bench's certificate: set after the
  // server has started, so the server keeps checking the certificates of what it calls.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- data

export async function apiClient(url: string) {
  const login = await fetch(`${url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF, password: PASSWORD }) });
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export type Api = Awaited<ReturnType<typeof apiClient>>;
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

function dayAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** Bookings in the database: distinct booking ids of the service-order rows (a round trip has two). */
async function bookingCount(api: Api): Promise<number> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await api<{ total: number; service_orders: { booking_id: string }[] }>('GET', `/v1/bookings/service_orders/search?per_page=100&page=${page}`);
    for (const row of answer.service_orders) ids.add(row.booking_id);
    if (answer.service_orders.length < 100) return ids.size;
  }
}

/** Bookings up to `BOOKINGS` in all, and one confirmed round trip whose seats are to be assigned. */
export async function seed(api: Api): Promise<{ roundTrip: string; token: string }> {
  const { agents } = await api<AgentsAnswer>('GET', '/v1/agents?per_page=100');
  const { units } = await api<UnitsAnswer>('GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const days: { date: string; down: number[]; up: number[] }[] = [];
  // From a month ahead, past the line's winter pause when it falls there (no trains from late
  // December to March in the demo calendar).
  for (let i = 30; i < 150 && days.length < 10; i++) {
    const date = dayAfter(i);
    const down = await api<DayAnswer>('GET', `/v1/allotments/${date}?from_station_id=1&to_station_id=4`);
    const up = await api<DayAnswer>('GET', `/v1/allotments/${date}?from_station_id=4&to_station_id=1`);
    const d = down.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 40).map((s) => s.service_id);
    const u = up.services.filter((s) => s.direction === 'up' && s.vacant_seats >= 40).map((s) => s.service_id);
    if (d.length > 0 && u.length > 0) days.push({ date, down: d, up: u });
  }
  if (days.length === 0) throw new Error('no service days with trains to book');
  const body = (i: number, round: boolean) => {
    const day = days[i % days.length]!;
    const agent = agents[i % agents.length]!;
    return {
      applicant: { name: `ベンチ ${i}`, email: `bench${i}@example.com`, phone_number: '075-000-2222' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name: `ベンチ団体 ${i}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: {
        down_service: { service_date: day.date, service_id: day.down[i % day.down.length]!, from_station_id: 1, to_station_id: 4 },
        ...(round ? { up_service: { service_date: day.date, service_id: day.up[i % day.up.length]!, from_station_id: 4, to_station_id: 1 } } : {}),
      },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 20 }], wheel_chairs: [] },
      agent_id: agent.id,
      agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
    };
  };
  const { booking_id: roundTrip } = await api<{ booking_id: string }>('POST', '/v1/bookings', body(0, true));
  await api('POST', `/v1/bookings/${roundTrip}/reserve_allotments`, {});
  await api('POST', `/v1/bookings/${roundTrip}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  const booking = await api<{ booking_token?: string }>('GET', `/v1/bookings/${roundTrip}`);

  const missing = Math.max(0, BOOKINGS - (await bookingCount(api)));
  const started = Date.now();
  for (let i = 1; i <= missing; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, missing - i + 1) }, (_, k) => api('POST', '/v1/bookings', body(i + k, false))));
  }
  console.log(`bookings: ${await bookingCount(api)} (${missing} added in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { roundTrip, token: booking.booking_token! };
}
