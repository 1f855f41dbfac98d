/**
 * Only what can be booked is accepted (DESIGN §10 "Submission and the booking form"): a group at
 * least the operator's minimum size, never larger than the train's whole group allotment on its
 * segment (refused with that capacity, not put on the waitlist), and no train that does not run,
 * is suspended or on hold. The day's trains say which trains can be booked and why not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { FIXTURE_GROUP_SEATS, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;
const ADULT = 1;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
});
afterAll(() => ctx.close());

function body(adults: number, overrides: Record<string, unknown> = {}) {
  return {
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: '人数テスト会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] },
    agent_id: agents.CONTRACTED,
    ...overrides,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });
const count = async (table: string) => rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const waitlisted = async () => rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from bookings where status = 'WAITLIST'`))[0]!.n;

async function setMinimum(minimum: number) {
  const info = (await call('GET', '/v1/master-data/operator-basic-info')).json();
  const { name, tel, business_hours, address, invoice_number } = info;
  const res = await call('PUT', '/v1/master-data/operator-basic-info', { name, tel, business_hours, address, invoice_number, min_group_size: minimum });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().min_group_size).toBe(minimum);
}

describe('the minimum group size (operator basic info)', () => {
  it('ships as 8 (the migration default) and is refused outside 1–2000 naming the field, nothing written', async () => {
    const [column] = rowsOf<{ column_default: string }>(
      await ctx.database.db.execute(sql`select column_default from information_schema.columns where table_name = 'operator_basic_info' and column_name = 'min_group_size'`),
    );
    expect(column!.column_default).toBe('8');
    await setMinimum(8);
    const info = (await call('GET', '/v1/master-data/operator-basic-info')).json();
    for (const bad of [0, -1, 2001, 3.5, '8']) {
      const res = await call('PUT', '/v1/master-data/operator-basic-info', { ...info, logo_url: undefined, stamp_url: undefined, updated_at: undefined, min_group_size: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(errorOf(res).field).toBe('min_group_size');
    }
    expect((await call('GET', '/v1/master-data/operator-basic-info')).json().min_group_size).toBe(8);
  });

  it('a group below the minimum is refused naming the minimum (400 GROUP_TOO_SMALL on participant_group); nothing is written', async () => {
    await setMinimum(8);
    const before = await count('bookings');
    const res = await call('POST', '/v1/bookings', body(7));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'GROUP_TOO_SMALL', field: 'participant_group', limit: 8 });
    expect(errorOf(res).error_description).toContain('at least 8 participants');
    expect(await count('bookings')).toBe(before);
    expect((await call('POST', '/v1/bookings', body(8))).statusCode).toBe(200);
  });

  it('a changed minimum applies at once, to submissions and to changes, and the day answer says it', async () => {
    await setMinimum(12);
    expect((await call('GET', `/v1/allotments/${fx.days[0]}?from_station_id=1&to_station_id=4`)).json().min_group_size).toBe(12);
    expect(errorOf(await call('POST', '/v1/bookings', body(11)))).toMatchObject({ error_code: 'GROUP_TOO_SMALL', limit: 12 });
    const ok = await call('POST', '/v1/bookings', body(12));
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().booking_id as string;
    expect((await call('POST', `/v1/bookings/${id}/reserve_allotments`)).statusCode).toBe(200);
    expect((await call('POST', `/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
    const { applicant, tour_conductor, group, service_order } = body(12);
    const change = await call('PUT', `/v1/bookings/${id}/params`, { applicant, tour_conductor, group, service_order, participant_group: body(10).participant_group, note: '' });
    expect(change.statusCode, change.body).toBe(400);
    expect(errorOf(change)).toMatchObject({ error_code: 'GROUP_TOO_SMALL', field: 'participant_group', limit: 12 });
    await setMinimum(1);
    expect((await call('POST', '/v1/bookings', body(1))).statusCode).toBe(200);
  });
});

describe('a group larger than the train can ever carry', () => {
  it('is refused with the capacity (409 GROUP_OVER_CAPACITY on the leg), even as a waitlist request; no waitlist row', async () => {
    const before = await count('bookings');
    const waiting = await waitlisted();
    for (const wait_listing of [false, true]) {
      const res = await call('POST', '/v1/bookings', body(FIXTURE_GROUP_SEATS + 1, { wait_listing }));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ error_code: 'GROUP_OVER_CAPACITY', field: 'service_order.down_service', limit: FIXTURE_GROUP_SEATS });
      expect(errorOf(res).error_description).toContain(`at most ${FIXTURE_GROUP_SEATS} group seats`);
    }
    expect(await count('bookings')).toBe(before);
    expect(await waitlisted()).toBe(waiting);
  });

  it('a group that fits the capacity but not the vacancy may still wait', async () => {
    const train = (await call('GET', `/v1/allotments/${fx.days[0]}?from_station_id=1&to_station_id=4`)).json().services.find((s: { service_id: number }) => s.service_id === fx.down);
    const first = await call('POST', '/v1/bookings', body(train.vacant_seats - 10));
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().booking_id as string;
    expect((await call('POST', `/v1/bookings/${id}/reserve_allotments`)).statusCode).toBe(200);
    const res = await call('POST', '/v1/bookings', body(20, { wait_listing: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v1/bookings/${res.json().booking_id}`)).json().status).toBe('WAITLIST');
  });
});

describe('trains that cannot be booked', () => {
  it('the day answer marks each train bookable or not, with the reason; the submission refuses the same trains', async () => {
    const day = fx.days[1]!;
    const trains = async () => (await call('GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`)).json().services as { service_id: number; bookable: boolean; unbookable_reason: string | null }[];
    expect((await trains()).find((s) => s.service_id === fx.down)).toMatchObject({ bookable: true, unbookable_reason: null });

    expect((await call('PUT', `/v1/services/${fx.down}/status`, { date: day, operation: 'pending' })).statusCode).toBe(200);
    expect((await trains()).find((s) => s.service_id === fx.down)).toMatchObject({ bookable: false, unbookable_reason: 'PENDING' });
    const onHold = await call('POST', '/v1/bookings', body(10, { service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(errorOf(onHold).error_code).toBe('SALES_ON_HOLD');

    expect((await call('PUT', `/v1/services/${fx.down}/status`, { date: day, operation: 'suspended' })).statusCode).toBe(200);
    expect((await trains()).find((s) => s.service_id === fx.down)).toMatchObject({ bookable: false, unbookable_reason: 'SUSPENDED' });
    const suspended = await call('POST', '/v1/bookings', body(10, { service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(suspended.statusCode).toBe(409);
    expect(errorOf(suspended).error_code).toBe('SERVICE_SUSPENDED');
  });

  it('a non-running day answers no trains and its pattern; a submission for it is refused naming the train', async () => {
    const day = (await call('GET', `/v1/allotments/${fx.disabledDay}?from_station_id=1&to_station_id=4`)).json();
    expect(day).toMatchObject({ service_pattern: 'DISABLED', services: [] });
    const before = await count('bookings');
    const res = await call('POST', '/v1/bookings', body(10, { service_order: { down_service: { service_date: fx.disabledDay, service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ error_code: 'SERVICE_NOT_RUNNING', field: 'service_order.down_service.service_id' });
    expect(await count('bookings')).toBe(before);
  });
});
