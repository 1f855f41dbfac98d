#!/usr/bin/env node
// Runs the browser journeys in Debian's Chromium. Without Chromium they cannot run: on a
// developer machine that is said plainly and the step passes; under CI it is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `browser tests need Chromium at ${chromium} (Debian: apt-get install chromium fonts-noto-cjk)`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n*** ${message}; browser tests NOT run ***\n`);
  process.exit(0);
}
const root = new URL('..', import.meta.url).pathname;
// The arguments choose files as `playwright test` does (`node scripts/e2e.mjs e2e/shell` runs
// e2e/shell.e2e.ts), or pass its options (--workers, --grep). The web app is built once, by the
// global setup (e2e/support/global-setup.ts), before the servers start.
const run = spawnSync(process.execPath, [`${root}node_modules/@playwright/test/cli.js`, 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
