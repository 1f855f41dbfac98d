#!/usr/bin/env node
// `npm test`: the static checks (type checks, lint), the unit and API tests (vitest), then the
// browser journeys. On a developer's machine the first part that fails ends the run. Under CI every
// part runs whatever the one before it did, and the run fails at the end if any failed: one
// failing unit test no longer hides how the browser journeys fare (a CI run takes 15–30 minutes).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const parts = [
  ['the static checks', [process.execPath, `${root}scripts/static-checks.mjs`]],
  ['the unit and API tests', [process.execPath, `${root}node_modules/vitest/vitest.mjs`, 'run']],
  ['the browser journeys', [process.execPath, `${root}scripts/e2e.mjs`]],
];

const failed = [];
for (const [name, [command, ...args]] of parts) {
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.status === 0) continue;
  failed.push(name);
  if (!process.env.CI) break;
}
if (failed.length > 0) {
  console.error(`\n--- npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
