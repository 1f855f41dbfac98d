/**
 * "Confirmed means seatable" (DESIGN §4): a hold is refused when seats already sent leave some
 * held booking without one seat on all its legs; seat assignment moves held-but-unsent seats to
 * seat a group; fixing seats (seat table, voucher, the group's own choice) is refused when it
 * would strand another held booking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, keepGroupSeats, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentId: number;

const ADULT = 1;
const mail = { mail: { subject: 's', body: 'b' } };

const post = (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: staff, ...(payload ? { payload } : {}) });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff });

type Direction = 'down' | 'up';

/** Leaves two group seats on the fixture's train that day (the down one unless told): 1-1A and 1-1B. */
const twoGroupSeats = (day: string, direction: Direction = 'down') => keepGroupSeats(ctx, staff, day, direction === 'down' ? fx.down : fx.up, ['1-1A', '1-1B']);

async function submit(day: string, from: number, to: number, group: string, direction: Direction = 'down') {
  const res = await post('/v1/bookings', {
    applicant: { name: '嵯峨 花子', email: 'hanako.fragment@example.com', phone_number: '075-000-1111' },
    tour_conductor: { name: '添乗 次郎', phone_number: '090-0000-1111' },
    group: { group_type: 'NORMAL', name: group, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { [`${direction}_service`]: { service_date: day, service_id: direction === 'down' ? fx.down : fx.up, from_station_id: from, to_station_id: to } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 1 }], wheel_chairs: [] },
    agent_id: agentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}

async function confirmed(day: string, from: number, to: number, group: string, direction: Direction = 'down') {
  const id = await submit(day, from, to, group, direction);
  expect((await post(`/v1/bookings/${id}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  expect((await post(`/v1/bookings/${id}/confirm_booking`, mail)).statusCode).toBe(200);
  return id;
}

async function seatOn(id: string, seatId: string, direction: Direction = 'down') {
  const res = await post(`/v1/bookings/${id}/assign_seats`, { seat_req: [{ direction, seat_ids: [seatId] }] });
  expect(res.statusCode, res.body).toBe(200);
}

/** The case: two group seats that day, X (1→2) seated on 1-1A, Y (3→4) on 1-1B, both confirmed and held. */
async function xOnOneSeatYOnTheOther(day: string) {
  await twoGroupSeats(day);
  const x = await confirmed(day, 1, 2, 'X 1→2');
  const y = await confirmed(day, 3, 4, 'Y 3→4');
  await seatOn(x, '1-1A');
  await seatOn(y, '1-1B');
  return { x, y };
}

async function sendSeatTable(id: string) {
  expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
  return post(`/v1/bookings/${id}/send_seat_table`, mail);
}

const seatsOf = async (id: string) =>
  (await ctx.database.db.select({ seatId: t.seatAssignments.seatId, fixed: t.seatAssignments.fixed }).from(t.seatAssignments).where(eq(t.seatAssignments.bookingId, id))).map((r) => r.seatId);

async function counters(day: string) {
  const rows = await ctx.database.db
    .select({ leg: t.inventoryCounters.leg, held: t.inventoryCounters.held, capacity: t.inventoryCounters.capacity })
    .from(t.inventoryCounters)
    .where(and(eq(t.inventoryCounters.serviceDate, day), eq(t.inventoryCounters.serviceId, fx.down), eq(t.inventoryCounters.arrangementTypeId, GROUP)))
    .orderBy(t.inventoryCounters.leg);
  return rows;
}

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  agentId = agentIds.CONTRACTED!;
});
afterAll(async () => {
  await ctx.close();
});

describe('two group seats, X on 1→2 on 1-1A, Y on 3→4 on 1-1B, Z for 1→4', () => {
  it('with X and Y only held, Z is confirmed and seated: X and Y are moved onto one seat', async () => {
    const day = fx.days[0]!;
    const { x, y } = await xOnOneSeatYOnTheOther(day);
    const z = await confirmed(day, 1, 4, 'Z 1→4');
    expect((await get(`/v1/bookings/${z}`)).json().status).toBe('RESERVED');

    const res = await post(`/v1/bookings/${z}/assign_seats`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved_booking_ids).toHaveLength(1);
    expect([x, y]).toContain(res.json().moved_booking_ids[0]);
    const [zSeat] = await seatsOf(z);
    const [xSeat] = await seatsOf(x);
    const [ySeat] = await seatsOf(y);
    expect(zSeat).toBeDefined();
    expect(xSeat).toBe(ySeat);
    expect(xSeat).not.toBe(zSeat);
    // The group whose seat moved has a revision saying so.
    const moved = rowsOf(
      await ctx.database.db.execute(sql`
        select h.created_by from booking_histories h join bookings b on b.id = h.booking_id
        where b.booking_id in (${x}, ${y}) and h.created_by = 'seat-repacking'`),
    );
    expect(moved).toHaveLength(1);
    // And its agent is told, on that booking, in its own branch's inbox.
    const told = rowsOf<{ booking_id: string; same_agent: boolean; same_branch: boolean }>(
      await ctx.database.db.execute(sql`
        select b.booking_id, n.agent_id = b.agent_id as same_agent, n.agent_sub_group_id = b.agent_sub_group_id as same_branch
        from notifications n join bookings b on b.id = n.booking_id
        where b.booking_id in (${x}, ${y}, ${z}) and n.kind = 'SEATS_REARRANGED' and n.audience = 'AGENT'`),
    );
    expect(told).toEqual([{ booking_id: res.json().moved_booking_ids[0], same_agent: true, same_branch: true }]);
    // Everyone can go on: the moved group and Z reach OK.
    expect((await post(`/v1/bookings/${z}/assign_seats_ok`)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${x}/assign_seats_ok`)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${y}/assign_seats_ok`)).statusCode).toBe(200);
  });

  it('with the seat tables of X and Y sent, Z cannot be held (like a full train) and nothing moves', async () => {
    const day = fx.days[1]!;
    const { x, y } = await xOnOneSeatYOnTheOther(day);
    expect((await sendSeatTable(x)).statusCode).toBe(200);
    expect((await sendSeatTable(y)).statusCode).toBe(200);
    const fixed = await ctx.database.db.select({ fixed: t.seatAssignments.fixed }).from(t.seatAssignments).where(eq(t.seatAssignments.serviceDate, day));
    expect(fixed).toEqual([{ fixed: true }, { fixed: true }]);
    const before = await counters(day);
    expect(before.map((c) => c.held)).toEqual([1, 0, 1]);

    const z = await submit(day, 1, 4, 'Z 1→4');
    const reserve = await post(`/v1/bookings/${z}/reserve_allotments`);
    expect(reserve.statusCode, reserve.body).toBe(200);
    expect(reserve.json().sub_status).toBe('SAGANO_ALLOTMENT_NOT_AVAILABLE');
    expect(reserve.json().warning).toContain('no group seat stays free on every leg');
    expect(await counters(day)).toEqual(before);
    expect((await post(`/v1/bookings/${z}/confirm_booking`, mail)).statusCode).toBe(409);

    // A rider on 2→3 still fits beside X and Y's fixed seats: the rule refuses only what cannot sit.
    const w = await submit(day, 2, 3, 'W 2→3');
    expect((await post(`/v1/bookings/${w}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  });

  it('sending a seat table that would strand a held booking is refused; seated again, it goes', async () => {
    const day = fx.specialDay;
    const { x, y } = await xOnOneSeatYOnTheOther(day);
    const z = await confirmed(day, 1, 4, 'Z 1→4');
    expect((await sendSeatTable(x)).statusCode).toBe(200);
    const refused = await sendSeatTable(y);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error_code).toBe('SEATS_FRAGMENTED');
    expect((await get(`/v1/bookings/${y}`)).json().sub_status).toBe('SAGANO_SEAT_RESERVED');
    expect(await seatsOf(y)).toEqual(['1-1B']);

    // Seated again automatically, Y goes beside X's fixed seat, and both tables are out.
    expect((await post(`/v1/bookings/${y}/release-seats`, {})).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${y}/assign_seats`)).statusCode).toBe(200);
    expect(await seatsOf(y)).toEqual(['1-1A']);
    expect((await sendSeatTable(y)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${z}/assign_seats`)).statusCode).toBe(200);
    expect(await seatsOf(z)).toEqual(['1-1B']);
  });
});

describe('a group busy in a step of its own keeps its seats while another group is seated (ADR 029)', () => {
  // Seat re-packing runs under the train-day lock; a group whose booking row another transaction
  // holds (a step of its own, which may be waiting for that same lock) is seated around, never
  // waited for: waiting was a deadlock between the two, answered 409 "try again".
  it('with X\'s booking held by another transaction, Z is seated at once: Y moves beside X, X keeps its seat', async () => {
    const day = fx.days[0]!;
    await twoGroupSeats(day, 'up');
    const x = await confirmed(day, 4, 3, 'X 4→3', 'up');
    const y = await confirmed(day, 2, 1, 'Y 2→1', 'up');
    await seatOn(x, '1-1A', 'up');
    await seatOn(y, '1-1B', 'up');
    const z = await confirmed(day, 4, 1, 'Z 4→1', 'up');
    const seatZ = () => post(`/v1/bookings/${z}/assign_seats`);
    // The embedded database has one connection: no second transaction can hold X there.
    const res = ctx.database.engine === 'postgres'
      ? await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select id from bookings where booking_id = ${x} for update`);
          return seatZ();
        })
      : await seatZ();
    expect(res.statusCode, res.body).toBe(200);
    expect(await seatsOf(z)).toHaveLength(1);
    if (ctx.database.engine === 'postgres') {
      expect(res.json().moved_booking_ids).toEqual([y]);
      expect(await seatsOf(x)).toEqual(['1-1A']);
      expect(await seatsOf(y)).toEqual(['1-1A']);
      expect(await seatsOf(z)).toEqual(['1-1B']);
    } else {
      expect(res.json().moved_booking_ids).toHaveLength(1);
    }
  });
});
