/**
 * Two servers on one database enforce one set of rate limits (ADR 018): sign-in per address and
 * per account, password reset per address and calls per API key are counted in the database, so
 * calls spread over both servers meet the limit once, not twice. Every 429 carries Retry-After
 * (whole seconds) and the common error body. PostgreSQL: two pools; PGlite: two handles on the
 * one embedded instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../src/modules/auth/auth.service.ts';
import { sweepRateLimits } from '../src/plugins/rate-limits.ts';
import { TEST_TOTP_KEY } from './test-app.ts';
import { openTestDatabasePair } from './test-database.ts';

const LOGIN_PER_MINUTE = 4;
const API_KEY_PER_MINUTE = 6;
/** @fastify/rate-limit's number, kept: ten a minute per address. */
const RESET_PER_MINUTE = 10;

let databases: [Database, Database];
let serverA: FastifyInstance;
let serverB: FastifyInstance;

function serverOn(database: Database): Promise<FastifyInstance> {
  const env = { PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_PER_MINUTE), API_KEY_RATE_LIMIT_PER_MINUTE: String(API_KEY_PER_MINUTE) };
  return buildApp({ config: loadConfig(env), database, logger: false });
}

beforeAll(async () => {
  databases = await openTestDatabasePair();
  serverA = await serverOn(databases[0]);
  serverB = await serverOn(databases[1]);
}, 60_000);

afterAll(async () => {
  await serverB?.close();
  await serverA?.close();
  await databases?.[1].close();
  await databases?.[0].close();
});

/** Each test calls from addresses of its own, so the per-address counters of one never touch another's. */
const from = (server: FastifyInstance, address: string, options: InjectOptions) => server.inject({ ...options, remoteAddress: address });
const login = (server: FastifyInstance, address: string, email: string, password = DEMO_PASSWORD) =>
  from(server, address, { method: 'POST', url: '/v1/auth/login', payload: { email, password } });

/** A 429's Retry-After, checked to be whole seconds within `max`; and its body in the common error shape. */
function refusal(res: LightMyRequestResponse, max: number): { seconds: number; common: { error_code: string; error_description: string } } {
  expect(res.statusCode, res.body).toBe(429);
  const header = res.headers['retry-after'];
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(max);
  const body = res.json() as { common: { error_code: string; error_description: string } };
  expect(Object.keys(body)).toEqual(['common']);
  return { seconds, common: body.common };
}

describe('limits shared by two servers on one database', () => {
  it('sign-in per address: calls split over both servers meet the limit once, on either server; another address is not held', async () => {
    const address = '198.51.100.10';
    const half = LOGIN_PER_MINUTE / 2;
    // Each server sees only half the limit of calls: a count per process would let both go on.
    for (let i = 0; i < half; i++) expect((await login(serverA, address, 'staff@example.com')).statusCode).toBe(200);
    for (let i = 0; i < half; i++) expect((await login(serverB, address, 'staff@example.com')).statusCode).toBe(200);

    for (const server of [serverA, serverB]) {
      const { seconds, common } = refusal(await login(server, address, 'staff@example.com'), 60);
      expect(common).toEqual({ error_code: 'RATE_LIMITED', error_description: `too many requests, try again in ${seconds} s` });
    }
    expect((await login(serverB, '198.51.100.11', 'staff@example.com')).statusCode).toBe(200);

    // The counter is a row of the database: a server started now (a restart) refuses the address too.
    const [row] = await databases[0].db.select().from(t.rateLimits).where(eq(t.rateLimits.key, `login-address:${address}`));
    expect(row?.points).toBe(LOGIN_PER_MINUTE + 2);
    const restarted = await serverOn(databases[1]);
    try {
      refusal(await login(restarted, address, 'staff@example.com'), 60);
    } finally {
      await restarted.close();
    }
  });

  it('sign-in per account: failures on both servers lock the account on both, with Retry-After until the lock ends', async () => {
    const email = 'branch-free@example.com';
    // A fresh address per attempt, so only the per-account limit can answer.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const res = await login(i % 2 === 0 ? serverA : serverB, `203.0.113.${i + 1}`, email, 'Wrong#Password1');
      expect(res.json().common.error_code).toBe('LOGIN_FAILED');
    }
    for (const [i, server] of [serverA, serverB].entries()) {
      const { seconds, common } = refusal(await login(server, `203.0.113.${50 + i}`, email), LOGIN_FAILURE_WINDOW_MS / 1000);
      expect(common).toEqual({ error_code: 'LOGIN_ATTEMPT_LIMIT_EXCEEDED', error_description: 'login attempt limit exceeded, try again later or reset the password' });
      // The lock lasts the window from the failure that filled it, a moment ago.
      expect(seconds).toBeGreaterThan(LOGIN_FAILURE_WINDOW_MS / 1000 - 60);
    }
  });

  it('password reset per address: asking is limited across both servers; completing a reset is counted apart', async () => {
    const address = '198.51.100.20';
    const ask = (server: FastifyInstance) => from(server, address, { method: 'POST', url: '/v1/reset-password', payload: { role: 'ADMIN', email: 'nobody@example.com' } });
    for (let i = 0; i < RESET_PER_MINUTE; i++) expect((await ask(i % 2 === 0 ? serverA : serverB)).statusCode).toBe(200);
    for (const server of [serverB, serverA]) {
      const { seconds, common } = refusal(await ask(server), 60);
      expect(common).toEqual({ error_code: 'RATE_LIMITED', error_description: `too many requests, try again in ${seconds} s` });
    }
    // The 429 is written to the operation log like every other answer to a mutating call.
    const logged = await databases[0].db.select({ n: sql<number>`count(*)::int` }).from(t.operationLogs)
      .where(and(eq(t.operationLogs.operation, 'auth.request_password_reset'), eq(t.operationLogs.statusCode, 429)));
    expect(logged[0]!.n).toBe(2);

    const completing = await from(serverA, address, { method: 'PUT', url: '/v1/reset-password', payload: { token: 'x'.repeat(43), password: 'New#Passw0rd-2026' } });
    expect(completing.statusCode).not.toBe(429);
    expect(completing.json().common.error_code).not.toBe('RATE_LIMITED');
  });

  it('API keys: calls with one key over both servers meet its limit once; Retry-After and the error body on both', async () => {
    const admin = await login(serverA, '198.51.100.30', 'agent-free@example.com');
    expect(admin.statusCode, admin.body).toBe(200);
    const authorization = `Bearer ${admin.json().access_token as string}`;
    const agentGroups = await databases[0].db.select().from(t.agentGroups).innerJoin(t.agents, eq(t.agents.id, t.agentGroups.agentId)).where(eq(t.agents.agentType, 'FREE'));
    const branch = agentGroups.find((g) => !g.agent_groups.isRoot)!.agent_groups.id;
    const created = await from(serverA, '198.51.100.30', { method: 'POST', url: '/v1/api-keys', headers: { authorization }, payload: { name: '二台連打', group_id: branch } });
    expect(created.statusCode, created.body).toBe(200);
    const key = { authorization: `Bearer ${created.json().key as string}` };
    const units = (server: FastifyInstance, i: number) => from(server, `198.51.100.${40 + i}`, { method: 'GET', url: '/v1/units', headers: key });

    // From a different address each call: the key is what is counted.
    for (let i = 0; i < API_KEY_PER_MINUTE; i++) expect((await units(i % 2 === 0 ? serverA : serverB, i)).statusCode).toBe(200);
    for (const server of [serverA, serverB]) {
      const { seconds, common } = refusal(await units(server, 99), 60);
      expect(common).toEqual({ error_code: 'RATE_LIMITED', error_description: `too many requests with this API key, try again in ${seconds} s` });
    }
  });

  it('the 429 answers are documented with their Retry-After header', async () => {
    const admin = await login(serverB, '198.51.100.60', 'staff@example.com');
    const doc = (await serverB.inject({ method: 'GET', url: '/v1/openapi.json', headers: { authorization: `Bearer ${admin.json().access_token as string}` } })).json();
    for (const [path, method] of [['/v1/auth/login', 'post'], ['/v1/reset-password', 'post'], ['/v1/bookings', 'post']] as const) {
      expect(doc.paths[path][method].responses['429'].headers['Retry-After'].schema, `${method} ${path}`).toEqual({ type: 'integer', minimum: 1 });
    }
  });

  it('sweeps counters whose window has ended, and sign-in attempts too old to count', async () => {
    const db = databases[0].db;
    const past = new Date(Date.now() - 1000);
    await db.insert(t.rateLimits).values([
      { key: 'login-address:192.0.2.1', points: 3, expire: past },
      { key: 'login-address:192.0.2.2', points: 3, expire: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(t.loginAttempts).values([
      { emailKey: 'old@example.com', succeeded: false, createdAt: new Date(Date.now() - 25 * 3_600_000) },
      { emailKey: 'recent@example.com', succeeded: false },
    ]);
    await sweepRateLimits(db);
    const keys = (await db.select({ key: t.rateLimits.key }).from(t.rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('login-address:192.0.2.1');
    expect(keys).toContain('login-address:192.0.2.2');
    const attempts = (await db.select({ emailKey: t.loginAttempts.emailKey }).from(t.loginAttempts)).map((r) => r.emailKey);
    expect(attempts).not.toContain('old@example.com');
    expect(attempts).toContain('recent@example.com');
  });
});
