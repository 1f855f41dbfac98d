import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createSignedInTestApp, errorOf, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: Headers;
beforeAll(async () => ({ ctx, admin } = await createSignedInTestApp({ admin: 'admin@example.com' })));
afterAll(() => ctx.close());

const newUser = { email: 'hanako.kimura@example.com', name: '木村 花子', tel: '075-111-2222', language_code: 'ja', user_group: 'BACK_OFFICE', user_type: 'STAFF' };

async function countOf(table: typeof t.accounts | typeof t.outboxMails | typeof t.operatorUsers) {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('operator users', () => {
  it('lets an admin create, read, update and delete a user, inviting them by mail', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload: newUser });
    expect(created.statusCode).toBe(200);
    const user = created.json();
    expect(user).toMatchObject({ email: newUser.email, name: '木村 花子', user_group: 'BACK_OFFICE', user_type: 'STAFF', language_code: 'ja' });

    const [invite] = await ctx.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.toAddress, newUser.email));
    expect(invite).toMatchObject({ kind: 'account.invitation', status: 'PENDING' });
    expect(invite!.bodyText).toMatch(/http:\/\/sagano\.test\/reset-password\?token=/);

    const list = await ctx.app.inject({ method: 'GET', url: '/v1/users?query=kimura&per_page=5', headers: admin });
    expect(list.json()).toMatchObject({ total: 1, page: 1, per_page: 5, users: [{ uid: user.uid }] });

    const got = await ctx.app.inject({ method: 'GET', url: `/v1/users/${user.uid}`, headers: admin });
    expect(got.json().tel).toBe('075-111-2222');

    const updated = await ctx.app.inject({ method: 'PUT', url: '/v1/users', headers: admin, payload: { ...newUser, uid: user.uid, name: '木村 華子', user_group: 'STATION', language_code: 'en' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: '木村 華子', user_group: 'STATION', language_code: 'en' });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v1/users/${user.uid}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/users/${user.uid}`, headers: admin })).statusCode).toBe(404);
  });

  it('pages the list in a stable order', async () => {
    const page1 = (await ctx.app.inject({ method: 'GET', url: '/v1/users?per_page=2&page=1', headers: admin })).json();
    const page2 = (await ctx.app.inject({ method: 'GET', url: '/v1/users?per_page=2&page=2', headers: admin })).json();
    expect(page1.total).toBeGreaterThanOrEqual(4);
    expect(page1.users).toHaveLength(2);
    expect(page1.users[1].email < page2.users[0].email).toBe(true);
    const tooBig = await ctx.app.inject({ method: 'GET', url: '/v1/users?per_page=1000', headers: admin });
    expect(tooBig.statusCode).toBe(400);
    expect(errorOf(tooBig).field).toBe('per_page');
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = [await countOf(t.accounts), await countOf(t.outboxMails)];
    const cases: [object, string][] = [
      [{ ...newUser, email: 'not-an-email' }, 'email'],
      [{ ...newUser, name: '' }, 'name'],
      [{ ...newUser, user_group: 'PILOT' }, 'user_group'],
      [{ ...newUser, tel: 'call me' }, 'tel'],
      [{ email: 'x@example.com', name: 'x', user_group: 'BACK_OFFICE' }, 'user_type'],
    ];
    for (const [payload, field] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    expect(errorOf(await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload: { ...newUser, name: '' } })).error_description).toBe('name: enter a name');
    expect([await countOf(t.accounts), await countOf(t.outboxMails)]).toEqual(before);
  });

  it('refuses an e-mail already registered, by an operator or an agent, in any case', async () => {
    for (const email of ['STAFF@example.com', 'agent-free@example.com']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload: { ...newUser, email } });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', error_description: 'email: the email address is already registered', field: 'email' });
    }
  });

  it('keeps the caller and the last admin', async () => {
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: admin })).json().user;
    const self = await ctx.app.inject({ method: 'DELETE', url: `/v1/users/${me.uid}`, headers: admin });
    expect(self.statusCode).toBe(409);
    expect(errorOf(self).error_code).toBe('CANNOT_DELETE_SELF');
    const demote = await ctx.app.inject({ method: 'PUT', url: '/v1/users', headers: admin, payload: { ...newUser, email: 'admin@example.com', uid: me.uid } });
    expect(demote.statusCode).toBe(409);
    const [still] = await ctx.database.db.select().from(t.operatorUsers).where(eq(t.operatorUsers.accountId, me.uid));
    expect(still!.userType).toBe('ADMIN');
  });

  it('is for back-office admins only', async () => {
    const staff = await ctx.login('staff@example.com');
    const station = await ctx.login('station@example.com');
    const agent = await ctx.login('agent-free@example.com');
    for (const headers of [staff, station, agent]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(403);
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/users', headers, payload: { ...newUser, email: 'sneaky@example.com' } });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).error_code).toBe('FORBIDDEN');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/users' })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(t.accounts).where(eq(t.accounts.email, 'sneaky@example.com'))).toHaveLength(0);
  });

  it('sends a password reset mail for a user', async () => {
    const staffUid = (await ctx.database.db.select({ id: t.accounts.id }).from(t.accounts).where(eq(t.accounts.email, 'staff@example.com')))[0]!.id;
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/users/send_password_reset_email', headers: admin, payload: { uid: staffUid } });
    expect(res.statusCode).toBe(200);
    const mails = await ctx.database.db.select().from(t.outboxMails).where(sql`to_address = 'staff@example.com' and kind = 'account.password_reset'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('パスワード再設定');
  });
});
