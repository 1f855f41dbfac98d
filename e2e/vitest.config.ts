import { defineConfig } from 'vitest/config';

// Browser journeys: the real server (built web app, embedded database, demo data) driven by
// Debian's Chromium through playwright-core. One server for the run, files one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    // `npm run test:a11y` (E2E_SWEEP=1) runs the accessibility sweep of every screen instead (not in
    // CI: about 8 minutes on a quiet machine here; the journeys and no-raw-codes check the screens they visit).
    include: process.env.E2E_SWEEP ? ['e2e/**/*.sweep.ts'] : ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
