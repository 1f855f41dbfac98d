/**
 * HTTPS served by the server itself (TLS_CERT_FILE, TLS_KEY_FILE; ADR 043): HTTP/2 for the browsers
 * that offer it, HTTP/1.1 for the clients that do not, the same routes, files and event stream on
 * both, and the session cookie kept to HTTPS.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect as tlsConnect } from 'node:tls';
import { loadConfig, readTlsFiles } from '../src/config.ts';
import { useCertificate } from '../src/lib/tls-certificate.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { requestsInFlight } from '../src/lib/give-way.ts';
import { listenNotice } from '../src/lib/listen-notice.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { selfSignedCertificate } from './support/self-signed-certificate.ts';

const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};`;
let dir: string;
let certFile: string;
let keyFile: string;
let ctx: TestApp;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sagano-https-'));
  ({ certFile, keyFile } = selfSignedCertificate(dir));
  const webDist = join(dir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>嵯峨野</title>');
  writeFileSync(join(webDist, 'assets/main-abc123.js'), script);
  writeFileSync(join(webDist, 'assets/main-abc123.js.br'), brotliCompressSync(script));
  ctx = await createTestApp({ env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, WEB_DIST: webDist } });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The common name of the certificate a new connection to the server is handed. */
function certificateName() {
  return new Promise<string>((resolve, reject) => {
    const url = new URL(base);
    const socket = tlsConnect({ host: url.hostname, port: Number(url.port), rejectUnauthorized: false, ALPNProtocols: ['h2'] }, () => {
      resolve(String(socket.getPeerCertificate().subject.CN));
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** One HTTP/2 request: its status, headers and body (the whole body, or the first chunk of a stream with `firstChunk`). */
function h2(session: ClientHttp2Session, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; firstChunk?: boolean } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': path, ...options.headers });
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (options.firstChunk) {
        stream.close();
        resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) });
      }
    });
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end(options.body);
  });
}

describe('HTTPS served by the server itself', () => {
  it('speaks HTTP/2 to a client that offers it: files, sign-in with a Secure cookie, API calls and the event stream on one connection', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const session = connect(base, { rejectUnauthorized: false });
    try {
      const ready = await h2(session, '/ready');
      expect(session.alpnProtocol).toBe('h2');
      expect(ready.status).toBe(200);

      const asset = await h2(session, '/assets/main-abc123.js', { headers: { 'accept-encoding': 'br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(asset.body).toString()).toBe(script);
      const page = await h2(session, '/bookings');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('嵯峨野');

      const login = await h2(session, '/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
      expect(login.status).toBe(200);
      const cookies = [login.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
      expect(cookies.length).toBe(2);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
      const authorization = `Bearer ${(JSON.parse(login.body.toString()) as { access_token: string }).access_token}`;

      const me = await h2(session, '/v1/auth/me', { headers: { authorization } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body.toString())).toMatchObject({ user: { email: 'admin@example.com' } });
      const bad = await h2(session, '/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com' }) });
      expect(bad.status).toBe(400);
      expect(bad.body.toString()).toContain('password');

      const events = await h2(session, '/v1/events', { headers: { authorization }, firstChunk: true });
      expect(events.status).toBe(200);
      expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(events.headers.connection).toBeUndefined();
      expect(events.body.toString()).toMatch(/^retry: \d+/);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      session.close();
      process.off('warning', onWarning);
    }
    // Every HTTP/2 answer, the event stream's too once closed, ends its count: jobs on the embedded
    // database wait for requests in flight (ADR 017), and would wait for ever on one left counted.
    await vi.waitFor(() => expect(requestsInFlight()).toBe(0));
  });

  it('answers HTTP/1.1 over TLS to a client without HTTP/2', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      get(`${base}/ready`, { rejectUnauthorized: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, version: res.httpVersion, body }));
      }).on('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
  });
});

describe('a renewed certificate', () => {
  it('is handed to new connections without a restart, and one whose key does not match is refused while the old stays', async () => {
    expect(await certificateName()).toBe('127.0.0.1');
    const { certFile: renewedCert, keyFile: renewedKey } = selfSignedCertificate(dir, { commonName: 'renewed.sagano.test', prefix: 'renewed-' });
    useCertificate(ctx.app, readTlsFiles(renewedCert, renewedKey));
    expect(await certificateName()).toBe('renewed.sagano.test');

    expect(() => useCertificate(ctx.app, readTlsFiles(certFile, renewedKey))).toThrow();
    expect(await certificateName()).toBe('renewed.sagano.test');
  });
});

describe('its settings', () => {
  it('takes the certificate and its key together, and names the variable it cannot read', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: certFile })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(() => loadConfig({ TLS_KEY_FILE: keyFile })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(() => loadConfig({ TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: keyFile })).toThrow(/^TLS_CERT_FILE cannot be read/);
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it('defaults to an https address and a Secure cookie, unless PUBLIC_URL or COOKIE_SECURE say otherwise', () => {
    const tls = { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
    expect(loadConfig({ ...tls, PORT: '3443' }).publicUrl).toBe('https://localhost:3443');
    expect(loadConfig(tls).cookieSecure).toBe(true);
    expect(loadConfig({ ...tls, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({}).cookieSecure).toBe(false);
    expect(listenNotice(loadConfig({ ...tls, DEMO_DATA: 'off', HOST: '0.0.0.0', PUBLIC_URL: 'https://groups.sagano.example' })).message).toBe(
      'listening on https://0.0.0.0:3000; browse https://groups.sagano.example (PUBLIC_URL: links in mails point there)',
    );
  });
});
