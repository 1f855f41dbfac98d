/**
 * A client that closes its connection before the answer goes out (a tab closed, a page that moved
 * on while its requests were in flight) is not a server fault. The real app, listening on a port,
 * gets a POST whose large answer the compressor streams (a route this file adds); the client hangs
 * up once the answer is ready and before any of it is sent; the log says so at info level, with no
 * "unhandled error", and the server answers the next client.
 */
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_TOTP_KEY } from './test-app.ts';

const lines: { level: number; msg: string; err?: { code?: string } }[] = [];
const capture = () =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });

let database: Database;
let app: FastifyInstance;
let port = 0;
/** Called by the server when the marked request's answer is about to go out. */
let answerReady: () => void = () => undefined;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, LOG_LEVEL: 'info' });
  app = await buildApp({ config, database, logStream: capture() });
  // An answer large enough that the compressor streams it (smaller ones are compressed in one call).
  app.post('/v1/large-answer', { config: { access: 'public' }, schema: { hide: true } }, () => ({ rows: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}` })) }));
  // The answer to the request marked here, compressed and ready to go, waits until its client has hung up.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.headers['x-leave-first'] !== '1') return payload;
    answerReady();
    if (!request.raw.socket.destroyed) await once(request.raw.socket, 'close');
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/**
 * Sends a request over a raw connection and closes it once the server has its answer ready, before
 * any of it is sent. A request with a body, read whole by the server: Node then no longer counts
 * the request as aborted when the connection goes, and the cut-off answer reaches the error handler.
 */
async function askAndLeave(path: string, headers: Record<string, string>, body: string): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const all = { host: `127.0.0.1:${port}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers };
  const head = Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const ready = new Promise<void>((resolve) => (answerReady = resolve));
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${body}`);
  await ready;
  socket.destroy();
}

describe('a client that leaves before its answer', () => {
  it('is logged at info level, not as an unhandled error', async () => {
    lines.length = 0;
    await askAndLeave('/v1/large-answer', { 'accept-encoding': 'br, gzip', 'x-leave-first': '1' }, '{}');
    for (let i = 0; i < 300 && !lines.some((l) => l.err?.code === 'ERR_STREAM_PREMATURE_CLOSE'); i++) await new Promise((r) => setTimeout(r, 10));
    const closes = lines.filter((l) => l.err?.code === 'ERR_STREAM_PREMATURE_CLOSE');
    expect(closes.map((l) => [l.level, l.msg])).toEqual([[30, 'the client left before the answer was sent']]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('leaves the server answering the next client', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});
