/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';
const proxy = { '/v1': api, '/health': api, '/ready': api };

// Paths are relative to this folder: `vite build apps/web`, `npm run build -w @sagano/web` and a
// vitest project pointing at apps/web all use it as the root.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
