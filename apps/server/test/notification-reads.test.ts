/**
 * Notifications read and unread (issue 19, DESIGN §10 "Dashboards"): one shared read state per
 * inbox (the back office's, an agent's, a branch's), the unread count per category, marking one
 * or all read within exactly what the caller's list shows (another agent's or branch's: 404),
 * the operation log, and nothing written on a refusal.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../src/db/client.ts';
import { REALTIME_CHANNEL, type RealtimeNotice } from '../src/realtime/realtime-publish.ts';
import { withDatabaseName } from './test-database-names.ts';
import { until } from './support/polling.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentIds: Record<string, number>;
let head: { authorization: string };
let branch: { authorization: string };
let other: { authorization: string };
let station: { authorization: string };
/** An agent-side notification of the FREE agent's head office, and one of its Osaka branch. */
let headNotice: number;
let branchNotice: number;

const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers = staff) => ctx.app.inject({ method: 'PUT', url, headers });
const post = (url: string, payload: object | undefined, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function unread(headers = staff) {
  const res = await get('/v1/notifications/unread-count', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { booking: number; payment: number; total: number };
}

async function readState(id: number) {
  const [row] = rowsOf<{ read_at: Date | null; read_by: string | null }>(await ctx.database.db.execute(sql`select read_at, read_by from notifications where id = ${id}`));
  return row!;
}

async function logged(operation: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from operation_logs where operation = ${operation} and not is_error`));
  return row!.n;
}

async function agentNoticeOf(bookingId: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await ctx.database.db.execute(sql`select n.id from notifications n join bookings b on b.id = n.booking_id where b.booking_id = ${bookingId} and n.audience = 'AGENT' order by n.id limit 1`),
  );
  return Number(row!.id);
}

/** Listens on the live-update channel of this file's database (PGlite's own, or the PostgreSQL copy's). */
async function listenRealtime(): Promise<{ notices: RealtimeNotice[]; stop(): Promise<void> }> {
  const notices: RealtimeNotice[] = [];
  const pglite = ctx.database.pglite;
  if (pglite) {
    const unlisten = await pglite.listen(REALTIME_CHANNEL, (payload) => notices.push(JSON.parse(payload) as RealtimeNotice));
    return { notices, stop: unlisten };
  }
  const target = inject('testDatabase');
  const [db] = rowsOf<{ name: string }>(await ctx.database.db.execute(sql`select current_database() as name`));
  const client = new pg.Client({ connectionString: withDatabaseName((target as { url: string }).url, db!.name) });
  await client.connect();
  client.on('notification', (m) => notices.push(JSON.parse(m.payload!) as RealtimeNotice));
  await client.query(`listen ${REALTIME_CHANNEL}`);
  return { notices, stop: () => client.end() };
}

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  head = await ctx.login('agent-free@example.com');
  branch = await ctx.login('branch-free@example.com');
  other = await ctx.login('agent-contracted@example.com');
  station = await ctx.login('station@example.com');
  const headBooking = await confirmedBooking(ctx, staff, { agentId: agentIds.FREE!, day: fx.days[0]!, serviceId: fx.down, adults: 10, groupName: '既読テスト本社' });
  const branchBooking = await confirmedBooking(ctx, staff, { agentId: agentIds.FREE!, day: fx.days[0]!, serviceId: fx.down, adults: 10, groupName: '既読テスト支店' });
  headNotice = await agentNoticeOf(headBooking);
  branchNotice = await agentNoticeOf(branchBooking);
  // The second booking belongs to the Osaka branch, and so does its notification.
  await ctx.database.db.execute(sql`
    with osaka as (select id from agent_groups where agent_id = ${agentIds.FREE!} and name_ja = '大阪支店')
    update notifications set agent_sub_group_id = (select id from osaka) where id = ${branchNotice}`);
});
afterAll(() => ctx.close());

describe('unread state', () => {
  it('lists rows with is_read and read_at, filters the unread ones, and counts them per category', async () => {
    const counts = await unread(head);
    const [inDb] = rowsOf<{ booking: number; payment: number }>(
      await ctx.database.db.execute(sql`select count(*) filter (where category = 'booking')::int as booking, count(*) filter (where category = 'payment')::int as payment
        from notifications where audience = 'AGENT' and agent_id = ${agentIds.FREE!} and deleted_at is null and read_at is null`),
    );
    expect(counts).toEqual({ booking: inDb!.booking, payment: inDb!.payment, total: inDb!.booking + inDb!.payment });
    expect(counts.booking).toBeGreaterThanOrEqual(2);
    const list = (await get('/v1/notifications/booking?per_page=100&unread=true', head)).json();
    expect(list.total).toBe(counts.booking);
    expect(list.notifications.every((n: { is_read: boolean; read_at: string | null }) => !n.is_read && n.read_at === null)).toBe(true);
    expect((await get('/v1/notifications/booking?unread=yes', head)).statusCode).toBe(400);
  });

  it('marks one read for the whole inbox: logged once, the first reader kept, the count down by one', async () => {
    const before = await unread(head);
    const logs = await logged('notifications.read');
    const res = await put(`/v1/notifications/${headNotice}/read`, head);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notification_id: headNotice, is_read: true });
    expect((await unread(head)).booking).toBe(before.booking - 1);
    const state = await readState(headNotice);
    expect(state.read_by).toBe('agent-free@example.com');
    expect(await logged('notifications.read')).toBe(logs + 1);
    const row = (await get('/v1/notifications/booking?per_page=100', head)).json().notifications.find((n: { notification_id: number }) => n.notification_id === headNotice);
    expect(row).toMatchObject({ is_read: true, read_at: new Date(state.read_at!).toISOString() });

    // Read again: no change, the first time stays.
    expect((await put(`/v1/notifications/${headNotice}/read`, head)).json().read_at).toBe(new Date(state.read_at!).toISOString());
    expect((await readState(headNotice)).read_at).toEqual(state.read_at);
  });

  it("another agent's notification and a sibling inbox's answer 404 and change nothing", async () => {
    const before = await readState(branchNotice);
    expect(before.read_at).toBeNull();
    const byOther = await put(`/v1/notifications/${branchNotice}/read`, other);
    expect(byOther.statusCode).toBe(404);
    expect(errorOf(byOther).error_code).toBe('NOT_FOUND');
    // The Osaka branch does not see the head office's own notifications.
    const [headOnly] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`select id from notifications where audience = 'AGENT' and agent_id = ${agentIds.FREE!} and read_at is null and deleted_at is null and id <> ${branchNotice} order by id limit 1`),
    );
    expect((await put(`/v1/notifications/${headOnly!.id}/read`, branch)).statusCode).toBe(404);
    expect((await readState(Number(headOnly!.id))).read_at).toBeNull();
    // The back office's inbox is not an agent's: the agent's notification is not the operator's to mark.
    expect((await put(`/v1/notifications/${branchNotice}/read`, staff)).statusCode).toBe(404);
    expect(await readState(branchNotice)).toEqual(before);
    expect((await put('/v1/notifications/abc/read', head)).statusCode).toBe(400);
  });

  it('the branch and its head office share the branch inbox: read by one, read for both', async () => {
    const branchBefore = await unread(branch);
    expect(branchBefore.booking).toBeGreaterThanOrEqual(1);
    expect((await put(`/v1/notifications/${branchNotice}/read`, head)).statusCode).toBe(200);
    expect((await unread(branch)).booking).toBe(branchBefore.booking - 1);
  });

  it('marks all read, one category or both, only in the caller’s inbox', async () => {
    const adminBefore = await unread(staff);
    const otherBefore = await unread(other);
    const bad = await post('/v1/notifications/read-all', { category: 'mail' }, head);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('category');
    const logs = await logged('notifications.read_all');

    const bookingOnly = await post('/v1/notifications/read-all', { category: 'booking' }, branch);
    expect(bookingOnly.statusCode, bookingOnly.body).toBe(200);
    expect((await unread(branch)).booking).toBe(0);
    const headNow = await unread(head);
    expect(headNow.booking).toBeGreaterThanOrEqual(0);

    const all = await post('/v1/notifications/read-all', undefined, head);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().marked).toBe(headNow.total);
    expect(await unread(head)).toEqual({ booking: 0, payment: 0, total: 0 });
    expect(await logged('notifications.read_all')).toBe(logs + 2);
    // Nobody else's inbox moved.
    expect(await unread(staff)).toEqual(adminBefore);
    expect(await unread(other)).toEqual(otherBefore);

    const adminAll = await post('/v1/notifications/read-all', {}, staff);
    expect(adminAll.json().marked).toBe(adminBefore.total);
    expect((await unread(staff)).total).toBe(0);
    expect(await unread(other)).toEqual(otherBefore);
  });

  it('tells the inbox that changed to look again (notification.changed on commit), and nobody for a refusal', async () => {
    const heard = await listenRealtime();
    // Notices go out shortly after their commit: let those of earlier tests arrive, then listen afresh.
    await new Promise((r) => setTimeout(r, 500));
    heard.notices.length = 0;
    try {
      const [fresh] = rowsOf<{ id: number; agent_sub_group_id: number }>(
        await ctx.database.db.execute(sql`
          insert into notifications (audience, category, kind, agent_id, agent_sub_group_id)
          select 'AGENT', 'payment', 'PAYMENT_REMINDER', agent_id, id from agent_groups where agent_id = ${agentIds.FREE!} and is_root
          returning id, agent_sub_group_id`),
      );
      expect((await put(`/v1/notifications/${fresh!.id}/read`, other)).statusCode).toBe(404);
      expect((await put(`/v1/notifications/${fresh!.id}/read`, head)).statusCode).toBe(200);
      // The refused read told nobody; the read told the agent's inbox, once.
      await until(async () => heard.notices.length, (n) => n > 0, 'the live update');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.notices).toEqual([
        { rooms: ['operator', `agent:${agentIds.FREE}`, `branch:${fresh!.agent_sub_group_id}`], event: { type: 'notification.changed', category: 'payment' } },
      ]);
    } finally {
      await heard.stop();
    }
  });

  it('station staff have no inbox', async () => {
    expect((await get('/v1/notifications/unread-count', station)).statusCode).toBe(403);
    expect((await post('/v1/notifications/read-all', {}, station)).statusCode).toBe(403);
  });
});
