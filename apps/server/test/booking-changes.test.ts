/**
 * Cancelling and changing a confirmed booking through the API (split from bookings.test.ts,
 * which keeps submission, allotments, lists and tenants): fees, seats given back, re-pricing,
 * the one train change, and bad changes refused untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, CHILD, bookingCalls } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
});
afterAll(() => ctx.close());

const { body, post, get, submit, held } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));


/** A booking submitted, held and confirmed by staff. */
async function confirmed(overrides: Record<string, unknown> = {}) {
  const id = await submit(overrides);
  await post(`/v1/bookings/${id}/reserve_allotments`);
  expect((await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
  return id;
}

describe('cancellation', () => {
  it('an agent asks with the policy agreed, the operator confirms: seats back, fee owed, CANCEL revision', async () => {
    // A policy reaching years ahead, so the fixture's far-off days owe 10 %; frozen at confirmation.
    await ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 100000)`);
    const id = await confirmed();
    await ctx.database.db.execute(sql`update cancellation_policies set rate_e6 = 900000 where days_before = 20000`);
    const agent = await ctx.login('agent-free@example.com');
    const quote = (await get(`/v1/bookings/${id}/cancellation_fee`, agent)).json();
    const total = (19 * 800 + 3 * 400) * E6;
    expect(quote).toMatchObject({ rate_e6: 100000, days_before: 20000, total_amount: total, cancellation_fee: Math.ceil((total / E6) * 0.1 / 10) * 10 * E6, ignore_cancellation_policy: false });

    const notAgreed = await post(`/v1/bookings/${id}/cancel`, {}, agent);
    expect(notAgreed.statusCode).toBe(400);
    expect(errorOf(notAgreed).field).toBe('agree_cancellation_policy');
    expect((await get(`/v1/bookings/${id}`)).json().status).toBe('RESERVED');

    const heldBefore = await held(fx.days[0]!, fx.down, 2);
    const asked = await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent);
    expect(asked.json()).toEqual({ status: 'CANCELLATION_SUBMITTED', cancellation_fee: quote.cancellation_fee });
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore);
    const [notice] = await ctx.database.db.select().from(t.notifications).where(sql`kind = 'CANCELLATION' and booking_id = (select id from bookings where booking_id = ${id})`);
    expect(notice).toMatchObject({ audience: 'ADMIN' });
    expect((await get(`/v1/bookings/${id}`)).json().flags).toMatchObject({ can_cancel: false, can_confirm_cancellation: true, can_reserve_allotments: false });
    // The agent cannot confirm its own request; asking twice is refused.
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`, undefined, agent)).statusCode).toBe(409);
    expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent)).statusCode).toBe(409);

    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore - 23);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({
      status: 'CANCELLED',
      sub_status: 'INITIAL',
      main_params: {
        payment: { kind: 'FARE', status: 'NO_NEED_TO_PAY' },
        cancellation: { cancellation_rate_e6: 100000, total_cancellation_fee: quote.cancellation_fee, payment: { kind: 'CANCELLATION', status: 'PAYMENT_PENDING', total_amount: quote.cancellation_fee } },
      },
      flags: { can_cancel: false, can_confirm_cancellation: false },
    });
    expect(b.main_params.cancellation.cancelled_at).toBeTruthy();
    const last = b.main_param_histories.at(-1);
    expect(last).toMatchObject({ type: 'CANCEL', status: 'CANCELLED' });
    expect(b.main_param_histories.map((h: { type: string }) => h.type)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE', 'CANCEL']);
    // Irreversible.
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(409);
    expect((await post(`/v1/bookings/${id}/cancel`, {})).statusCode).toBe(409);
    await ctx.database.db.execute(sql`delete from cancellation_policies where days_before = 20000`);
  });

  it('the operator starts one: pending until the agent agrees; agents ignoring the policy are cancelled at once', async () => {
    const id = await confirmed({ agent_id: agents.CONTRACTED });
    const started = await post(`/v1/bookings/${id}/cancel`, {});
    expect(started.json()).toEqual({ status: 'CANCELLATION_PENDING', cancellation_fee: 0 });
    const [asked] = await ctx.database.db.select().from(t.notifications).where(sql`kind = 'CANCELLATION_FEE_QUOTED' and booking_id = (select id from bookings where booking_id = ${id})`);
    expect(asked).toMatchObject({ audience: 'AGENT' });
    const other = await ctx.login('agent-free@example.com');
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`, undefined, other)).statusCode).toBe(404);
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(409);
    const agent = await ctx.login('agent-contracted@example.com');
    expect((await get(`/v1/bookings/${id}`, agent)).json().flags).toMatchObject({ can_confirm_cancellation: true, can_cancel: false });
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`, undefined, agent)).statusCode).toBe(200);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'CANCELLED', main_params: { payment: { status: 'NO_NEED_TO_PAY' }, cancellation: { total_cancellation_fee: 0, payment: { status: 'NO_NEED_TO_PAY' } } } });

    await ctx.database.db.execute(sql`update agents set ignore_cancellation_policy = true where id = ${agents.SPECIAL_CONTRACTED}`);
    const special = await confirmed({ agent_id: agents.SPECIAL_CONTRACTED });
    const heldBefore = await held(fx.days[0]!, fx.down, 1);
    expect((await post(`/v1/bookings/${special}/cancel`, {})).json().status).toBe('CANCELLED');
    expect(await held(fx.days[0]!, fx.down, 1)).toBe(heldBefore - 23);
    await ctx.database.db.execute(sql`update agents set ignore_cancellation_policy = false where id = ${agents.SPECIAL_CONTRACTED}`);

    // A request not yet answered can be withdrawn too; nothing was ever owed.
    const fresh = await submit({ agent_id: agents.CONTRACTED }, agent);
    await post(`/v1/bookings/${fresh}/cancel`, { agree_cancellation_policy: true }, agent);
    expect((await post(`/v1/bookings/${fresh}/confirm_cancellation`)).statusCode).toBe(200);
    const f = (await get(`/v1/bookings/${fresh}`)).json();
    // Its fare, priced at submission (INITED) and never asked for, is closed: nothing was received, nothing goes back.
    expect(f).toMatchObject({ status: 'CANCELLED', main_params: { payment: { status: 'NO_NEED_TO_PAY', paid_amount: 0, refunds: [] }, cancellation: { total_cancellation_fee: 0 } } });
    expect(f.main_params.payment.booking_money).toMatchObject({ billed_amount: 0, received_amount: 0, balance_amount: 0 });
    // Station staff do not cancel: the route refuses them before the booking is read.
    const station = await ctx.login('station@example.com');
    expect((await post(`/v1/bookings/${await submit()}/cancel`, {}, station)).statusCode).toBe(403);
  });
});

describe('changing a confirmed booking', () => {
  const confirmedFor = (agent: string) => confirmed({ agent_id: agents[agent] });
  const change = (overrides: Record<string, unknown> = {}) => {
    const { applicant, tour_conductor, group, service_order, participant_group } = body();
    return { applicant, tour_conductor, group, service_order, participant_group, note: '', ...overrides };
  };
  const put = (id: string, payload: object, headers = staff) => ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${id}/params`, headers, payload });

  it('an agent asks for fewer people; staff accept: allotment shrinks, decrement fee charged, fare re-priced', async () => {
    const id = await confirmedFor('CONTRACTED');
    const agent = await ctx.login('agent-contracted@example.com');
    const heldBefore = await held(fx.days[0]!, fx.down, 2);
    const smaller = change({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 17 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] }, note: '3名減' });
    // 20 people, one free: 16 adults + 3 children paid; 3 adults removed below the 19 once booked cost 220 yen each.
    const total = (16 * 800 + 3 * 400 + 3 * 220) * E6;
    const asked = await put(id, smaller, agent);
    expect(asked.json()).toEqual({ status: 'MODIFICATION_SUBMITTED', total_amount: total });
    let b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'MODIFICATION_SUBMITTED', pending_change: { note: '3名減' }, main_params: { total_amount: (19 * 800 + 3 * 400) * E6 } });
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore);
    expect((await post(`/v1/bookings/${id}/accept_modification`, undefined, agent)).statusCode).toBe(403);

    expect((await post(`/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore - 3);
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'MODIFIED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', note: '3名減', pending_change: null, main_params: { total_amount: total, payment: { total_amount: total } } });
    expect(b.main_params.participant_group.unit_quantity_items.find((u: { unit_id: number }) => u.unit_id === ADULT)).toMatchObject({
      quantity: 17, calculated_quantity: 16, decrement_quantity: 3, decrement_fee: 3 * 220 * E6, record_largest_calculated_quantity: 19,
    });
    expect(b.main_param_histories.at(-1)).toMatchObject({ type: 'UPDATE', status: 'MODIFIED' });
    const [notice] = await ctx.database.db.select().from(t.notifications).where(sql`kind = 'MODIFICATION_CONFIRMED' and booking_id = (select id from bookings where booking_id = ${id})`);
    expect(notice).toMatchObject({ audience: 'AGENT' });

    // Another request, refused: nothing changes but the status.
    await put(id, change(), agent);
    expect((await post(`/v1/bookings/${id}/reject_modification`, { reason: '満席のため' })).statusCode).toBe(200);
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'NOT_MODIFIED', pending_change: null, main_params: { total_amount: total, participant_group: { participant_quantity: 20 } } });
  });

  it('staff move a booking to another day once; the second train change and a change that does not fit are refused untouched', async () => {
    const id = await confirmedFor('SPECIAL_CONTRACTED');
    const day0Before = await held(fx.days[0]!, fx.down, 1);
    const day1Before = await held(fx.days[1]!, fx.down, 1);
    const moved = await put(id, change({ service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status).toBe('MODIFIED');
    expect(await held(fx.days[0]!, fx.down, 1)).toBe(day0Before - 23);
    expect(await held(fx.days[1]!, fx.down, 1)).toBe(day1Before + 23);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.main_params.service_order).toMatchObject({ update_count: 1, services: [{ service_day: fx.days[1], held_group: 23 }] });
    // Each revision names its trains, including a train the booking has since left.
    expect(b.main_param_histories[0].service_order[0].service_name).toEqual(b.main_params.service_order.services[0].service_name);
    await ctx.database.db.execute(sql`
      update booking_histories set snapshot = jsonb_set(snapshot, '{service_order,0,service_id}', to_jsonb(${fx.up}::int))
      where revision = 1 and booking_id = (select id from bookings where booking_id = ${id})`);
    const [former] = rowsOf<{ names: unknown }>(await ctx.database.db.execute(sql`select names from services where id = ${fx.up}`));
    const renamed = (await get(`/v1/bookings/${id}`)).json();
    expect(renamed.main_param_histories[0].service_order[0]).toMatchObject({ service_id: fx.up, service_name: former!.names });

    const again = await put(id, change());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ error_code: 'TRAIN_CHANGE_USED', field: 'service_order' });

    // More people than the train has left: refused, nothing moves.
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 1 where service_date = ${fx.days[1]} and service_id = ${fx.down} and arrangement_type_id = ${GROUP} and leg = 3`);
    const bigger = await put(id, change({
      service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 30 }], wheel_chairs: [] },
    }));
    expect(bigger.statusCode).toBe(409);
    expect(errorOf(bigger).error_code).toBe('NOT_ENOUGH_SEATS');
    await ctx.database.db.execute(sql`update inventory_counters set held = held - (capacity - 1) + ${day1Before + 23} where service_date = ${fx.days[1]} and service_id = ${fx.down} and arrangement_type_id = ${GROUP} and leg = 3`);
    expect(await held(fx.days[1]!, fx.down, 1)).toBe(day1Before + 23);
    expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ main_params: { participant_group: { participant_quantity: 23 }, revision: b.main_params.revision } });
  });

  it('refuses bad changes naming the field, and changes before confirmation', async () => {
    const id = await confirmedFor('FREE');
    const bad = await put(id, change({ participant_group: { unit_quantity_items: [], wheel_chairs: [] } }));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('participant_group.unit_quantity_items');
    const wrongWay = await put(id, change({ service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 4, to_station_id: 1 } } }));
    expect(errorOf(wrongWay).field).toBe('service_order.down_service.to_station_id');
    expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ status: 'RESERVED', main_params: { revision: 3 } });
    const fresh = await submit();
    expect((await put(fresh, change())).statusCode).toBe(409);
    const other = await ctx.login('agent-contracted@example.com');
    expect((await put(id, change(), other)).statusCode).toBe(404);
  });
});
