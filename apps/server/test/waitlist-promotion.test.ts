/**
 * Waitlist promotion (issue 18, DESIGN §5): when a cancellation frees room on a full train, the
 * waitlisted groups that now fit are given their allotment in submission order, each whole or
 * not at all; the operator and the agent are told; a rerun changes nothing; racing promotions
 * and holds never oversell (on PostgreSQL they race on real connections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { promoteWaitlist } from '../src/modules/bookings/waitlist-promotion.ts';
import type { TestApp } from './test-app.ts';
import { GROUP, INDIVIDUAL, openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';
import { until } from './support/polling.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agent: { authorization: string };
let agents: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp({ jobs: true }));
  agent = await ctx.login('agent-free@example.com');
});
afterAll(() => ctx.close());

const ADULT = 1;

const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });

async function submit(day: string, people: number, options: { waitListing?: boolean; name?: string } = {}) {
  const res = await post('/v1/bookings', {
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
    group: { group_type: 'NORMAL', name: options.name ?? '桜ヶ丘町内会', name_kana: 'サクラガオカチョウナイカイ', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: people }], wheel_chairs: [] },
    agent_id: agents.FREE,
    ...(options.waitListing ? { wait_listing: true } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return res.json().booking_id as string;
}

/** The group counters of the fixture's down train on a day, per leg. */
async function counters(day: string) {
  return ctx.database.db
    .select({ leg: t.inventoryCounters.leg, capacity: t.inventoryCounters.capacity, held: t.inventoryCounters.held })
    .from(t.inventoryCounters)
    .where(and(eq(t.inventoryCounters.serviceDate, day), eq(t.inventoryCounters.serviceId, fx.down), eq(t.inventoryCounters.arrangementTypeId, GROUP)))
    .orderBy(t.inventoryCounters.leg);
}

/** Fills the train's group seats on every leg, as other bookings would. */
async function fill(day: string) {
  await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
}

async function statusOf(id: string) {
  const b = (await get(`/v1/bookings/${id}`)).json();
  return { status: b.status as string, sub_status: b.sub_status as string };
}

async function notificationsOf(id: string) {
  return rowsOf<{ audience: string; kind: string; agent_id: number }>(
    await ctx.database.db.execute(sql`select n.audience, n.kind, n.agent_id from notifications n join bookings b on b.id = n.booking_id where b.booking_id = ${id} and n.kind = 'WAITLIST_PROMOTED' order by n.audience`),
  );
}

describe('waitlist promotion', () => {
  it('gives the groups that fit their seats in submission order when a cancellation frees room; the one too big waits', async () => {
    const day = fx.days[0]!;
    // A booking holds 20 group seats; everything else on the train is taken.
    const holder = await submit(day, 20, { name: '取消予定の団体' });
    expect((await post(`/v1/bookings/${holder}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
    await fill(day);
    const a = await submit(day, 10, { waitListing: true, name: '待ちA' });
    const b = await submit(day, 40, { waitListing: true, name: '待ちB' });
    const c = await submit(day, 8, { waitListing: true, name: '待ちC' });
    for (const id of [a, b, c]) expect(await statusOf(id)).toEqual({ status: 'WAITLIST', sub_status: 'INITIAL' });
    const full = await counters(day);

    // The agent cancels, the operator confirms: 20 seats come back, the job promotes after commit.
    expect((await post(`/v1/bookings/${holder}/cancel`, { agree_cancellation_policy: true }, agent)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${holder}/confirm_cancellation`)).statusCode).toBe(200);
    await until(() => statusOf(c), (s) => s.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED', 'C promoted');
    expect(await statusOf(a)).toEqual({ status: 'WAITLIST', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
    expect(await statusOf(b)).toEqual({ status: 'WAITLIST', sub_status: 'INITIAL' });
    // 20 freed, 10 + 8 taken again: 2 seats left on every leg, never more held than there are seats.
    expect(await counters(day)).toEqual(full.map((x) => ({ ...x, held: x.capacity - 2 })));

    // The request the cancellation wrote with it is marked done by the job (nothing left for the sweep).
    await until(
      async () => rowsOf<{ reason: string; done: boolean }>(await ctx.database.db.execute(sql`select reason, done_at is not null as done from waitlist_promotion_requests where trains @> ${JSON.stringify([{ service_date: day, service_id: fx.down }])}::jsonb`)),
      (rows) => rows.length === 1 && rows[0]!.done,
      'the cancellation\'s request done',
    );
    expect(rowsOf<{ reason: string }>(await ctx.database.db.execute(sql`select reason from waitlist_promotion_requests where trains @> ${JSON.stringify([{ service_date: day, service_id: fx.down }])}::jsonb`))).toEqual([{ reason: 'CANCELLATION' }]);

    // In submission order: A's promotion came before C's.
    const effects = rowsOf<{ booking_id: string }>(
      await ctx.database.db.execute(sql`select b.booking_id from scheduled_effects e join bookings b on b.id = e.booking_id where e.kind = 'WAITLIST_PROMOTION' order by e.id`),
    );
    expect(effects.map((e) => e.booking_id)).toEqual([a, c]);

    // The operator and the agent are told, for A and C only.
    for (const id of [a, c]) expect((await notificationsOf(id)).map((n) => [n.audience, n.agent_id])).toEqual([['ADMIN', agents.FREE], ['AGENT', agents.FREE]]);
    expect(await notificationsOf(b)).toEqual([]);
    const seen = (await get('/v1/notifications/booking?page=1&per_page=100', agent)).json().notifications as { kind: string; booking_id: string }[];
    expect(seen.filter((n) => n.kind === 'WAITLIST_PROMOTED').map((n) => n.booking_id).sort()).toEqual([a, c].sort());
    const other = await ctx.login('agent-contracted@example.com');
    const foreign = (await get('/v1/notifications/booking?page=1&per_page=100', other)).json().notifications as { booking_id: string }[];
    expect(foreign.some((n) => n.booking_id === a || n.booking_id === c)).toBe(false);

    // History signed by the system, the operation log as `system`; the operator confirms as usual.
    const detail = (await get(`/v1/bookings/${a}`)).json();
    expect(detail.flags).toMatchObject({ can_confirm_allotments: true, can_release_allotments: true, can_reserve_allotments: false });
    expect(detail.main_param_histories.at(-1)).toMatchObject({ type: 'UPDATE' });
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'bookings.promote_waitlist'), eq(t.operationLogs.bookingId, a)));
    expect(log).toMatchObject({ operator: 'system', category: 'bookings', isError: false });
    const [revision] = rowsOf<{ created_by: string }>(
      await ctx.database.db.execute(sql`select h.created_by from booking_histories h join bookings b on b.id = h.booking_id where b.booking_id = ${a} order by h.revision desc limit 1`),
    );
    expect(revision?.created_by).toBe('system');

    // A second run (or a second server) changes nothing.
    const again = await promoteWaitlist({ db: ctx.database.db, clock: systemClock }, { trains: [{ service_date: day, service_id: fx.down }], reason: 'CANCELLATION' });
    expect(again.promoted).toEqual([]);
    expect(again.skipped).toEqual([b]);
    expect(await counters(day)).toEqual(full.map((x) => ({ ...x, held: x.capacity - 2 })));
    expect(await notificationsOf(a)).toHaveLength(2);

    expect((await post(`/v1/bookings/${a}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '承りました' } })).statusCode).toBe(200);
    expect(await statusOf(a)).toEqual({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
  });

  it('does not hand a waitlisted booking back the seats the operator just released from it', async () => {
    const day = fx.days[1]!;
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 12 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const waiting = await submit(day, 15, { waitListing: true, name: '待ちD' });
    const second = await submit(day, 14, { waitListing: true, name: '待ちE' });
    expect(await statusOf(waiting)).toEqual({ status: 'WAITLIST', sub_status: 'INITIAL' });
    // Room for one of them: the operator holds D by hand, then releases it again.
    await ctx.database.db.execute(sql`update inventory_counters set held = held - 3 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    expect((await post(`/v1/bookings/${waiting}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
    expect((await post(`/v1/bookings/${waiting}/release_allotments`)).statusCode).toBe(200);
    // The room goes to the next in line, E, not straight back to D.
    await until(() => statusOf(second), (s) => s.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED', 'E promoted');
    expect(await statusOf(waiting)).toEqual({ status: 'WAITLIST', sub_status: 'INITIAL' });
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    await ctx.database.db.execute(sql`update booking_services set held_group = 0 where booking_id = (select id from bookings where booking_id = ${second})`);
    await ctx.database.db.execute(sql`update bookings set status = 'NOT_RESERVED', sub_status = 'INITIAL' where booking_id in (${waiting}, ${second})`);
  });

  it('promotes when sales of a train on hold open again', async () => {
    const day = fx.days[1]!;
    const status = (operation: string) => ctx.app.inject({ method: 'PUT', url: `/v1/services/${fx.down}/status`, headers: staff, payload: { date: day, operation } });
    await fill(day);
    const waiting = await submit(day, 12, { waitListing: true, name: '待ちF' });
    expect((await status('pending')).statusCode).toBe(200);
    // Room comes back while sales are on hold: nothing can be held until they open again.
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    expect((await status('remove pending')).statusCode).toBe(200);
    await until(() => statusOf(waiting), (s) => s.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED', 'F promoted');
    expect((await counters(day)).every((x) => x.held === 12)).toBe(true);
  });

  it('promotes when a slot adjustment moves seats into the group allotment', async () => {
    const day = fx.days[1]!;
    await fill(day);
    const waiting = await submit(day, 6, { waitListing: true, name: '待ちG' });
    expect(await statusOf(waiting)).toEqual({ status: 'WAITLIST', sub_status: 'INITIAL' });
    const seats = rowsOf<{ seat_id: string }>(
      await ctx.database.db.execute(sql`select seat_id from arrangement_pattern_seats where arrangement_pattern_id = ${fx.patternId} and arrangement_type_id = ${INDIVIDUAL} order by seat_id limit 6`),
    );
    const moved = await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers: staff, payload: { service_date: day, service_id: fx.down, moves: seats.map((x) => ({ seat_id: x.seat_id, arrangement_type_id: GROUP })) } });
    expect(moved.statusCode).toBe(200);
    await until(() => statusOf(waiting), (s) => s.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED', 'G promoted');
    expect((await counters(day)).every((x) => x.held === x.capacity)).toBe(true);
  });

  it('never oversells when promotions race each other and an operator hold on the same train', async () => {
    const day = fx.specialDay;
    const special = fx.special;
    const requests: string[] = [];
    const submitOn = async (people: number, waitListing: boolean) => {
      const res = await post('/v1/bookings', {
        applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
        tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
        group: { group_type: 'NORMAL', name: '競合団体', name_kana: 'キョウゴウダンタイ', country_code: 'JPN', japan_prefecture_code: 26 },
        service_order: { down_service: { service_date: day, service_id: special, from_station_id: 1, to_station_id: 4 } },
        participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: people }], wheel_chairs: [] },
        agent_id: agents.FREE,
        ...(waitListing ? { wait_listing: true } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
      return res.json().booking_id as string;
    };
    const other = await submitOn(12, false); // submitted while there is room, held later by the operator
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${special} and arrangement_type_id = ${GROUP}`);
    for (let i = 0; i < 4; i++) requests.push(await submitOn(12, true));
    // 20 seats free: room for one group of 12, not two.
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 20 where service_date = ${day} and service_id = ${special} and arrangement_type_id = ${GROUP}`);
    const payload = { trains: [{ service_date: day, service_id: special }], reason: 'CANCELLATION' };
    const results = await Promise.allSettled([
      promoteWaitlist({ db: ctx.database.db, clock: systemClock }, payload),
      promoteWaitlist({ db: ctx.database.db, clock: systemClock }, payload),
      post(`/v1/bookings/${other}/reserve_allotments`),
      promoteWaitlist({ db: ctx.database.db, clock: systemClock }, payload),
    ]);
    const rows = rowsOf<{ leg: number; capacity: number; held: number }>(
      await ctx.database.db.execute(sql`select leg, capacity, held from inventory_counters where service_date = ${day} and service_id = ${special} and arrangement_type_id = ${GROUP} order by leg`),
    );
    const holders = rowsOf<{ booking_id: string; held_group: number }>(
      await ctx.database.db.execute(sql`select b.booking_id, bs.held_group from booking_services bs join bookings b on b.id = bs.booking_id where bs.service_date = ${day} and bs.service_id = ${special} and bs.held_group > 0`),
    );
    // Exactly one group of 12 got the 20 seats; nothing is oversold, counters and bookings agree.
    expect(holders).toHaveLength(1);
    for (const r of rows) {
      expect(r.held).toBeLessThanOrEqual(r.capacity);
      expect(r.held).toBe(r.capacity - 20 + 12);
    }
    const promoted = results.flatMap((r) => (r.status === 'fulfilled' && r.value && 'promoted' in r.value ? r.value.promoted : []));
    expect(new Set(promoted).size).toBe(promoted.length);
    expect(promoted.every((id) => requests.includes(id))).toBe(true);
    if (promoted.length === 1) expect(promoted[0]).toBe(requests[0]); // the first in line, when a promotion won
  });
});
