import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = 'http://127.0.0.1:3000';
const proxy = { '/v1': api, '/voucher': api, '/health': api, '/ready': api };

// Paths are relative to this folder (`vite build apps/web`, `npm run build -w @sagano/web`).
// Unit tests run from the root vitest config (project "web": jsdom + src/test/setup.ts).
export default defineConfig({
  // Every text asset is also written brotli- and gzip-compressed next to itself; the server sends
  // the one the browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs in one file (as Rollup's entry chunk would be), not in thirty
          // shared pieces named after whichever screen's component they came with; the screens stay
          // their own chunks, with what several share grouped by Rolldown.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
