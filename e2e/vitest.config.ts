import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.ts';

// Browser journeys: the real server (built web app, embedded database, demo data) driven by
// Debian's Chromium through playwright-core. Files run E2E_WORKERS at a time (default 2), each
// worker against a server and embedded database of its own (support/global-setup.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    // `npm run test:a11y` runs only the walks of every screen (every-screen-*.e2e.ts: raw codes and axe).
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
