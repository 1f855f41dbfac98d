import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { stepAt, totpCode } from '../src/lib/totp.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { buildApp } from '../src/app.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (email: string, totp_code?: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: DEMO_PASSWORD, ...(totp_code ? { totp_code } : {}) } });
const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const bearer = (res: { json: () => { access_token: string } }) => ({ authorization: `Bearer ${res.json().access_token}` });

/** Enrols the signed-in account; answers its secret and the step the confirming code used. */
async function enrol(headers: Record<string, string>) {
  const setup = await call('POST', '/v1/auth/totp/setup', headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_uri, qr_svg } = setup.json();
  expect(otpauth_uri).toContain(`secret=${secret}`);
  expect(qr_svg).toContain('<svg');
  const step = stepAt(new Date());
  expect((await call('POST', '/v1/auth/totp/confirm', headers, { code: totpCode(secret, step) })).statusCode).toBe(200);
  return { secret: secret as string, step };
}

describe('two-factor sign-in', () => {
  it('enrolment by scanning and confirming a code; sign-in then needs a fresh code: wrong and replayed codes are refused', async () => {
    const first = await login('agent-free@example.com');
    const headers = bearer(first);
    expect(first.json().user).toMatchObject({ totp_enrolled: false, totp_setup_required: false });

    const setup = (await call('POST', '/v1/auth/totp/setup', headers)).json();
    const wrong = await call('POST', '/v1/auth/totp/confirm', headers, { code: '000000' === totpCode(setup.secret, stepAt(new Date())) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ error_code: 'TOTP_CODE_WRONG', field: 'code' });
    const badShape = await call('POST', '/v1/auth/totp/confirm', headers, { code: '12ab' });
    expect(errorOf(badShape).field).toBe('code');
    const { secret, step } = await enrol(headers);
    expect((await call('GET', '/v1/auth/me', headers)).json().user.totp_enrolled).toBe(true);

    const withoutCode = await login('agent-free@example.com');
    expect(withoutCode.statusCode).toBe(401);
    expect(errorOf(withoutCode)).toMatchObject({ error_code: 'TOTP_REQUIRED', field: 'totp_code' });
    const wrongCode = await login('agent-free@example.com', totpCode(secret, step - 5));
    expect(errorOf(wrongCode).error_code).toBe('TOTP_INVALID');
    // The step used to confirm is spent: its code again is a replay.
    expect(errorOf(await login('agent-free@example.com', totpCode(secret, step))).error_code).toBe('TOTP_INVALID');
    const next = totpCode(secret, step + 1);
    const ok = await login('agent-free@example.com', next);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await login('agent-free@example.com', next);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).error_code).toBe('TOTP_INVALID');
    // The secret is never logged.
    const logs = await ctx.database.db.execute(sql`select count(*)::int as n from operation_logs where coalesce(request_json::text, '') || coalesce(response_json::text, '') like ${`%${secret}%`}`);
    expect((logs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // The operator removes the enrolment: the password alone works again.
    const [account] = await ctx.database.db.select({ id: t.accounts.id }).from(t.accounts).where(eq(t.accounts.email, 'agent-free@example.com'));
    const staff = bearer(await login('staff@example.com'));
    const unenrol = await call('POST', `/v1/agent_staffs/${account!.id}/unenroll_totp`, staff);
    expect(unenrol.statusCode, unenrol.body).toBe(200);
    expect((await login('agent-free@example.com')).statusCode).toBe(200);
  });

  it('an agent requiring two-factor keeps its staff at the setup until they enrol; it cannot be turned off then', async () => {
    await ctx.database.db.update(t.agents).set({ requireTotp: true }).where(sql`id = (select agent_id from agent_staffs s join accounts a on a.id = s.account_id where a.email = 'agent-contracted@example.com')`);
    const headers = bearer(await login('agent-contracted@example.com'));
    expect((await call('GET', '/v1/auth/me', headers)).json().user).toMatchObject({ totp_setup_required: true });
    const blocked = await call('GET', '/v1/bookings/service_orders/search?page=1&per_page=10', headers);
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).error_code).toBe('TOTP_SETUP_REQUIRED');
    const { secret, step } = await enrol(headers);
    expect((await call('GET', '/v1/bookings/service_orders/search?page=1&per_page=10', headers)).statusCode).toBe(200);
    const off = await call('DELETE', '/v1/auth/totp', headers, { code: totpCode(secret, step + 1) });
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).error_code).toBe('TOTP_REQUIRED_BY_AGENT');

    // Without the requirement a staff member may turn it off with a current code.
    await ctx.database.db.update(t.agents).set({ requireTotp: false });
    expect((await call('DELETE', '/v1/auth/totp', headers, { code: totpCode(secret, step + 1) })).statusCode).toBe(200);
    expect((await login('agent-contracted@example.com')).statusCode).toBe(200);
  });
});

describe('two-factor secrets at rest', () => {
  const stored = async (email: string) => {
    const [row] = await ctx.database.db
      .select({ id: t.accounts.id, secret: t.accounts.totpSecret, pending: t.accounts.totpPendingSecret })
      .from(t.accounts)
      .where(eq(t.accounts.email, email));
    return row!;
  };

  it('are sealed in the database, both while setting up and once enrolled', async () => {
    const headers = bearer(await login('agent-special@example.com'));
    const setup = (await call('POST', '/v1/auth/totp/setup', headers)).json();
    const pending = await stored('agent-special@example.com');
    expect(pending.pending).toMatch(/^v1\./);
    expect(pending.pending).not.toContain(setup.secret);
    const step = stepAt(new Date());
    expect((await call('POST', '/v1/auth/totp/confirm', headers, { code: totpCode(setup.secret, step) })).statusCode).toBe(200);
    const enrolled = await stored('agent-special@example.com');
    expect(enrolled.secret).toMatch(/^v1\./);
    expect(enrolled.secret).not.toContain(setup.secret);
    // …and still make sign-in work.
    expect((await login('agent-special@example.com', totpCode(setup.secret, step + 1))).statusCode).toBe(200);
  });

  it('stored in plain text before sealing existed are sealed when the server starts, and keep working', async () => {
    // 160 bits, as newTotpSecret has always made them (otplib refuses secrets under 128 bits).
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { id } = await stored('branch-free@example.com');
    await ctx.database.db.update(t.accounts).set({ totpSecret: secret, totpEnrolledAt: new Date(), totpLastStep: null }).where(eq(t.accounts.id, id));
    const step = stepAt(new Date());
    expect((await login('branch-free@example.com', totpCode(secret, step))).statusCode).toBe(200); // read as it is
    const restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      const sealed = await stored('branch-free@example.com');
      expect(sealed.secret).toMatch(/^v1\./);
      const res = await restarted.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'branch-free@example.com', password: DEMO_PASSWORD, totp_code: totpCode(secret, step + 1) } });
      expect(res.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('sealed with another key cannot be checked: sign-in says so (503) instead of failing blindly', async () => {
    const otherKey = { ...ctx.config, totpSecretKey: Buffer.alloc(32, 7) };
    const other = await buildApp({ config: otherKey, database: ctx.database, logger: false });
    try {
      const res = await other.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'branch-free@example.com', password: DEMO_PASSWORD, totp_code: '123456' } });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).error_code).toBe('TOTP_KEY_MISMATCH');
    } finally {
      await other.close();
    }
  });
});
