import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { holdAllotment, releaseAllotment } from '../src/modules/inventory/allotments.ts';
import { rebuildInventory } from '../src/modules/inventory/inventory-build.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';
import { createInventoryFixture, FIXTURE_GROUP_SEATS, GROUP, groupLegsDrift, INDIVIDUAL, STANDING, WHEELCHAIR, type InventoryFixture } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  fx = await createInventoryFixture(ctx.database.db);
  staff = await ctx.login('staff@example.com');
});
afterAll(() => ctx.close());

async function counter(date: string, serviceId: number, typeId: number, leg: number) {
  const [row] = await ctx.database.db
    .select({ capacity: t.inventoryCounters.capacity, held: t.inventoryCounters.held })
    .from(t.inventoryCounters)
    .where(and(eq(t.inventoryCounters.serviceDate, date), eq(t.inventoryCounters.serviceId, serviceId), eq(t.inventoryCounters.arrangementTypeId, typeId), eq(t.inventoryCounters.leg, leg)));
  return row;
}

const hold = (date: string, serviceId: number, legs: number[], quantity: number, arrangementTypeId = GROUP) =>
  inTransaction(ctx.database.db, ({ tx }) => holdAllotment(tx, { serviceDate: date, serviceId, arrangementTypeId, legs, quantity }));
const release = (date: string, serviceId: number, legs: number[], quantity: number) =>
  inTransaction(ctx.database.db, ({ tx }) => releaseAllotment(tx, { serviceDate: date, serviceId, arrangementTypeId: GROUP, legs, quantity }));

describe('building the inventory', () => {
  it('counts every type per leg from the pattern, for running days only', async () => {
    const day = fx.days[0]!;
    for (const leg of [1, 2, 3]) {
      expect(await counter(day, fx.down, GROUP, leg)).toEqual({ capacity: FIXTURE_GROUP_SEATS, held: 0 });
      expect(await counter(day, fx.down, WHEELCHAIR, leg)).toEqual({ capacity: 4, held: 0 });
      expect(await counter(day, fx.down, INDIVIDUAL, leg)).toEqual({ capacity: 64 + 40, held: 0 });
      expect(await counter(day, fx.down, STANDING, leg)).toEqual({ capacity: 20, held: 0 });
    }
    // The special train runs only on the special day; nothing runs on a disabled day.
    expect(await counter(fx.specialDay, fx.special, GROUP, 1)).toBeDefined();
    expect(await counter(day, fx.special, GROUP, 1)).toBeUndefined();
    expect(await counter(fx.disabledDay, fx.down, GROUP, 1)).toBeUndefined();
  });

  it('is idempotent: a rebuild changes nothing', async () => {
    const before = await ctx.database.db.execute(sql`select count(*)::int as n from inventory_counters where service_date between '2058-05-01' and '2058-05-31'`);
    await inTransaction(ctx.database.db, (work) => rebuildInventory(work, { fromDate: '2058-05-01', toDate: '2058-05-31' }));
    const after = await ctx.database.db.execute(sql`select count(*)::int as n from inventory_counters where service_date between '2058-05-01' and '2058-05-31'`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
  });
});

describe('holding allotments per leg', () => {
  it('a hold on Saga→Arashiyama leaves Arashiyama→Kameoka free', async () => {
    const day = fx.days[0]!;
    await hold(day, fx.down, [1], 30);
    expect(await counter(day, fx.down, GROUP, 1)).toEqual({ capacity: FIXTURE_GROUP_SEATS, held: 30 });
    expect(await counter(day, fx.down, GROUP, 2)).toEqual({ capacity: FIXTURE_GROUP_SEATS, held: 0 });

    const segment = await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}?from_station_id=2&to_station_id=4`, headers: staff });
    const train = segment.json().services.find((s: { service_id: number }) => s.service_id === fx.down);
    expect(train).toMatchObject({ vacant_seats: FIXTURE_GROUP_SEATS, group_seats: FIXTURE_GROUP_SEATS, reserved_or_occupied_seats: 0, tags: [] });
    const whole = await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}?from_station_id=1&to_station_id=4`, headers: staff });
    expect(whole.json().services.find((s: { service_id: number }) => s.service_id === fx.down)).toMatchObject({
      vacant_seats: FIXTURE_GROUP_SEATS - 30,
      reserved_or_occupied_seats: 30,
      tags: ['HAS_BOOKING'],
    });
    await release(day, fx.down, [1], 30);
    expect(await counter(day, fx.down, GROUP, 1)).toEqual({ capacity: FIXTURE_GROUP_SEATS, held: 0 });
  });

  it('holds every leg or none', async () => {
    const day = fx.days[1]!;
    await hold(day, fx.up, [3], FIXTURE_GROUP_SEATS - 5); // leg 3 nearly full
    await expect(hold(day, fx.up, [1, 2, 3], 10)).rejects.toMatchObject({ code: 'NOT_ENOUGH_SEATS' });
    expect(await counter(day, fx.up, GROUP, 1)).toMatchObject({ held: 0 });
    expect(await counter(day, fx.up, GROUP, 2)).toMatchObject({ held: 0 });
    await hold(day, fx.up, [1, 2, 3], 5);
    expect(await counter(day, fx.up, GROUP, 3)).toMatchObject({ held: FIXTURE_GROUP_SEATS });
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}?from_station_id=4&to_station_id=1`, headers: staff });
    expect(res.json().services.find((s: { service_id: number }) => s.service_id === fx.up)).toMatchObject({ vacant_seats: 0, allotment_level: 'SOLD_OUT' });
    await release(day, fx.up, [3], FIXTURE_GROUP_SEATS - 5);
    await release(day, fx.up, [1, 2, 3], 5);
  });

  it('is guarded by the database itself: held can never exceed capacity', async () => {
    await expect(
      ctx.database.db.execute(sql`update inventory_counters set held = capacity + 1 where service_date = ${fx.days[0]!} and service_id = ${fx.down} and arrangement_type_id = ${GROUP} and leg = 1`),
    ).rejects.toThrow();
  });

  it('never sells the last seats twice under parallel requests', async () => {
    const day = fx.days[1]!;
    const capacity = FIXTURE_GROUP_SEATS;
    await hold(day, fx.down, [2], capacity - 7); // 7 left on leg 2
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, () => hold(day, fx.down, [1, 2, 3], 1)));
    const won = attempts.filter((a) => a.status === 'fulfilled').length;
    expect(won).toBe(7);
    expect(attempts.filter((a) => a.status === 'rejected').every((a) => (a as PromiseRejectedResult).reason.code === 'NOT_ENOUGH_SEATS')).toBe(true);
    expect(await counter(day, fx.down, GROUP, 2)).toEqual({ capacity, held: capacity });
    expect(await counter(day, fx.down, GROUP, 1)).toEqual({ capacity, held: 7 });
    await release(day, fx.down, [1, 2, 3], 7);
    await release(day, fx.down, [2], capacity - 7);
  });
});

describe('the seat-level inventory and slot adjustment', () => {
  it('shows each car seat by seat with its type and state, and standing places', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/inventories/${fx.days[0]}/services/${fx.down}`, headers: staff });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ service_id: fx.down, direction: 'down', status: 'ordinary', legs: [1, 2, 3], arrangement_pattern_id: fx.patternId });
    expect(body.cars).toHaveLength(5);
    const seat = body.cars[2].seats.find((s: { seat_id: string }) => s.seat_id === '3-12C');
    expect(seat).toMatchObject({ arrangement_type_id: GROUP, state: 'FREE', seat_group_id: '3-06CD', car_number: 3 });
    expect(body.cars[2].seats.find((s: { seat_id: string }) => s.seat_id === '3-1A')).toMatchObject({ arrangement_type_id: WHEELCHAIR, is_wheelchair: true });
    expect(body.cars[4].standing).toMatchObject({ arrangement_type_id: STANDING, quantity: 20, reserved: 0, vacant: 20 });
    const groupOnly = await ctx.app.inject({ method: 'GET', url: `/v1/inventories/${fx.days[0]}/services/${fx.down}?arrangement_type_ids=${GROUP}`, headers: staff });
    expect(groupOnly.json().cars[3].seats).toHaveLength(0);
  });

  it('moves seats between types and keeps the counters true', async () => {
    const day = fx.days[0]!;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/inventories/arrangements',
      headers: staff,
      payload: { service_date: day, service_id: fx.down, moves: ['4-1A', '4-1B', '4-2A', '4-2B'].map((seat_id) => ({ seat_id, arrangement_type_id: GROUP })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cars[3].seats.find((s: { seat_id: string }) => s.seat_id === '4-1A').arrangement_type_id).toBe(GROUP);
    for (const leg of [1, 2, 3]) {
      expect(await counter(day, fx.down, GROUP, leg)).toMatchObject({ capacity: FIXTURE_GROUP_SEATS + 4 });
      expect(await counter(day, fx.down, INDIVIDUAL, leg)).toMatchObject({ capacity: 100 });
    }
    // The same day's rebuild keeps the adjustment.
    await inTransaction(ctx.database.db, (work) => rebuildInventory(work, { fromDate: day, toDate: day }));
    expect(await counter(day, fx.down, GROUP, 2)).toMatchObject({ capacity: FIXTURE_GROUP_SEATS + 4 });
    // Moving them back removes the adjustment.
    await ctx.app.inject({
      method: 'PUT',
      url: '/v1/inventories/arrangements',
      headers: staff,
      payload: { service_date: day, service_id: fx.down, moves: ['4-1A', '4-1B', '4-2A', '4-2B'].map((seat_id) => ({ seat_id, arrangement_type_id: INDIVIDUAL })) },
    });
    expect(await ctx.database.db.select().from(t.inventorySeatOverrides).where(eq(t.inventorySeatOverrides.serviceDate, day))).toHaveLength(0);
    expect(await counter(day, fx.down, GROUP, 1)).toMatchObject({ capacity: FIXTURE_GROUP_SEATS });
    expect(await groupLegsDrift(ctx.database.db)).toEqual([]);
  });

  it('keeps the group totals per train and leg (what the calendar reads) with the counters, whoever writes them', async () => {
    const db = ctx.database.db;
    const day = fx.days[1]!;
    const legs = () =>
      db.execute(sql`select leg, capacity, held, counters from inventory_group_legs where service_date = ${day} and service_id = ${fx.up} order by leg`).then((r) => rowsOf(r));
    expect(await legs()).toEqual([1, 2, 3].map((leg) => ({ leg, capacity: FIXTURE_GROUP_SEATS, held: 0, counters: 1 })));
    // Holds and releases of the group type; another type's hold leaves the totals alone.
    await hold(day, fx.up, [1, 2], 5);
    await hold(day, fx.up, [2, 3], 3);
    await hold(day, fx.up, [1], 2, INDIVIDUAL);
    await release(day, fx.up, [2], 1);
    expect(await legs()).toEqual([
      { leg: 1, capacity: FIXTURE_GROUP_SEATS, held: 5, counters: 1 },
      { leg: 2, capacity: FIXTURE_GROUP_SEATS, held: 7, counters: 1 },
      { leg: 3, capacity: FIXTURE_GROUP_SEATS, held: 3, counters: 1 },
    ]);
    // A rebuild of the day, a second group type, and the day's inventory deleted (its counters go by cascade).
    await inTransaction(db, (work) => rebuildInventory(work, { fromDate: day, toDate: day }));
    expect(await groupLegsDrift(db)).toEqual([]);
    await db.execute(sql`update arrangement_types set is_group_allotment = true where arrangement_type_id = ${INDIVIDUAL}`);
    try {
      expect((await legs())[0]).toMatchObject({ capacity: FIXTURE_GROUP_SEATS + 104, held: 7, counters: 2 });
      expect(await groupLegsDrift(db)).toEqual([]);
    } finally {
      await db.execute(sql`update arrangement_types set is_group_allotment = false where arrangement_type_id = ${INDIVIDUAL}`);
    }
    expect((await legs())[0]).toMatchObject({ capacity: FIXTURE_GROUP_SEATS, held: 5, counters: 1 });
    await release(day, fx.up, [1, 2], 5);
    await release(day, fx.up, [2, 3], 2);
    await inTransaction(db, ({ tx }) => releaseAllotment(tx, { serviceDate: day, serviceId: fx.up, arrangementTypeId: INDIVIDUAL, legs: [1], quantity: 2 }));
    await db.execute(sql`delete from service_day_inventories where service_date = ${day} and service_id = ${fx.up}`);
    expect(await legs()).toEqual([]);
    await inTransaction(db, (work) => rebuildInventory(work, { fromDate: day, toDate: day }));
    expect(await legs()).toEqual([1, 2, 3].map((leg) => ({ leg, capacity: FIXTURE_GROUP_SEATS, held: 0, counters: 1 })));
    expect(await groupLegsDrift(db)).toEqual([]);
  });

  it('refuses to move a seat assigned to a booking, or seats a type has held, changing nothing', async () => {
    const day = fx.days[1]!;
    await ctx.database.db.insert(t.seatAssignments).values({ serviceDate: day, serviceId: fx.up, seatId: '1-3C', bookingId: 'B-TEST-1', legs: '[1,3)', state: 'ASSIGNED' });
    const assigned = await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers: staff, payload: { service_date: day, service_id: fx.up, moves: [{ seat_id: '1-3C', arrangement_type_id: INDIVIDUAL }] } });
    expect(assigned.statusCode).toBe(409);
    expect(errorOf(assigned).error_code).toBe('SEAT_HELD_OR_ASSIGNED');
    const view = await ctx.app.inject({ method: 'GET', url: `/v1/inventories/${day}/services/${fx.up}`, headers: staff });
    expect(view.json().cars[0].seats.find((s: { seat_id: string }) => s.seat_id === '1-3C')).toMatchObject({ state: 'ASSIGNED', booking_ids: ['B-TEST-1'] });

    // All wheelchair places held: moving one of them away would leave held > capacity.
    await hold(day, fx.up, [1, 2, 3], 4, WHEELCHAIR);
    const held = await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers: staff, payload: { service_date: day, service_id: fx.up, moves: [{ seat_id: '3-1A', arrangement_type_id: GROUP }] } });
    expect(held.statusCode).toBe(409);
    expect(await counter(day, fx.up, WHEELCHAIR, 1)).toEqual({ capacity: 4, held: 4 });
    expect(await counter(day, fx.up, GROUP, 1)).toMatchObject({ capacity: FIXTURE_GROUP_SEATS });
    expect(await ctx.database.db.select().from(t.inventorySeatOverrides).where(eq(t.inventorySeatOverrides.serviceDate, day))).toHaveLength(0);
  });

  it('names the field of a bad move', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers: staff, payload: { service_date: fx.days[0], service_id: fx.down, moves: [{ seat_id: '9-99Z', arrangement_type_id: GROUP }] } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('moves.0.seat_id');
    const empty = await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers: staff, payload: { service_date: fx.days[0], service_id: fx.down, moves: [] } });
    expect(errorOf(empty)).toMatchObject({ field: 'moves', error_description: 'moves: choose at least one seat' });
  });

  it('refuses a rebuild that would leave fewer seats than are held', async () => {
    const day = fx.days[0]!;
    await hold(day, fx.down, [1], 10, STANDING);
    await ctx.database.db.update(t.arrangementPatternStandings).set({ capacity: 5 }).where(eq(t.arrangementPatternStandings.arrangementPatternId, fx.patternId));
    await expect(inTransaction(ctx.database.db, (work) => rebuildInventory(work, { fromDate: day, toDate: day }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await counter(day, fx.down, STANDING, 1)).toEqual({ capacity: 20, held: 10 });
    await ctx.database.db.update(t.arrangementPatternStandings).set({ capacity: 20 }).where(eq(t.arrangementPatternStandings.arrangementPatternId, fx.patternId));
  });
});

describe('seat inquiry', () => {
  it('reads a month of levels per direction, with non-service days empty', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/5', headers: staff });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(31);
    const ordinary = body.days.find((d: { date: string }) => d.date === fx.days[0]);
    expect(ordinary).toMatchObject({ service_pattern: 'ORDINARY', allotment_level: 'SUFFICIENT', is_approval_pending: false });
    expect(ordinary.directions.map((d: { direction_id: string; service_count: number }) => [d.direction_id, d.service_count])).toEqual([['down', 1], ['up', 1]]);
    expect(body.days.find((d: { date: string }) => d.date === fx.disabledDay)).toMatchObject({ service_pattern: 'DISABLED', allotment_level: null });
    expect(body.days.find((d: { date: string }) => d.date === fx.specialDay).directions[0].service_count).toBe(2);
    const downOnly = await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/5?direction_ids=down', headers: staff });
    expect(downOnly.json().days[0].directions.map((d: { direction_id: string }) => d.direction_id)).toEqual(['down']);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/13', headers: staff })).statusCode).toBe(400);
  });

  it('marks FEW under the threshold and lists the day with times for the segment', async () => {
    const day = fx.days[0]!;
    await hold(day, fx.down, [2, 3], FIXTURE_GROUP_SEATS - 10);
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}?from_station_id=2&to_station_id=4`, headers: staff });
    const [train] = res.json().services;
    expect(train).toMatchObject({ service_id: fx.down, from_station_id: 2, to_station_id: 4, departure_hhmm: '09:08', arrival_hhmm: '09:24', vacant_seats: 10, allotment_level: 'FEW' });
    expect(res.json().services.every((s: { direction: string }) => s.direction === 'down')).toBe(true);
    const search = await ctx.app.inject({ method: 'POST', url: '/v1/search-inventory', headers: staff, payload: { date: day, from_station_id: 2, to_station_id: 3, total: 11 } });
    expect(search.json().services).toEqual([expect.objectContaining({ service_id: fx.down, vacant_seats: 10, is_available: false })]);
    await release(day, fx.down, [2, 3], FIXTURE_GROUP_SEATS - 10);
    const bad = await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}?from_station_id=2`, headers: staff });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('to_station_id');
  });

  it('shows availability to the back office and agents (who book from it), not to station staff; the seats and their slots stay the back office\'s', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/5' })).statusCode).toBe(401);
    for (const email of ['station@example.com', 'agent-free@example.com']) {
      const headers = await ctx.login(email);
      // Station staff have no seat inquiry (they do not book).
      const seen = email === 'station@example.com' ? 403 : 200;
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/5', headers })).statusCode).toBe(seen);
      expect((await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${fx.days[0]}`, headers })).statusCode).toBe(seen);
      expect((await ctx.app.inject({ method: 'GET', url: `/v1/inventories/${fx.days[0]}/services/${fx.down}`, headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'PUT', url: '/v1/inventories/arrangements', headers, payload: { service_date: fx.days[0], service_id: fx.down, moves: [{ seat_id: '1-1A', arrangement_type_id: GROUP }] } })).statusCode).toBe(403);
    }
  });
});

describe('suspension', () => {
  it('holds sales, removes the hold, and suspends for good', async () => {
    const day = fx.days[1]!;
    const put = (operation: string) => ctx.app.inject({ method: 'PUT', url: `/v1/services/${fx.down},${fx.up}/status`, headers: staff, payload: { date: day, operation } });
    const pending = await put('pending');
    expect(pending.json().services.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending']);
    await expect(hold(day, fx.down, [1], 1)).rejects.toMatchObject({ code: 'SALES_ON_HOLD' });
    // The calendar may be served from a cache a few seconds old; force_real_time reads it live.
    const calendar = (await ctx.app.inject({ method: 'GET', url: '/v1/allotments/calendar/2058/5?force_real_time=true', headers: staff })).json();
    expect(calendar.days.find((d: { date: string }) => d.date === day).allotment_level).toBeNull();

    expect((await put('remove pending')).json().services.map((s: { status: string }) => s.status)).toEqual(['ordinary', 'ordinary']);
    await hold(day, fx.down, [1], 1);
    await release(day, fx.down, [1], 1);

    expect((await put('suspended')).json().services.map((s: { status: string }) => s.status)).toEqual(['suspended', 'suspended']);
    const again = await put('remove pending');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error_code).toBe('SERVICE_SUSPENDED');
    await expect(hold(day, fx.down, [1], 1)).rejects.toMatchObject({ code: 'SERVICE_SUSPENDED' });
    const list = (await ctx.app.inject({ method: 'GET', url: `/v1/allotments/${day}`, headers: staff })).json();
    expect(list.services.map((s: { status: string; allotment_level: string }) => [s.status, s.allotment_level])).toEqual([['suspended', 'SOLD_OUT'], ['suspended', 'SOLD_OUT']]);
  });

  it('refuses a train that does not run that day', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: `/v1/services/${fx.special}/status`, headers: staff, payload: { date: fx.days[0], operation: 'pending' } });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).error_code).toBe('SERVICE_NOT_RUNNING');
  });
});
