import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { compileHints } from './compile-hints.ts';
import { mantineStyles } from './mantine-styles.ts';
import { messageNamespaces } from './message-namespaces.ts';
import { routePreloads } from './route-preloads.ts';

const api = 'http://127.0.0.1:3000';
const proxy = { '/v1': api, '/voucher': api, '/health': api, '/ready': api };

/**
 * Mantine's useId gives every component a random id in a layout effect after its first mount (a
 * leftover from React 17, which had no useId). Each input, popover, menu and shell section then
 * renders a second time, synchronously, in the same task as the page's first commit: on a phone's
 * first load of the booking list that was tens of milliseconds of blocked main thread. React's own
 * useId is stable and unique within the app's one root, and it is what Mantine's first render
 * already showed; this build serves a useId that keeps it (or the static id a caller passes).
 */
function mantineStableIds(): Plugin {
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

/**
 * The modules that reach zod through their imports, collected once the module graph is known
 * (before chunks are made). The "common" chunk leaves them out: with them it would carry all of zod
 * and the domain schemas (some 25 KiB gzip and 35 ms of evaluation on a phone) into screens that
 * never parse anything, the booking list and detail among them.
 */
const reachesZod = new Set<string>();
function collectZodUsers(): Plugin {
  return {
    name: 'collect-zod-users',
    // A watch rebuild starts from an empty set (a module may have stopped importing zod).
    buildStart() {
      reachesZod.clear();
    },
    buildEnd() {
      const importers = new Map<string, string[]>();
      for (const id of this.getModuleIds()) {
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) importers.set(dep, [...(importers.get(dep) ?? []), id]);
      }
      const queue = [...this.getModuleIds()].filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
      for (const id of queue) reachesZod.add(id);
      while (queue.length > 0) {
        for (const importer of importers.get(queue.pop()!) ?? []) {
          if (!reachesZod.has(importer)) {
            reachesZod.add(importer);
            queue.push(importer);
          }
        }
      }
    },
  };
}

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const namespaces = messageNamespaces(srcDir, `${srcDir}/main.tsx`);

// Paths are relative to this folder (`vite build apps/web`, `npm run build -w @sagano/web`).
// Unit tests run from the root vitest config (project "web": jsdom + src/test/setup.ts).
export default defineConfig({
  // Every text asset is also written brotli- and gzip-compressed next to itself; the server sends
  // the one the browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
  // routePreloads: the first screen's chunks are announced by the page itself (route-preloads.ts).
  // namespaces: each screen's messages come with its code (message-namespaces.ts).
  // compileHints: the code a select runs when first opened is compiled as it downloads (compile-hints.ts).
  plugins: [compileHints(), mantineStableIds(), collectZodUsers(), mantineStyles(), namespaces, routePreloads(`${srcDir}/app/router.tsx`, namespaces.api.beyondCore), react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A screen's chunks are fetched by the browser as it reads the screen's imports, not announced
    // beforehand by a script: Vite's helper added one <link rel=modulepreload> per chunk from the
    // module's first task, some 40 to 90 of them, which made that task the longest of a phone's
    // first load (measured: the booking list's 0.81 → 0.86 on Lighthouse mobile). Stylesheets of
    // lazy screens still come through it. A first visit's screen chunks are announced by the page
    // itself instead (routePreloads), before any module runs.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    // The entry chunk ("app" below) is some 570 kB before compression (about 176 kB gzip), nearly
    // all of it what every screen runs on: react-dom 202 KiB, react-router 95, Mantine's core 78,
    // i18next 48, TanStack Query 32 (measured from its source map, 2026-12-01). Split, the same
    // bytes would come as more files on the first load's critical path. The warning stays for
    // growth past that.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs in one file (as Rollup's entry chunk would be), with the login
          // screen in it (most first visits start there); what two dozen or more screens share in
          // one "common" chunk; each screen's own code and what fewer share stay split by Rolldown.
          // The booking list then loads some 40 files instead of 85. With twelve (before HTTP/2,
          // ADR 043) it loaded 33, but every screen carried more of what others use: seven of them
          // went past 5× the baseline. What reaches zod stays out of "common" (collectZodUsers).
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'common', minShareCount: 24, test: (id) => !reachesZod.has(id), priority: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
