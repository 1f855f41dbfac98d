import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

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

export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test, which would make Vite produce a development build.
  // Each run builds into its own folder, so two runs side by side never serve each other's half-written build.
  const dataDir = mkdtempSync(join(tmpdir(), 'sagano-e2e-'));
  const webDist = join(dataDir, 'web');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sagano/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error('web build failed');
  }
  const port = 3900 + Math.floor(Math.random() * 90);
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server as `npm start` runs it: this Node (24, from node_modules/.bin under npm) with the
  // product's flags, TypeScript by Node's own type stripping (its database worker thread too).
  const nodeFlags = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')) as string[];
  const server = spawn(process.execPath, [...nodeFlags, join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: '',
      // Many journeys sign in within a minute from one address; the limit itself is tested on the API (login-rate-limit.test.ts).
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, server, 120_000);
  } catch (error) {
    // A server that never became ready is not left running (nor its data folder) after the run fails.
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  // A journey that needs a server of its own (other settings) serves the same build.
  project.provide('webDist', webDist);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    webDist: string;
  }
}
