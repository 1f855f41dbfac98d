import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Server test files that vi.mock a module: they cannot share a worker's modules with the others. */
const MOCKING_SERVER_FILES = ['apps/server/test/arrangement-application-terms.test.ts'];

/**
 * Server test files about the embedded database alone (its worker thread): with TEST_DATABASE_URL
 * set they would test the same PGlite again, so that run leaves them to the embedded one (.ci/run
 * runs them there, as a developer's `npm test` does).
 */
const EMBEDDED_ONLY_SERVER_FILES = process.env.TEST_DATABASE_URL ? ['apps/server/test/embedded-database-thread.test.ts'] : [];

/** What both server projects share: the migrated template database, and time for the real server's work. */
const serverFiles: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Every answer a server test receives is checked against /v1/openapi.json (the contract).
  setupFiles: ['apps/server/test/support/response-validation-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Web test files that need modules of their own: those that replace a module (vi.mock) and those
 * that test the messages' start (lib/i18n.ts keeps its state in the module).
 */
const FRESH_MODULE_WEB_FILES = [
  'apps/web/src/features/payments/components/payment-panel.test.tsx',
  'apps/web/src/features/payments/routes/sandbox-checkout.test.tsx',
  'apps/web/src/lib/i18n.test.ts',
  'apps/web/src/lib/i18n-customer.test.ts',
];

/** What both web projects share. */
const webFiles: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // A screen test clicks through several renders; 5 s (the default) was met by a 2 s test
  // on a loaded 2-core machine. Its waits (waitFor, 10 s) stay the bound that matters.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Vitest leaves one core free by default, which on a two-core machine runs every file one
    // after another; the test files wait on the database most of the time, so two share well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Pure functions: the files share a worker's modules.
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...MOCKING_SERVER_FILES, ...EMBEDDED_ONLY_SERVER_FILES],
          ...serverFiles,
          // Each file builds its own app on its own copy of the database, and no server file
          // changes a global; sharing the loaded modules between the files of a worker saves
          // loading the whole server again for every file (most of the suite's import time).
          isolate: false,
        },
      },
      {
        // The files that replace a server module (vi.mock) need modules of their own.
        test: {
          name: 'server-mocking',
          include: [...MOCKING_SERVER_FILES],
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'web',
          // The build's own plugins beside the app's source (apps/web/*.test.ts).
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
          exclude: [...FRESH_MODULE_WEB_FILES],
          ...webFiles,
          // The files of a worker share its modules and its page (jsdom): each file starts from a
          // clean page (test/setup.ts: no cookies, storage, language, timers or stubs left by the
          // file before), and every screen test tears down what it mounted (test/render-screen.tsx).
          // That saves importing React, Mantine and the app again for every file: the web tests
          // 111 s -> about 30 s on a slow host, with the files in any order (--sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-fresh-modules',
          include: [...FRESH_MODULE_WEB_FILES],
          ...webFiles,
        },
      },
    ],
  },
});
