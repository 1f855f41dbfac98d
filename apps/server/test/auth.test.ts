import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, headers });
}

function cookiesOf(res: { cookies: { name: string; value: string }[] }) {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

describe('login', () => {
  it('answers a token, its expiry and the user, and sets an httpOnly session cookie', async () => {
    const res = await login('admin@example.com', 'Sagano#2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({ email: 'admin@example.com', kind: 'OPERATOR', role: 'saganoAdmin', user_group: 'BACK_OFFICE' });
    const session = res.cookies.find((c) => c.name === 'sagano_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.value).toBe(body.access_token);
    expect(res.cookies.find((c) => c.name === 'sagano_csrf')!.httpOnly).toBeFalsy();

    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.name).toBe('山田 花子');
  });

  it('stores sessions and passwords only as hashes', async () => {
    const res = await login('staff@example.com', 'Sagano#2026');
    const token = res.json().access_token as string;
    const rows = await ctx.database.db.select({ h: t.sessions.tokenHash }).from(t.sessions);
    expect(rows.some((r) => r.h === token)).toBe(false);
    const [account] = await ctx.database.db.select({ p: t.accounts.passwordHash }).from(t.accounts).where(sql`email = 'staff@example.com'`);
    expect(account!.p).toMatch(/^\$argon2id\$/);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await login('staff@example.com', 'Wrong#Pass1');
    const unknown = await login('nobody@example.com', 'Wrong#Pass1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ error_code: 'LOGIN_FAILED', error_description: 'login name or password is wrong' });
    }
  });

  it('refuses the account for 15 minutes after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login('Station@Example.com', `Wrong#Pass${i}`)).statusCode).toBe(401);
    const locked = await login('station@example.com', 'Sagano#2026');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).error_description).toBe('login attempt limit exceeded, try again later or reset the password');
    // Another account is not affected.
    expect((await login('staff@example.com', 'Sagano#2026')).statusCode).toBe(200);
    // Once the failures are older than 15 minutes the account opens again.
    await ctx.database.db.execute(sql`update login_attempts set created_at = created_at - interval '16 minutes' where email_key = 'station@example.com'`);
    expect((await login('station@example.com', 'Sagano#2026')).statusCode).toBe(200);
  });

  it('tells train crew with their right password that they cannot log in, and opens no session', async () => {
    const sessionsBefore = await ctx.database.db.$count(t.sessions);
    const crew = await login('Train@Example.com', 'Sagano#2026');
    expect(crew.statusCode).toBe(403);
    expect(errorOf(crew)).toEqual({ error_code: 'LOGIN_NOT_ALLOWED', error_description: 'train@example.com cannot log in' });
    expect(crew.cookies.find((c) => c.name === 'sagano_session')).toBeUndefined();
    expect(await ctx.database.db.$count(t.sessions)).toBe(sessionsBefore);
    const [attempt] = await ctx.database.db.select({ ok: t.loginAttempts.succeeded }).from(t.loginAttempts).where(eq(t.loginAttempts.emailKey, 'train@example.com'));
    expect(attempt).toEqual({ ok: false });
  });

  it('answers a wrong password for train crew as for anyone, so only the password holder learns the account exists', async () => {
    const wrong = await login('train@example.com', 'Wrong#2026x');
    const nobody = await login('nobody@example.com', 'Sagano#2026');
    for (const res of [wrong, nobody]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ error_code: 'LOGIN_FAILED', error_description: 'login name or password is wrong' });
    }
  });

  it('names the missing field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'admin@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'password' });
  });

  it('lets agent staff sign in with their agent role and branch', async () => {
    const admin = (await login('agent-free@example.com', 'Sagano#2026')).json().user;
    expect(admin).toMatchObject({ kind: 'AGENT', role: 'agentAdmin', agent_sub_group_id: null, staff_type: 'ADMIN' });
    expect(admin.agent_id).toEqual(expect.any(Number));
    const branch = (await login('branch-free@example.com', 'Sagano#2026')).json().user;
    expect(branch).toMatchObject({ kind: 'AGENT', role: 'groupStaff', agent_id: admin.agent_id });
    expect(branch.agent_sub_group_id).toEqual(expect.any(Number));
  });
});

describe('sessions', () => {
  it('rotates the token at login and ends it at logout', async () => {
    const first = await login('staff@example.com', 'Sagano#2026');
    const firstToken = first.json().access_token as string;
    const second = await login('staff@example.com', 'Sagano#2026', { cookie: `sagano_session=${firstToken}`, 'x-csrf-token': cookiesOf(first).sagano_csrf! });
    const secondToken = second.json().access_token as string;
    expect(secondToken).not.toBe(firstToken);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${firstToken}` } })).statusCode).toBe(401);

    const out = await ctx.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${secondToken}` } });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${secondToken}` } });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).error_code).toBe('UNAUTHENTICATED');
  });

  it('expires after the idle time and at the absolute expiry', async () => {
    const idle = await ctx.login('staff@example.com');
    await ctx.database.db.execute(sql`update sessions set last_seen_at = now() - interval '121 minutes'`);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: idle })).statusCode).toBe(401);

    const absolute = await ctx.login('staff@example.com');
    await ctx.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: absolute })).statusCode).toBe(401);
  });

  it('protects cookie-authenticated unsafe requests against CSRF', async () => {
    const res = await login('admin@example.com', 'Sagano#2026');
    const { sagano_session, sagano_csrf } = cookiesOf(res);
    const cookie = `sagano_session=${sagano_session}; sagano_csrf=${sagano_csrf}`;
    const body = { email: 'csrf-check@example.com', name: 'CSRF', user_group: 'BACK_OFFICE', user_type: 'STAFF' };

    const forged = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: { cookie }, payload: body });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).error_code).toBe('CSRF_TOKEN_INVALID');
    const wrong = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: { cookie, 'x-csrf-token': 'x'.repeat(43) }, payload: body });
    expect(wrong.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(t.accounts).where(eq(t.accounts.email, body.email))).toHaveLength(0);

    // Reads need no token; a request carrying the token succeeds.
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const ok = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: { cookie, 'x-csrf-token': sagano_csrf! }, payload: body });
    expect(ok.statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('enforces the policy, checks the current password and ends the other sessions', async () => {
    const other = await ctx.login('agent-special@example.com');
    const mine = await ctx.login('agent-special@example.com');
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/v1/auth/password', headers: mine, payload });

    const weak = await put({ current_password: 'Sagano#2026', new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak)).toMatchObject({ error_code: 'PASSWORD_POLICY_VIOLATION', field: 'new_password' });
    const common = await put({ current_password: 'Sagano#2026', new_password: 'Password1!' });
    expect(errorOf(common)).toMatchObject({ error_code: 'PASSWORD_TOO_COMMON', field: 'new_password' });
    const wrongCurrent = await put({ current_password: 'Nope#2026x', new_password: 'Hozukyo#Gorge7' });
    expect(errorOf(wrongCurrent)).toMatchObject({ error_code: 'CURRENT_PASSWORD_WRONG', field: 'current_password' });
    // Nothing changed so far: the old password still works.
    expect((await login('agent-special@example.com', 'Sagano#2026')).statusCode).toBe(200);

    expect((await put({ current_password: 'Sagano#2026', new_password: 'Hozukyo#Gorge7' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: mine })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: other })).statusCode).toBe(401);
    expect((await login('agent-special@example.com', 'Sagano#2026')).statusCode).toBe(401);
    expect((await login('agent-special@example.com', 'Hozukyo#Gorge7')).statusCode).toBe(200);
  });
});
