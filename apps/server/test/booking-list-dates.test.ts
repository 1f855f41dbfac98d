/**
 * The booking list reads a booking's service dates on the booking (its first and last train, kept
 * by the database whenever trains are written): the service period, the sort by service date and
 * the payment type must answer as they did when the trains were read one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { bookingCalls } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
});
afterAll(() => ctx.close());

const { get, submit } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));

const dates = async (bookingId: string) =>
  rowsOf<{ first: string | null; last: string | null }>(
    await ctx.database.db.execute(sql`select first_service_date::text as first, last_service_date::text as last from bookings where booking_id = ${bookingId}`),
  )[0];
const run = (statement: ReturnType<typeof sql>) => ctx.database.db.execute(statement);

interface Listed {
  total: number;
  total_capped: boolean;
  service_orders: { booking_id: string; service_date: string; direction: string }[];
}
const ask = async (query: string): Promise<Listed> => {
  const res = await get(`/v1/bookings/service_orders/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/**
 * The list over this file's bookings (a group-name filter: their matches read once and sorted), and
 * the same query read in index order without it, whose page must hold them in the same order.
 */
const search = async (query: string): Promise<Listed> => {
  const once = await ask(`group_name=${encodeURIComponent('日付テスト')}&${query}`);
  const inOrder = await ask(`${query}&per_page=100`);
  expect(inOrder.total_capped, query).toBe(false);
  expect(bookingsOf(inOrder).filter((id) => bookingsOf(once).includes(id)), query).toEqual(bookingsOf(once));
  expect(inOrder.total, query).toBeGreaterThanOrEqual(once.total);
  return once;
};
/** Booking numbers in page order (a round trip's two rows are one booking). */
const bookingsOf = (list: Listed) => [...new Set(list.service_orders.map((r) => r.booking_id))];

describe('service dates on the booking', () => {
  let roundTrip = '';
  let outOnDay0 = '';
  let outOnDay1 = '';
  const name = (n: string) => ({ group: { group_type: 'NORMAL', name: `日付テスト ${n}`, country_code: 'JPN' } });
  const returning = () => ({ up_service: { service_date: fx.days[1], service_id: fx.up, from_station_id: 4, to_station_id: 1 } });

  beforeAll(async () => {
    roundTrip = await submit({ ...name('往復'), service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 }, ...returning() } });
    outOnDay0 = await submit(name('片道1'));
    outOnDay1 = await submit({ ...name('片道2'), service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } } });
  });

  it('follows the trains whoever writes them', async () => {
    expect(await dates(roundTrip)).toEqual({ first: fx.days[0], last: fx.days[1] });
    expect(await dates(outOnDay1)).toEqual({ first: fx.days[1], last: fx.days[1] });
    const id = sql`(select id from bookings where booking_id = ${roundTrip})`;
    // The return moved to another day, removed, and written again.
    await run(sql`update booking_services set service_date = '2058-05-12' where booking_id = ${id} and direction = 'up'`);
    expect(await dates(roundTrip)).toEqual({ first: fx.days[0], last: '2058-05-12' });
    await run(sql`delete from booking_services where booking_id = ${id} and direction = 'up'`);
    expect(await dates(roundTrip)).toEqual({ first: fx.days[0], last: fx.days[0] });
    await run(sql`insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id) select ${id}, 'up', ${fx.days[1]}::date, ${fx.up}, 4, 1`);
    expect(await dates(roundTrip)).toEqual({ first: fx.days[0], last: fx.days[1] });
    // A change of holds alone leaves them as they are.
    await run(sql`update booking_services set held_group = held_group where booking_id = ${id}`);
    expect(await dates(roundTrip)).toEqual({ first: fx.days[0], last: fx.days[1] });
  });

  it('finds a round trip by its return when only that lies in the service period, and sorts it by that day', async () => {
    const [later, earlier] = [roundTrip, outOnDay1].sort().reverse();
    const day1 = await search(`service_date_from=${fx.days[1]}&service_date_to=${fx.days[1]}&sort=service_date`);
    expect(bookingsOf(day1)).toEqual([earlier, later]);
    expect(day1.total).toBe(2);
    // Its outbound train is still shown beside the one that matched.
    expect(day1.service_orders.filter((r) => r.booking_id === roundTrip).map((r) => [r.direction, r.service_date])).toEqual([['down', fx.days[0]], ['up', fx.days[1]]]);
    expect(bookingsOf(await search(`service_date_from=${fx.days[1]}&service_date_to=${fx.days[1]}&sort=service_date&order=desc`))).toEqual([later, earlier]);
    // From day 1 on, with no end: the same two.
    expect(bookingsOf(await search(`service_date_from=${fx.days[1]}&sort=service_date`))).toEqual([earlier, later]);
    // Up to day 0: the two leaving that day, by booking number.
    expect(bookingsOf(await search(`service_date_to=${fx.days[0]}&sort=service_date`))).toEqual([roundTrip, outOnDay0].sort());
    // Whole period: each booking by its first train.
    const both = await search(`service_date_from=${fx.days[0]}&service_date_to=${fx.days[1]}&sort=service_date`);
    expect(bookingsOf(both)).toEqual([...[roundTrip, outOnDay0].sort(), outOnDay1]);
    expect(both.total).toBe(3);
    expect(bookingsOf(await search(`service_date_from=${fx.days[0]}&service_date_to=${fx.days[1]}&sort=service_date&order=desc`))).toEqual([outOnDay1, ...[roundTrip, outOnDay0].sort().reverse()]);
  });

  it('leaves out a round trip whose two trains lie either side of the period', async () => {
    const id = sql`(select id from bookings where booking_id = ${roundTrip})`;
    await run(sql`update booking_services set service_date = '2058-05-12' where booking_id = ${id} and direction = 'up'`);
    try {
      const between = await search(`service_date_from=${fx.days[1]}&service_date_to=2058-05-11&sort=service_date`);
      expect(bookingsOf(between)).toEqual([outOnDay1]);
      expect(between.total).toBe(1);
      expect(bookingsOf(await search(`service_date_from=2058-05-11&sort=service_date`))).toEqual([roundTrip]);
    } finally {
      await run(sql`update booking_services set service_date = ${fx.days[1]}::date where booking_id = ${id} and direction = 'up'`);
    }
  });

  it('reads the payment type as the agents of that type, with or without an agent asked for', async () => {
    // The fixture's bookings are the FREE agent's: prepaid.
    const prepaid = await search(`payment_type=PREPAID`);
    expect(prepaid.total).toBe(3);
    expect((await search(`payment_type=PREPAID&agent_id=${agents.FREE}`)).total).toBe(3);
    expect(await search(`payment_type=PREPAID&agent_id=${agents.CONTRACTED}`)).toMatchObject({ total: 0, total_capped: false, service_orders: [] });
    expect((await search(`payment_type=COUPON`)).total).toBe(0);
    // A payment type the list does not know filters nothing, as before.
    expect((await search(`payment_type=CASH`)).total).toBe(3);
  });
});
