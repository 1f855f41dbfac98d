import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

let ctx: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const request = (payload: object) => ctx.app.inject({ method: 'POST', url: '/v1/reset-password', payload });
const complete = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/v1/reset-password', payload });
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });

function tokenIn(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('password reset by mail', () => {
  it('mails a single-use link over SMTP that sets a new password and ends the sessions', async () => {
    const before = await ctx.login('station@example.com');
    const res = await request({ role: 'ADMIN', email: 'station@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const mail = await smtp.waitFor((m) => m.to.includes('station@example.com'));
    expect(mail.subject).toBe('【嵯峨野トロッコ 団体予約】パスワード再設定のご案内');
    expect(mail.text).toContain('鈴木 駅子 様');
    const token = tokenIn(mail.text);

    const weak = await complete({ token, password: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).field).toBe('password');

    expect((await complete({ token, password: 'Arashiyama#88' })).statusCode).toBe(200);
    expect((await login('station@example.com', 'Arashiyama#88')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: before })).statusCode).toBe(401);

    const again = await complete({ token, password: 'Arashiyama#99' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ error_code: 'RESET_TOKEN_INVALID', field: 'token' });

    const [row] = await ctx.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.toAddress, 'station@example.com'));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('answers the same for an unknown address, a wrong role and an operator that cannot log in, sending nothing', async () => {
    const asked = ['nobody@example.com', 'staff@example.com', 'train@example.com'];
    for (const payload of [
      { role: 'ADMIN', email: 'nobody@example.com' },
      { role: 'AGENT', email: 'staff@example.com' },
      { role: 'ADMIN', email: 'train@example.com' },
    ]) {
      const res = await request(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const mails = await ctx.database.db.select().from(t.outboxMails).where(sql`to_address in ('nobody@example.com', 'staff@example.com', 'train@example.com')`);
    expect(mails).toHaveLength(0);
    // (Other mails, such as the demo bookings' pending ones, may arrive meanwhile: only these addresses matter.)
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.to.some((to) => asked.includes(to)))).toHaveLength(0);
  });

  it('works for agent staff and refuses an expired link', async () => {
    await request({ role: 'AGENT', email: 'branch-free@example.com' });
    const mail = await smtp.waitFor((m) => m.to.includes('branch-free@example.com'));
    await ctx.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const res = await complete({ token: tokenIn(mail.text), password: 'Kameoka#2027' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error_code).toBe('RESET_TOKEN_INVALID');
    expect((await login('branch-free@example.com', 'Sagano#2026')).statusCode).toBe(200);
  });

  it('refuses a malformed request naming the field', async () => {
    const res = await request({ role: 'CUSTOMER', email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('role');
  });

  it('delivers an invitation to a newly created user in English when that is their language', async () => {
    const admin = await ctx.login('admin@example.com');
    await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload: { email: 'new.crew@example.com', name: 'Alex Smith', language_code: 'en', user_group: 'BACK_OFFICE', user_type: 'STAFF' } });
    const mail = await smtp.waitFor((m) => m.to.includes('new.crew@example.com'));
    expect(mail.subject).toBe('[Sagano Group Bookings] Your account is ready');
    const ok = await complete({ token: tokenIn(mail.text), password: 'Saga#Station1' });
    expect(ok.statusCode).toBe(200);
    expect((await login('new.crew@example.com', 'Saga#Station1')).statusCode).toBe(200);
  });
});
