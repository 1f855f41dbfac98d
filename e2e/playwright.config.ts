import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, E2E_WORKERS } from './support/workers.ts';

// Browser journeys: the real server (built web app, embedded database, demo data) driven by
// Debian's Chromium through @playwright/test. Files run E2E_WORKERS at a time (default 2), each
// worker against a server and embedded database of its own (support/global-setup.ts); a file's
// tests run in order in one worker.
export default defineConfig({
  testDir: '.',
  // `npm run test:a11y` runs only the walks of every screen (every-screen-*.e2e.ts: raw codes and axe).
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  workers: E2E_WORKERS,
  fullyParallel: false,
  // Under CI a failed test runs once more (a file in serial mode: its tests again from the first);
  // a test that passes the second time is still reported, as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // One journey (its hooks too); a longer one says so with test.setTimeout. The longest journeys
  // take 70–95 s in CI beside another file's worker (bookings.e2e.ts's first test timed out at 90 s
  // twice on 2026-11-29 with every step passing, its trace ending on its last screen).
  timeout: 150_000,
  // The whole run, build and servers included: well past a normal run on a loaded 2-core machine.
  globalTimeout: 60 * 60_000,
  outputDir: '../test-results/e2e',
  reporter: [['list'], ['./support/file-times-reporter.ts']],
  use: {
    // A failed journey's trace (screens, network, console): npx playwright show-trace <zip>. Under
    // CI it is recorded on the retry only: recording every journey's DOM snapshots (axe reads each
    // screen) made the whole run 1.5x slower; a journey that fails twice has its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  },
});
