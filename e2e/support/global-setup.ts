import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { freePort } from './free-port.ts';
import { E2E_WORKERS } from './workers.ts';

const root = new URL('../..', import.meta.url).pathname;

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not become ready');
}

/** The server as `npm start` runs it, on its own data folder and port. */
function startServer(dataDir: string, webDist: string, port: number) {
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // This Node (24, from node_modules/.bin under npm) with the product's flags, TypeScript by
  // Node's own type stripping (its database worker thread too).
  const nodeFlags = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')) as string[];
  const server = spawn(process.execPath, [...nodeFlags, join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: '',
      // Many journeys sign in within a minute from one address; the limit itself is tested on the API (login-rate-limit.test.ts).
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // The webhooks journey's receiver listens on this machine (webhooks.e2e.ts); servers allow loopback only when told.
      WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  };
  return { baseUrl, server, stop };
}

/**
 * Runs once before the journeys (playwright.config.ts globalSetup): builds the web app, starts one
 * server per worker, and tells the workers where through their environment (they inherit the
 * runner's). The function it returns stops the servers and removes their data after the run.
 */
export default async function setup() {
  // A test runner may set NODE_ENV=test, which would make Vite produce a development build.
  // Each run builds into its own folder, so two runs side by side never serve each other's half-written build.
  const dataDir = mkdtempSync(join(tmpdir(), 'sagano-e2e-'));
  const webDist = join(dataDir, 'web');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sagano/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error('web build failed');
  }
  // One server per file worker (E2E_WORKERS): each with its own embedded database and demo data,
  // so journeys running side by side never meet each other's data.
  // Ports the system gives as free now: two runs side by side never reach each other's servers.
  const ports: number[] = [];
  for (let i = 0; i < E2E_WORKERS; i++) ports.push(await freePort());
  let servers: ReturnType<typeof startServer>[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The day the servers load their demo on; the journeys read their days from it (demo-days.ts).
  // Should midnight in Tokyo pass while they load it, which day they loaded is unknown: they start
  // again on fresh data folders.
  for (let attempt = 1; ; attempt++) {
    process.env.E2E_DEMO_TODAY = tokyoToday();
    servers = ports.map((port, i) => startServer(join(dataDir, `server-${i + 1}-${attempt}`), webDist, port));
    try {
      await Promise.all(servers.map((s) => waitUntilReady(s.baseUrl, s.server, 180_000)));
    } catch (error) {
      // A server that never became ready is not left running (nor its data folder) after the run fails.
      await stop();
      throw error;
    }
    if (tokyoToday() === process.env.E2E_DEMO_TODAY) break;
    console.log(`midnight passed in Tokyo while the servers loaded the demo of ${process.env.E2E_DEMO_TODAY}: starting them again`);
    await Promise.all(servers.map((s) => s.stop()));
  }
  // One server per worker: worker n (TEST_PARALLEL_INDEX n - 1) uses the n-th address (support/browser.ts baseUrl).
  process.env.E2E_BASE_URLS = servers.map((s) => s.baseUrl).join(' ');
  // A journey that needs a server of its own (other settings) serves the same build.
  process.env.E2E_WEB_DIST = webDist;
  // The screens axe has checked in this run, whichever worker checked them (support/axe.ts).
  process.env.E2E_AXE_SCREENS = join(dataDir, 'axe-screens');
  mkdirSync(process.env.E2E_AXE_SCREENS);
  return stop;
}
