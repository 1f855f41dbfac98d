/**
 * The booking rules a user meets before anything is written: no train that has run, no request
 * bigger than the train's vacancy unless it waits, whole numbers in range, a refusal reason, the
 * price of a change shown before it is made, and documents marked outdated by a train change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { E6 } from '@sagano/domain/money/yen-e6';
import { rowsOf } from '../src/db/client.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { rebuildInventory } from '../src/modules/inventory/inventory-build.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;
const ADULT = 1;
const CHILD = 2;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
});
afterAll(() => ctx.close());

function body(overrides: Record<string, unknown> = {}) {
  return {
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: '規則テスト会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 20 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] },
    agent_id: agents.CONTRACTED,
    ...overrides,
  };
}
function change(overrides: Record<string, unknown> = {}) {
  const { applicant, tour_conductor, group, service_order, participant_group } = body();
  return { applicant, tour_conductor, group, service_order, participant_group, note: '', ...overrides };
}

const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const put = (id: string, payload: object, headers = staff) => ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${id}/params`, headers, payload });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const count = async (table: string) => rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

async function submit(overrides: Record<string, unknown> = {}, headers = staff): Promise<string> {
  const res = await post('/v1/bookings', body(overrides), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}
async function confirmed(overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await submit(overrides);
  expect((await post(`/v1/bookings/${id}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  expect((await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
  return id;
}

const yesterday = () => addDays(tokyoToday(), -1);

describe('a train that has run cannot be booked', () => {
  it('a submission for a day before today (Asia/Tokyo) is refused naming the date field; nothing is written', async () => {
    const before = await count('bookings');
    const res = await post('/v1/bookings', body({ service_order: { down_service: { service_date: yesterday(), service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'service_order.down_service.service_date' });
    expect(errorOf(res).error_description).toContain('has passed');
    const round = await post('/v1/bookings', body({
      service_order: {
        down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 },
        up_service: { service_date: '2020-01-01', service_id: fx.up, from_station_id: 4, to_station_id: 1 },
      },
    }));
    expect(errorOf(round).field).toBe('service_order.up_service.service_date');
    expect(await count('bookings')).toBe(before);
  });

  it('reserving allotments for a train that has run is refused naming the leg; nothing is held', async () => {
    const id = await submit();
    await ctx.database.db.execute(sql`update booking_services set service_date = ${yesterday()} where booking_id = (select id from bookings where booking_id = ${id})`);
    const res = await post(`/v1/bookings/${id}/reserve_allotments`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'services.0.service_date' });
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ sub_status: 'INITIAL', main_params: { revision: 1 } });
  });

  it('a change to a day that has passed is refused; a leg already ridden may stay while the rest is corrected', async () => {
    const id = await confirmed();
    const res = await put(id, change({ service_order: { down_service: { service_date: yesterday(), service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('service_order.down_service.service_date');
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'RESERVED', main_params: { service_order: { update_count: 0, services: [{ service_day: fx.days[0] }] } } });

    // The booking's own train ran yesterday (a demo train, made to run then): its note can still be corrected.
    const day = yesterday();
    await ctx.database.db.execute(sql`update service_day_patterns set pattern = 'ORDINARY' where service_date = ${day}`);
    await inTransaction(ctx.database.db, (work) => rebuildInventory(work, { fromDate: day, toDate: day }));
    const trains = (await get(`/v1/allotments/${day}?from_station_id=1&to_station_id=4`)).json().services as { service_id: number; direction: string }[];
    const train = trains.find((s) => s.direction === 'down')!.service_id;
    const past = await submit({ agent_id: agents.SPECIAL_CONTRACTED });
    await ctx.database.db.execute(sql`update booking_services set service_date = ${day}, service_id = ${train} where booking_id = (select id from bookings where booking_id = ${past})`);
    await ctx.database.db.execute(sql`update bookings set status = 'RESERVED' where booking_id = ${past}`);
    const ridden = { down_service: { service_date: day, service_id: train, from_station_id: 1, to_station_id: 4 } };
    const kept = await put(past, change({ service_order: ridden, note: '訂正' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await get(`/v1/bookings/${past}`)).json()).toMatchObject({ note: '訂正', main_params: { service_order: { services: [{ service_day: day, service_id: train }] } } });
    // Another train of that day is still refused.
    const other = trains.find((s) => s.direction === 'down' && s.service_id !== train)!.service_id;
    const moved = await put(past, change({ service_order: { down_service: { ...ridden.down_service, service_id: other } } }));
    expect(errorOf(moved).field).toBe('service_order.down_service.service_date');
  });
});

describe('a request bigger than the vacancy', () => {
  it('is refused with the vacancy in the message unless it asks to wait', async () => {
    const day = fx.days[1]!;
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 10 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP} and leg = 2`);
    try {
      const before = await count('bookings');
      const request = { service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 15 }], wheel_chairs: [] } };
      const res = await post('/v1/bookings', body(request));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ error_code: 'NOT_ENOUGH_SEATS', field: 'service_order.down_service' });
      expect(errorOf(res).error_description).toMatch(/\b10 group seats are free\b.*needs 15/);
      expect(await count('bookings')).toBe(before);
      // Wheelchair users ride on wheelchair places: 12 people with 2 wheelchairs need 10 group seats.
      const withChairs = await post('/v1/bookings', body({ ...request, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 12 }], wheel_chairs: [{ need_slope: false }, { need_slope: true }] } }));
      expect(withChairs.statusCode, withChairs.body).toBe(200);
      const waiting = await submit({ ...request, wait_listing: true });
      expect((await get(`/v1/bookings/${waiting}`)).json().status).toBe('WAITLIST');
    } finally {
      await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    }
  });
});

describe('a change from an agent bigger than the train', () => {
  it('is refused when asked, counting the seats the booking already holds there; a change that fits waits for staff', async () => {
    const day = fx.days[0]!;
    const id = await confirmed({ service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } } });
    const agent = await ctx.login('agent-contracted@example.com');
    // 5 group seats left for others on leg 2; the booking itself holds 23 there.
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 5 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP} and leg = 2`);
    try {
      const people = (adults: number) => change({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] } });
      const tooMany = await put(id, people(29), agent);
      expect(tooMany.statusCode).toBe(409);
      expect(errorOf(tooMany)).toMatchObject({ error_code: 'NOT_ENOUGH_SEATS', field: 'service_order.down_service' });
      expect(errorOf(tooMany).error_description).toMatch(/\b28 group seats are free\b.*needs 29/);
      expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ status: 'RESERVED', pending_change: null });
      const fits = await put(id, people(28), agent);
      expect(fits.statusCode, fits.body).toBe(200);
      expect(fits.json().status).toBe('MODIFICATION_SUBMITTED');
    } finally {
      await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    }
  });
});

describe('whole numbers in range', () => {
  it('refuses negative, fractional and too large counts and priorities with the allowed range', async () => {
    const before = await count('bookings');
    for (const quantity of [-5, 3.5, 2001]) {
      const res = await post('/v1/bookings', body({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity }], wheel_chairs: [] } }));
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(errorOf(res)).toMatchObject({ field: 'participant_group.unit_quantity_items.0.quantity', error_description: 'participant_group.unit_quantity_items.0.quantity: enter a whole number from 0 to 2000' });
    }
    const chairs = await post('/v1/bookings', body({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 50 }], wheel_chairs: Array.from({ length: 41 }, () => ({ need_slope: false })) } }));
    expect(errorOf(chairs)).toMatchObject({ field: 'participant_group.wheel_chairs', error_description: 'participant_group.wheel_chairs: enter a whole number from 0 to 40' });
    expect(await count('bookings')).toBe(before);
    const id = await submit();
    const priority = await post(`/v1/bookings/${id}/select_priority`, { priority: -99999 });
    expect(priority.statusCode).toBe(400);
    expect(errorOf(priority)).toMatchObject({ field: 'priority', error_description: 'priority: enter a whole number from 0 to 100' });
    expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ priority: 0, main_params: { revision: 1 } });
  });
});

describe('a refusal needs a reason', () => {
  it('without a reason nothing is refused and the field is named', async () => {
    const id = await submit();
    const mails = await count('outbox_mails');
    const res = await post(`/v1/bookings/${id}/refuse_booking`, { mail: { subject: 's', body: 'b' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'reason' });
    expect(errorOf(res).error_description).toContain('choose the refusal reason');
    expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ status: 'SUBMITTED', refusal_reason: null });
    expect(await count('outbox_mails')).toBe(mails);
  });
});

describe('the price of a change is shown before the change', () => {
  it('calculate_amount with booking_id answers the total, decrement fee and difference the change then charges', async () => {
    const id = await confirmed();
    const agent = await ctx.login('agent-contracted@example.com');
    const people = { unit_quantity_items: [{ unit_id: ADULT, quantity: 17 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] };
    const plain = (await post('/v1/bookings/calculate_amount', { group_type: 'NORMAL', participant_group: people, service_days: [fx.days[0]] }, agent)).json();
    const previewRes = await post('/v1/bookings/calculate_amount', { booking_id: id, group_type: 'NORMAL', participant_group: people, service_days: [fx.days[0]] }, agent);
    expect(previewRes.statusCode, previewRes.body).toBe(200);
    const preview = previewRes.json();
    // 20 people, one free: 16 adults + 3 children paid; 3 adults below the 19 once booked cost 220 yen each.
    const fares = (16 * 800 + 3 * 400) * E6;
    const total = fares + 3 * 220 * E6;
    expect(plain.total_amount).toBe(fares);
    expect(preview).toMatchObject({
      total_amount: total,
      modification: {
        previous_total_amount: (19 * 800 + 3 * 400) * E6,
        fare_amount: fares,
        decrement_fee_amount: 3 * 220 * E6,
        total_amount: total,
        difference_amount: total - (19 * 800 + 3 * 400) * E6,
        decrement_items: [{ unit_id: ADULT, decrement_quantity: 3, decrement_fee: 3 * 220 * E6 }],
      },
    });
    const asked = await put(id, change({ participant_group: people }), agent);
    expect(asked.json()).toEqual({ status: 'MODIFICATION_SUBMITTED', total_amount: preview.total_amount });
    expect((await post(`/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.main_params).toMatchObject({ total_amount: preview.total_amount, payment: { total_amount: preview.total_amount } });

    // Another agent's booking is not found, and nothing leaks.
    const other = await ctx.login('agent-free@example.com');
    const hidden = await post('/v1/bookings/calculate_amount', { booking_id: id, group_type: 'NORMAL', participant_group: people, service_days: [fx.days[0]] }, other);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('documents after a train change', () => {
  it('a seat table sent before the trains change is marked outdated until it is sent again', async () => {
    const id = await confirmed({ agent_id: agents.SPECIAL_CONTRACTED });
    expect((await post(`/v1/bookings/${id}/assign_seats`, { priority: 10 })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/send_seat_table`, { mail: { subject: '座席表', body: '添付します' } })).statusCode).toBe(200);
    let b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.documents).toMatchObject({ seat_table_sent_at: expect.any(String), voucher_sent_at: null, outdated: [] });

    // A headcount change keeps the trains, but the seat table printed the old count: it is outdated.
    const fewer = await put(id, change({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 18 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] } }));
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect((await get(`/v1/bookings/${id}`)).json().documents.outdated).toEqual(['seat_table']);

    const moved = await put(id, change({
      service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 18 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] },
    }));
    expect(moved.statusCode, moved.body).toBe(200);
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.documents.outdated).toEqual(['seat_table']);
    expect(b.main_params.service_order.update_count).toBe(1);

    // Seated again on the new train and the seat table sent again: nothing is outdated.
    expect((await post(`/v1/bookings/${id}/assign_seats`, { priority: 10 })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/send_seat_table`, { mail: { subject: '座席表(変更後)', body: '添付します' } })).statusCode).toBe(200);
    expect((await get(`/v1/bookings/${id}`)).json().documents.outdated).toEqual([]);
  });
});
