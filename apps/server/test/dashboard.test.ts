/**
 * The dashboards (issue 19, DESIGN §10 "Dashboards"): the operator's counts of what needs doing
 * move with the bookings they count (a new request counted, then answered), and each is exactly
 * what its booking-list filter finds; a day's departures list the riding groups with their
 * headcounts and wheelchairs, for the back office and station staff; agents are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DASHBOARD_BOOKING_FILTERS } from '@sagano/domain/dashboard/dashboard-counts';
import { rowsOf } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';

/** Noon in Tokyo on `date`. */
const noonIn = (date: string) => `${date}T12:00:00+09:00`;
// Bookings are made weeks ahead, then the clock moves to the fixture's first train day.
const clock = fixedClock(noonIn('2058-04-20'));
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let station: { authorization: string };
let agent: { authorization: string };
let agentIds: Record<string, number>;
let adultUnit: number;
let childUnit: number;

const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function submit(day: string, people: { adults: number; children?: number; wheelchairs?: { need_slope: boolean }[]; name: string }, headers = staff): Promise<string> {
  const res = await post('/v1/bookings', {
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    group: { group_type: 'NORMAL', name: people.name, country_code: 'JPN' },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: {
      unit_quantity_items: [{ unit_id: adultUnit, quantity: people.adults }, ...(people.children ? [{ unit_id: childUnit, quantity: people.children }] : [])],
      wheel_chairs: people.wheelchairs ?? [],
    },
    agent_id: agentIds.FREE,
  }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}

async function confirm(id: string) {
  expect((await post(`/v1/bookings/${id}/reserve_allotments`)).statusCode).toBe(200);
  const res = await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function summary() {
  const res = await get('/v1/dashboard/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { today: string; tomorrow: string; counts: Record<string, number> };
}

/** How many bookings the booking list finds with the query (every page, every date). */
async function listed(query: string): Promise<number> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await get(`/v1/bookings/service_orders/search?per_page=100&page=${page}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().service_orders as { booking_id: string }[];
    for (const r of rows) ids.add(r.booking_id);
    if (rows.length < 100) return ids.size;
  }
}

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ clock }));
  station = await ctx.login('station@example.com');
  agent = await ctx.login('agent-free@example.com');
  const units = rowsOf<{ id: number; fare_type: string }>(await ctx.database.db.execute(sql`select id, fare_type from units where segment = 'NORMAL' and annotation = 'NORMAL'`));
  adultUnit = units.find((u) => u.fare_type === 'ADULT')!.id;
  childUnit = units.find((u) => u.fare_type === 'CHILD')!.id;
});
afterAll(() => ctx.close());

describe('the operator summary', () => {
  it('counts a new request until it is answered, and a cancellation request until it is confirmed', async () => {
    const before = await summary();
    expect(before.today).toBe('2058-04-20');
    expect(before.tomorrow).toBe('2058-04-21');
    const id = await submit(fx.days[0]!, { adults: 12, name: '新規申込の会' });
    expect((await summary()).counts.new_requests).toBe(before.counts.new_requests! + 1);

    await confirm(id);
    const answered = await summary();
    expect(answered.counts.new_requests).toBe(before.counts.new_requests);

    const cancel = await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelling = await summary();
    expect(cancelling.counts.cancellations_waiting).toBe(answered.counts.cancellations_waiting! + 1);
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    expect((await summary()).counts.cancellations_waiting).toBe(answered.counts.cancellations_waiting);
  });

  it('counts a new request while its train has not left, as the list from today shows it', async () => {
    const id = await submit(fx.days[0]!, { adults: 10, name: '出発済みの会' });
    const waiting = await summary();
    clock.set(noonIn(fx.days[1]!));
    try {
      const after = await summary();
      expect(after.counts.new_requests).toBe(waiting.counts.new_requests! - 1);
      expect(await listed(`status=SUBMITTED&service_date_from=${fx.days[1]}`)).toBe(after.counts.new_requests);
      // Still in the list under its status and its train's date.
      expect(await listed(`status=SUBMITTED&booking_id=${id}`)).toBe(1);
    } finally {
      clock.set(noonIn('2058-04-20'));
    }
    expect((await summary()).counts.new_requests).toBe(waiting.counts.new_requests);
  });

  it('counts a fare past its due date as overdue from the day after', async () => {
    const id = await submit(fx.days[1]!, { adults: 15, name: '期限切れの会' });
    await confirm(id);
    const before = await summary();
    await ctx.database.db.execute(sql`update payments set due_date = '2058-04-19' where kind = 'FARE' and booking_id = (select id from bookings where booking_id = ${id})`);
    expect((await summary()).counts.payments_overdue).toBe(before.counts.payments_overdue! + 1);
  });

  it('each booking count is what its list filter shows (the links open exactly these)', async () => {
    const { counts } = await summary();
    const query = (f: (typeof DASHBOARD_BOOKING_FILTERS)[keyof typeof DASHBOARD_BOOKING_FILTERS]) =>
      [f.status ? `status=${f.status.join(',')}` : '', f.overdue ? 'overdue=true' : '', f.admin_notification_msg ? `admin_notification_msg=${f.admin_notification_msg}` : '', f.upcoming ? 'service_date_from=2058-04-20' : '']
        .filter(Boolean)
        .join('&');
    for (const key of ['new_requests', 'changes_waiting', 'cancellations_waiting', 'waitlisted', 'waitlist_promotions'] as const) {
      expect(await listed(query(DASHBOARD_BOOKING_FILTERS[key])), key).toBe(counts[key]);
    }
    const overdue = await get('/v1/bookings/payments/search?overdue=true&per_page=1');
    expect(overdue.json().total).toBe(counts.payments_overdue);
    const approvals = await get('/v1/approvals?status=SUBMITTED&per_page=1');
    expect(approvals.json().total).toBe(counts.approvals_waiting);
  });

  it('is the back office’s: station staff and agents are refused', async () => {
    expect((await get('/v1/dashboard/summary', station)).statusCode).toBe(403);
    const byAgent = await get('/v1/dashboard/summary', agent);
    expect(byAgent.statusCode).toBe(403);
    expect(errorOf(byAgent).error_code).toBeTruthy();
  });
});

describe('departures', () => {
  it("lists the day's trains with the riding groups, their adults, children and wheelchairs", async () => {
    const day = fx.days[0]!;
    const riding = await submit(day, { adults: 20, children: 5, wheelchairs: [{ need_slope: true }], name: '嵐山小学校' });
    await confirm(riding);
    const second = await submit(day, { adults: 10, name: '保津川会' });
    await confirm(second);
    const unanswered = await submit(day, { adults: 8, name: '未回答の会' });

    clock.set(noonIn(day));
    const res = await get('/v1/dashboard/departures');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.date).toBe(day);
    const train = body.trains.find((tr: { service_id: number }) => tr.service_id === fx.down);
    expect(train).toMatchObject({ direction: 'down', departure_time: '09:00' });
    const groups = train.groups as { booking_id: string }[];
    expect(groups.find((g) => g.booking_id === riding)).toMatchObject({ group_name: '嵐山小学校', adults: 20, children: 5, participants: 25, wheelchairs: 1, wheelchair_slopes: 1, status: 'RESERVED', from_station_id: 1, to_station_id: 4, can_show_seat_table: true });
    expect(groups.find((g) => g.booking_id === second)).toMatchObject({ adults: 10, children: 0, wheelchairs: 0 });
    expect(groups.some((g) => g.booking_id === unanswered)).toBe(false);
    const sum = (k: 'adults' | 'children' | 'participants' | 'wheelchairs') => (train.groups as Record<string, number>[]).reduce((n, g) => n + g[k]!, 0);
    expect(train).toMatchObject({ adults: sum('adults'), children: sum('children'), participants: sum('participants'), wheelchairs: sum('wheelchairs') });

    // Tomorrow by the date switch: none of these groups ride then.
    const tomorrow = (await get(`/v1/dashboard/departures?date=${fx.days[1]}`)).json();
    expect(tomorrow.trains.flatMap((tr: { groups: { booking_id: string }[] }) => tr.groups).some((g: { booking_id: string }) => g.booking_id === riding)).toBe(false);
    clock.set(noonIn('2058-04-20'));
  });

  it('is open to station staff (seat tables only once seats are given), refused to agents, and checks the date', async () => {
    const res = await get(`/v1/dashboard/departures?date=${fx.days[0]}`, station);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().trains.flatMap((tr: { groups: unknown[] }) => tr.groups) as { sub_status: string; can_show_seat_table: boolean }[];
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.can_show_seat_table).toBe(['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(g.sub_status));
    expect((await get(`/v1/dashboard/departures?date=${fx.days[0]}`, agent)).statusCode).toBe(403);
    const bad = await get('/v1/dashboard/departures?date=2058-13-01');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('date');
  });
});
