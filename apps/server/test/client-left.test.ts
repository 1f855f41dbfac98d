/**
 * A client that closes its connection before the answer goes out (a tab closed, a page that moved
 * on while its requests were in flight) is not a server fault. The real app, listening on a port,
 * gets a POST whose large answer the compressor streams (a route this file adds); the client goes
 * once the answer is ready and before any of it is sent: over HTTP/1.1 it closes the connection,
 * over HTTP/2 (the server's own HTTPS, ADR 043) it cancels the request's stream. The log says so at
 * info level, with no "unhandled error" (HTTP/1.1) or no error at all (HTTP/2), and the server
 * answers the next client.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as h2Connect, constants as h2 } from 'node:http2';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_TOTP_KEY } from './test-app.ts';
import { selfSignedCertificate } from './support/self-signed-certificate.ts';

type LogLine = { level: number; msg: string; err?: { code?: string } };

/** The app as `npm start` builds it, its log kept in `lines`, with the test's route and hold. */
async function listeningApp(database: Database, lines: LogLine[], env: Record<string, string> = {}) {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ config, database, logStream });
  const held = { ready: () => undefined as void };
  // An answer large enough that the compressor streams it (smaller ones are compressed in one call).
  app.post('/v1/large-answer', { config: { access: 'public' }, schema: { hide: true } }, () => ({ rows: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}` })) }));
  // The answer to the request marked here, compressed and ready to go, waits until its client has gone.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['x-leave-first'] !== '1') return payload;
    const gone = once(reply.raw, 'close');
    held.ready();
    await gone;
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  /** Resolves when the marked request's answer is about to go out. */
  const answerReady = () => new Promise<void>((resolve) => (held.ready = resolve));
  return { app, port, answerReady };
}

/** Waits for the server to log the cut-off answer, and gives what it logged of it. */
async function cutOffLines(lines: LogLine[]): Promise<[number, string][]> {
  for (let i = 0; i < 300 && !lines.some((l) => l.err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || l.msg === 'stream closed prematurely'); i++) await new Promise((r) => setTimeout(r, 10));
  return lines.filter((l) => l.err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || l.msg === 'stream closed prematurely').map((l) => [l.level, l.msg]);
}

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'sagano-client-left-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a client that closes its HTTP/1.1 connection before its answer', () => {
  const lines: LogLine[] = [];
  let server: Awaited<ReturnType<typeof listeningApp>>;
  beforeAll(async () => {
    server = await listeningApp(database, lines);
  });
  afterAll(() => server.app.close());

  it('is logged at info level, not as an unhandled error', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    // A request with a body, read whole by the server: Node then no longer counts the request as
    // aborted when the connection goes, and the cut-off answer reaches the error handler.
    const body = '{}';
    const head = Object.entries({ host: `127.0.0.1:${server.port}`, 'content-type': 'application/json', 'content-length': String(body.length), 'accept-encoding': 'br, gzip', 'x-leave-first': '1' })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const ready = server.answerReady();
    socket.write(`POST /v1/large-answer HTTP/1.1\r\n${head}\r\n${body}`);
    await ready;
    socket.destroy();
    expect(await cutOffLines(lines)).toEqual([[30, 'the client left before the answer was sent']]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('leaves the server answering the next client', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/v1/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});

describe('a client that cancels its HTTP/2 request before its answer', () => {
  const lines: LogLine[] = [];
  let server: Awaited<ReturnType<typeof listeningApp>>;
  beforeAll(async () => {
    const { certFile, keyFile } = selfSignedCertificate(dir);
    server = await listeningApp(database, lines, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
  });
  afterAll(() => server.app.close());

  it('is logged as done, not as an error, and the connection serves its next request', async () => {
    const session = h2Connect(`https://127.0.0.1:${server.port}`, { rejectUnauthorized: false });
    try {
      const ready = server.answerReady();
      const stream = session.request({ ':method': 'POST', ':path': '/v1/large-answer', 'content-type': 'application/json', 'accept-encoding': 'br', 'x-leave-first': '1' });
      stream.on('error', () => undefined);
      stream.end('{}');
      await ready;
      stream.close(h2.NGHTTP2_CANCEL);
      // Node ends the cancelled stream's answer quietly: the request is logged as done, nothing as an error.
      for (let i = 0; i < 300 && !lines.some((l) => l.msg === 'request completed'); i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.level)).toEqual([30]);
      expect(lines.filter((l) => l.level >= 40)).toEqual([]);

      // The same connection: only the cancelled request's stream went.
      const next = session.request({ ':path': '/health' });
      const [headers] = (await once(next, 'response')) as [Record<string, string | number>];
      next.resume();
      expect(Number(headers[':status'])).toBe(200);
    } finally {
      session.close();
    }
  });
});
