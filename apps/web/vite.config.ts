import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';
const proxy = { '/v1': api, '/voucher': api, '/health': api, '/ready': api };

// Paths are relative to this folder (`vite build apps/web`, `npm run build -w @sagano/web`).
// Unit tests run from the root vitest config (project "web": jsdom + src/test/setup.ts).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, proxy },
  preview: { proxy },
});
