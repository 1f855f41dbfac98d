/**
 * Secrets never reach the server's log, and every refused call has its operation-log row
 * (DESIGN §10, input and tenant edges). The real app writes its log (pino, as on stdout) into
 * memory through a journey that uses a password-reset token, an invitation token, a customer's
 * booking token (in the query and in the path), a card checkout's reference and an agent's API
 * key; then the log is searched for each secret. Refusals whatever the path holds (a NUL, bad
 * percent-encoding, an over-long parameter, no such route) each leave a row.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { loggerOptions } from '../src/lib/logger.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_TOTP_KEY } from './test-app.ts';

/** Every line the app logged, as written. */
const lines: string[] = [];
const capture = () =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
const logText = () => lines.join('');

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, LOG_LEVEL: 'info' });
  app = await buildApp({ config, database, logStream: capture() });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function login(email: string, password = DEMO_PASSWORD) {
  const res = await call('POST', '/v1/auth/login', {}, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

/** The token of the newest mail of that kind to that address (its link's `token=`). */
async function mailedToken(to: string, kind: string): Promise<string> {
  const [mail] = await database.db.select().from(t.outboxMails).where(and(eq(t.outboxMails.toAddress, to), eq(t.outboxMails.kind, kind))).orderBy(desc(t.outboxMails.createdAt)).limit(1);
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.bodyText ?? '');
  if (!match) throw new Error(`no ${kind} link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

/** Each secret the journey used, by what it is. */
const secrets: Record<string, string> = {};

describe('the server log', () => {
  it('shows the requests of a journey through every kind of secret, never the secrets', async () => {
    // A password reset: the mailed link's page, then the new password.
    expect((await call('POST', '/v1/reset-password', {}, { role: 'ADMIN', email: 'station@example.com' })).statusCode).toBe(200);
    secrets.reset = await mailedToken('station@example.com', 'account.password_reset');
    await call('GET', `/reset-password?token=${encodeURIComponent(secrets.reset)}`);
    expect((await call('PUT', '/v1/reset-password', {}, { token: secrets.reset, password: 'Arashiyama#88' })).statusCode).toBe(200);

    // An invitation: a new operator user's link.
    const admin = await login('admin@example.com');
    const invited = 'log.redaction@example.com';
    const created = await call('POST', '/v1/users', admin, { email: invited, name: '記録 花子', tel: '075-111-2222', language_code: 'ja', user_group: 'BACK_OFFICE', user_type: 'STAFF' });
    expect(created.statusCode, created.body).toBe(200);
    secrets.invitation = await mailedToken(invited, 'account.invitation');
    await call('GET', `/reset-password?token=${encodeURIComponent(secrets.invitation)}&lang=en`);

    // A customer's booking token, in the query (the page and its calls) and in the path (the voucher link).
    const [booking] = await database.db.select({ id: t.bookings.bookingId, token: t.bookings.bookingToken }).from(t.bookings).limit(1);
    secrets.booking = booking!.token;
    await call('GET', `/customer/bookings/${booking!.id}?token=${secrets.booking}`);
    expect((await call('GET', `/v1/bookings/${booking!.id}/summary?token=${secrets.booking}`)).statusCode).toBe(200);
    await call('GET', `/v1/bookings/${booking!.id}/seats?lang=ja&token=${secrets.booking}`);
    await call('GET', `/voucher/${booking!.id}/${secrets.booking}?lang=en`);

    // A card checkout's reference: the FREE agent starts paying a fare, the sandbox's page and its calls.
    const agent = await login('agent-free@example.com');
    const pending = (await database.db.execute(sql`
      select b.booking_id from payments p join bookings b on b.id = p.booking_id join agents a on a.id = b.agent_id
      where a.agent_type = 'FREE' and p.kind = 'FARE' and p.status = 'PAYMENT_PENDING' and b.status = 'RESERVED' order by b.booking_id limit 1`)) as unknown as { rows: { booking_id: string }[] };
    const bookingId = pending.rows[0]!.booking_id;
    const fare = (await call('GET', `/v1/bookings/${bookingId}`, agent)).json().main_params.payment;
    const checkout = await call('POST', `/v1/bookings/${bookingId}/payments/${fare.payment_id}/checkout`, agent);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const checkoutUrl = checkout.json().checkout_url as string;
    secrets.checkout = checkoutUrl.slice(checkoutUrl.lastIndexOf('/') + 1);
    expect(secrets.checkout).toMatch(/^cs_[0-9a-f]{24}$/);
    await call('GET', `/sandbox-checkout/${secrets.checkout}`);
    expect((await call('GET', `/v1/sandbox-gateway/checkouts/${secrets.checkout}`)).statusCode).toBe(200);
    expect((await call('POST', `/v1/sandbox-gateway/checkouts/${secrets.checkout}/pay`, {}, { card_number: '4000 0000 0000 0002' })).json().outcome).toBe('DECLINED');

    // An agent's API key: in its header, and where a careless system might put it (query, path).
    const group = (await database.db.select().from(t.agentGroups).where(and(eq(t.agentGroups.isRoot, true), eq(t.agentGroups.agentId, (await call('GET', '/v1/auth/me', agent)).json().user.agent_id))))[0]!;
    const key = await call('POST', '/v1/api-keys', agent, { name: '記録テスト', group_id: group.id });
    expect(key.statusCode, key.body).toBe(200);
    secrets.apiKey = key.json().key as string;
    expect((await call('GET', '/v1/bookings/service_orders/search', { authorization: `Bearer ${secrets.apiKey}` })).statusCode).toBe(200);
    await call('GET', `/v1/bookings/service_orders/search?api_key=${secrets.apiKey}`);
    await call('GET', `/v1/bookings/${secrets.apiKey}`, { authorization: `Bearer ${secrets.apiKey}` });

    const log = logText();
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(10);
      expect(log.includes(secret), `${what} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${what} (URL-encoded) is in the log`).toBe(false);
    }
    // The requests themselves are there, their secrets replaced.
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toContain('/reset-password?token=[REDACTED]');
    expect(urls).toContain('/reset-password?token=[REDACTED]&lang=en');
    expect(urls).toContain(`/customer/bookings/${booking!.id}?token=[REDACTED]`);
    expect(urls).toContain(`/v1/bookings/${booking!.id}/seats?lang=ja&token=[REDACTED]`);
    expect(urls).toContain(`/voucher/${booking!.id}/[REDACTED]?lang=en`);
    expect(urls).toContain('/sandbox-checkout/[REDACTED]');
    expect(urls).toContain('/v1/sandbox-gateway/checkouts/[REDACTED]/pay');
    expect(urls).toContain('/v1/bookings/service_orders/search?api_key=[REDACTED]');
    expect(urls).toContain('/v1/bookings/sgk_[REDACTED]');
  });

  it('shows a failed query without its parameters', () => {
    // What drizzle throws for a failed query: the statement, then its parameters (here a token).
    const secret = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "bookings_token_key"'), { detail: `Key (booking_token)=(${secret}) already exists.` });
    const failed = Object.assign(new Error(`Failed query: update bookings set booking_token = $1 where id = $2\nparams: ${secret},12`, { cause }), { query: 'update bookings set booking_token = $1 where id = $2', params: [secret, 12] });
    const written: string[] = [];
    const logger = pino(
      loggerOptions('info'),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    logger.error({ err: failed }, 'unhandled error');
    logger.error({ err: cause }, 'a database error on its own');
    const text = written.join('');
    expect(text).toContain('Failed query: update bookings set booking_token = $1 where id = $2');
    expect(text).toContain('duplicate key value violates unique constraint');
    expect(text).not.toContain(secret);
  });
});

describe('a refused call, whatever its path holds', () => {
  const rowsAfter = async (id: number) => database.db.select().from(t.operationLogs).where(sql`${t.operationLogs.id} > ${id}`).orderBy(t.operationLogs.id);
  const lastId = async () => (await database.db.select({ id: t.operationLogs.id }).from(t.operationLogs).orderBy(desc(t.operationLogs.id)).limit(1))[0]?.id ?? 0;

  it('has its operation-log row: a NUL in a path parameter', async () => {
    const admin = await login('admin@example.com');
    const before = await lastId();
    const res = await call('POST', '/v1/bookings/1234%005678/notes', admin, { text: 'メモ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().common).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'booking_id' });
    const [row, ...more] = await rowsAfter(before);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ operation: 'bookings.add_note', operator: 'admin@example.com', bookingId: '1234\ufffd5678', isError: true, statusCode: 400 });
    expect(row!.requestJson).toMatchObject({ params: { booking_id: '1234\ufffd5678' }, body: { text: 'メモ' } });
    expect(logText()).not.toContain('operation log write failed');
  });

  it('has its row when the router refuses the path, or no route has it', async () => {
    const admin = await login('admin@example.com');
    const refused: [string, number][] = [
      ['/v1/bookings/12%ZZ/notes', 400], // bad percent-encoding
      [`/v1/bookings/${'9'.repeat(150)}/notes`, 400], // a parameter over 100 characters
      ['/v1/bookings/a%ED%A0%80b/notes', 400], // an unpaired surrogate, encoded
      ['/v1/no-such-area%00/x', 404],
      [`/v1/no-such-area/tokens/${'s'.repeat(30)}`, 404],
    ];
    for (const [url, status] of refused) {
      const before = await lastId();
      const res = await call('POST', url, admin, { text: 'x' });
      expect(res.statusCode, url).toBe(status);
      const [row, ...more] = await rowsAfter(before);
      expect(more, url).toEqual([]);
      expect(row, url).toMatchObject({ isError: true, statusCode: status, responseJson: res.json() });
      expect(row!.operation.startsWith('POST /v1/'), url).toBe(true);
      expect(row!.operation.length, url).toBeLessThanOrEqual(205);
    }
    const [unknown] = await database.db.select().from(t.operationLogs).orderBy(desc(t.operationLogs.id)).limit(1);
    // A secret-looking segment of an unknown path is not kept in the operation either.
    expect(unknown!.operation).toBe('POST /v1/no-such-area/tokens/[REDACTED]');
    // A route the router took names its caller; the router's refusals come before anyone is identified.
    expect((await database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'POST /v1/no-such-area%00/x')))[0]).toMatchObject({ operator: 'admin@example.com' });
    expect((await database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'POST /v1/bookings/12%ZZ/notes')))[0]).toMatchObject({ operator: 'anonymous' });
    expect(logText()).not.toContain('operation log write failed');
  });

  it('leaves the web app and reads without a key out of the operation log, as before', async () => {
    const before = await lastId();
    await call('GET', '/no-such-page%00');
    await call('GET', '/v1/no-such-area');
    await call('POST', '/no-such-page', {}, { a: 1 });
    expect(await rowsAfter(before)).toEqual([]);
  });
});
