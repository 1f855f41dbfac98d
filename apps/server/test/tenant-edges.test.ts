/**
 * Tenant and role edges (DESIGN §10, input and tenant edges): an idempotency key never answers
 * another branch's booking; station staff have no back-office notifications; two-factor codes
 * are redacted in the operation log; passwords holding the account's e-mail, or the published
 * demo password on an install without demo data, are refused; a one-minute idle window holds
 * to within seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { touchIntervalMs } from '../src/modules/auth/auth.service.ts';
import { createTestApp, errorOf, latestOperationLog, type TestApp } from './test-app.ts';
import { addFixturePricing, createInventoryFixture, type InventoryFixture } from './support/inventory-fixture.ts';

let ctx: TestApp;
/** An install without demo data (DEMO_DATA=off) and a one-minute idle window. */
let bare: TestApp;
let fx: InventoryFixture;
let freeAgentId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  bare = await createTestApp({ env: { DEMO_DATA: 'off', SESSION_IDLE_MINUTES: '1' } });
  fx = await createInventoryFixture(ctx.database.db);
  await addFixturePricing(ctx.database.db);
  const [agent] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'FREE'));
  freeAgentId = agent!.id;
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
});

const lastLog = async (app: TestApp, operation: string) => (await latestOperationLog(app, operation))!;

describe('external_idempotent_id across branches', () => {
  const body = (key: string) => ({
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    group: { group_type: 'NORMAL', name: '鍵の会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 10 }], wheel_chairs: [] },
    agent_id: freeAgentId,
    external_idempotent_id: key,
  });
  const submit = (headers: { authorization: string }, key: string) => ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers, payload: body(key) });
  const withKey = (key: string) => ctx.database.db.select().from(t.bookings).where(and(eq(t.bookings.agentId, freeAgentId), eq(t.bookings.externalIdempotentId, key)));

  it("refuses another branch's replay instead of answering that branch's booking", async () => {
    const branch = await ctx.login('branch-free@example.com');
    const head = await ctx.login('agent-free@example.com');

    const first = await submit(branch, 'branch-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const bookingId = first.json().booking_id as string;
    // The same branch replaying gets its booking.
    expect((await submit(branch, 'branch-key-1')).json().booking_id).toBe(bookingId);

    // The head office (another group of the agent) replaying the branch's key is refused.
    const replayed = await submit(head, 'branch-key-1');
    expect(replayed.statusCode).toBe(422);
    expect(errorOf(replayed)).toMatchObject({ error_code: 'UNPROCESSABLE', field: 'external_idempotent_id' });
    expect(replayed.body).not.toContain(bookingId);
    expect(await withKey('branch-key-1')).toHaveLength(1);

    // And the other way round.
    const own = await submit(head, 'head-key-1');
    expect(own.statusCode).toBe(200);
    const back = await submit(branch, 'head-key-1');
    expect(back.statusCode).toBe(422);
    expect(back.body).not.toContain(own.json().booking_id);
  });
});

describe('notifications are not for station staff', () => {
  it('refuses station staff reading or deleting the back-office notifications, and logs the attempt', async () => {
    const station = await ctx.login('station@example.com');
    for (const category of ['booking', 'payment']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v1/notifications/${category}`, headers: station });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).error_code).toBe('FORBIDDEN');
    }
    const [notice] = await ctx.database.db.select().from(t.notifications).where(and(eq(t.notifications.audience, 'ADMIN'), sql`${t.notifications.deletedAt} is null`)).limit(1);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/v1/notifications/${notice!.id}`, headers: station });
    expect(res.statusCode).toBe(403);
    const [after] = await ctx.database.db.select().from(t.notifications).where(eq(t.notifications.id, notice!.id));
    expect(after!.deletedAt).toBeNull();
    expect(await lastLog(ctx, 'notifications.delete')).toMatchObject({ isError: true, statusCode: 403, operator: 'station@example.com' });
    // The back office still reads them.
    const admin = await ctx.login('admin@example.com');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notifications/booking', headers: admin })).statusCode).toBe(200);
  });
});

describe('two-factor codes in the operation log', () => {
  it('redacts the code of the two-factor calls and the totp_code of the login', async () => {
    const staff = await ctx.login('staff@example.com');
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/auth/totp/setup', headers: staff })).statusCode).toBe(200);
    const confirm = await ctx.app.inject({ method: 'POST', url: '/v1/auth/totp/confirm', headers: staff, payload: { code: '123456' } });
    expect(confirm.statusCode).toBe(400);
    const confirmLog = await lastLog(ctx, 'auth.totp_confirm');
    expect(confirmLog.requestJson).toMatchObject({ body: { code: '[REDACTED]' } });
    expect(JSON.stringify(confirmLog.requestJson)).not.toContain('123456');

    await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'train@example.com', password: 'Wrong#2026', totp_code: '654321' } });
    const loginLog = await lastLog(ctx, 'auth.login');
    expect(JSON.stringify(loginLog.requestJson)).not.toContain('654321');
    expect(loginLog.requestJson).toMatchObject({ body: { totp_code: '[REDACTED]', password: '[REDACTED]' } });
  });
});

describe('password rules beyond the shape', () => {
  const change = (app: TestApp, headers: { authorization: string }, next: string) =>
    app.app.inject({ method: 'PUT', url: '/v1/auth/password', headers, payload: { current_password: 'Sagano#2026', new_password: next } });

  it("refuses a new password holding the account's e-mail or its local part, naming the field", async () => {
    const staff = await ctx.login('staff@example.com');
    for (const next of ['Staff@Example.com#1', 'Go#STAFF2026x']) {
      const res = await change(ctx, staff, next);
      expect(res.statusCode, next).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'PASSWORD_CONTAINS_EMAIL', field: 'new_password' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: staff })).statusCode).toBe(200);
  });

  it('refuses the published demo password on an install without demo data, also through a reset link', async () => {
    const station = await bare.login('station@example.com');
    const res = await change(bare, station, 'Sagano#2026');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'PASSWORD_PUBLISHED', field: 'new_password' });

    expect((await bare.app.inject({ method: 'POST', url: '/v1/reset-password', payload: { role: 'ADMIN', email: 'station@example.com' } })).statusCode).toBe(200);
    const [mail] = await bare.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.toAddress, 'station@example.com')).orderBy(desc(t.outboxMails.createdAt)).limit(1);
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.bodyText)![1]!);
    const published = await bare.app.inject({ method: 'PUT', url: '/v1/reset-password', payload: { token, password: 'sAGANO#2026' } });
    expect(errorOf(published)).toMatchObject({ error_code: 'PASSWORD_PUBLISHED', field: 'password' });
    const email = await bare.app.inject({ method: 'PUT', url: '/v1/reset-password', payload: { token, password: 'Station#Kyoto1' } });
    expect(errorOf(email)).toMatchObject({ error_code: 'PASSWORD_CONTAINS_EMAIL', field: 'password' });
    // The refusals left the link usable.
    expect((await bare.app.inject({ method: 'PUT', url: '/v1/reset-password', payload: { token, password: 'Hozugawa#88' } })).statusCode).toBe(200);
  });

  it('lets the demo install keep its published password rule out of the way', async () => {
    const admin = await ctx.login('admin@example.com');
    const res = await change(ctx, admin, 'Sagano#2026');
    // Refused only as the current password, not as a published one.
    expect(errorOf(res)).toMatchObject({ error_code: 'PASSWORD_POLICY_VIOLATION', field: 'new_password' });
    expect(errorOf(res).error_description).toContain('different from the current one');
  });
});

describe('session idle expiry with a one-minute window', () => {
  const me = (headers: { authorization: string }) => bare.app.inject({ method: 'GET', url: '/v1/auth/me', headers });
  async function lastSeen(accountEmail: string): Promise<{ id: string; at: Date }> {
    const rows = (await bare.database.db.execute(sql`select s.id, s.last_seen_at as at from sessions s join accounts a on a.id = s.account_id where a.email = ${accountEmail} order by s.created_at desc limit 1`)) as unknown as { rows: { id: string; at: string | Date }[] };
    return { id: rows.rows[0]!.id, at: new Date(rows.rows[0]!.at) };
  }
  const ageBy = (id: string, seconds: number) => bare.database.db.execute(sql`update sessions set last_seen_at = now() - make_interval(secs => ${seconds}) where id = ${id}`);

  it('writes the last use at most every thirtieth of the window', () => {
    expect(touchIntervalMs(60_000)).toBe(2_000);
    expect(touchIntervalMs(120 * 60_000)).toBe(60_000);
  });

  it('keeps a session used every 30 s alive, and ends it once idle for the minute', async () => {
    const headers = await bare.login('admin@example.com');
    const { id } = await lastSeen('admin@example.com');
    // Used 30 s after the last use: still alive, and the use is recorded (a fixed one-minute throttle did not).
    await ageBy(id, 30);
    expect((await me(headers)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen('admin@example.com')).at.getTime()).toBeLessThan(2_000);
    // 30 s later again (60 s after login): alive, since the last use was 30 s ago.
    await ageBy(id, 30);
    expect((await me(headers)).statusCode).toBe(200);
    // Idle 57 s: alive; idle 61 s: ended.
    await ageBy(id, 57);
    expect((await me(headers)).statusCode).toBe(200);
    await ageBy(id, 61);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('does not write on every request', async () => {
    const headers = await bare.login('staff@example.com');
    const before = await lastSeen('staff@example.com');
    await ageBy(before.id, 0);
    const aged = await lastSeen('staff@example.com');
    expect((await me(headers)).statusCode).toBe(200);
    expect((await lastSeen('staff@example.com')).at.getTime()).toBe(aged.at.getTime());
  });
});
