import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// The web app's assets as the build leaves them: each text file with its .br and .gz beside it.
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen ${i}`))};`;
let webDist: string;
let ctx: TestApp;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'compressed-web-'));
  mkdirSync(join(webDist, 'assets'));
  const html = `<!doctype html><title>嵯峨野</title>${'<!-- padding -->'.repeat(100)}`;
  for (const [file, text] of [['index.html', html], ['assets/main-abc123.js', script]] as const) {
    writeFileSync(join(webDist, file), text);
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(text));
  }
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends a built asset precompressed in the encoding the browser accepts, and plain to one that accepts none', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app page compressed on any screen address', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/bookings', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('嵯峨野');
  });

  it('compresses API answers over 1 KiB and leaves small ones as they are', async () => {
    const big = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 5);

    const small = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
