/**
 * The booking answer in the specification's names (spec 000 §3, issue 21): the can_* flags on
 * the booking and on its service order, the order's and each train's fields, the seats given,
 * product_labels and redeemed_at; and POST /reserve, which holds and confirms in one call, all
 * or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { errorOf, latestOperationLog, type TestApp } from './test-app.ts';
import { GROUP, WHEELCHAIR, keepGroupSeats, openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agent: { authorization: string };
let agentId: number;

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  agentId = agentIds.FREE!;
  agent = await ctx.login('agent-free@example.com');
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });

async function submit(day: string, quantity: number, extra: Record<string, unknown> = {}) {
  const res = await post('/v1/bookings', {
    applicant: { name: '木村 拓也', email: 'kimura@example.com', phone_number: '075-222-3333' },
    group: { group_type: 'NORMAL', name: '嵐山遠足', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity }], wheel_chairs: [{ need_slope: true }] },
    agent_id: agentId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}

describe("the spec's names on the booking answer", () => {
  let id: string;

  it('puts the flags on the booking and the service order, keeping the nested flags for the web app', async () => {
    id = await submit(fx.days[0]!, 10);
    const b = (await get(`/v1/bookings/${id}`)).json();
    for (const flag of ['can_show_voucher', 'can_update', 'can_cancel', 'can_release_seats']) expect(b[flag], flag).toBe(b.flags[flag]);
    const order = b.main_params.service_order;
    for (const flag of ['can_release_allotments', 'can_reserve_allotments', 'can_confirm_allotments', 'can_assign_seats', 'can_confirm_seats', 'can_generate_voucher', 'can_send_voucher']) {
      expect(order[flag], flag).toBe(b.flags[flag]);
    }
    expect(order).toMatchObject({
      priority: 0,
      is_selected: true,
      is_candidate: true,
      can_reserve_allotments: true,
      up_service: null,
      calculated_assignable_arrangement_ids: [GROUP, WHEELCHAIR],
      down_service: { direction: 'down', service_id: fx.down, can_assign_seats: false, assignable_arrangement_ids: [], seats: [] },
    });
    expect(order.services).toEqual([order.down_service]);
    expect(b).toMatchObject({ product_labels: [], redeemed_at: null, can_cancel: true });
  });

  it('shows what each train holds, and the seats given to whom may see them', async () => {
    expect((await post(`/v1/bookings/${id}/reserve`)).statusCode).toBe(200);
    const seated = await post(`/v1/bookings/${id}/assign_seats`, { priority: 5 });
    expect(seated.statusCode, seated.body).toBe(200);
    const b = (await get(`/v1/bookings/${id}`)).json();
    const leg = b.main_params.service_order.down_service;
    expect(b.main_params.service_order).toMatchObject({ priority: 5, is_candidate: false });
    expect(leg.assignable_arrangement_ids).toEqual([GROUP, WHEELCHAIR]);
    expect(leg.seats).toHaveLength(10);
    expect(leg.seats[0]).toEqual({
      logical_car_id: expect.any(Number),
      seat_group_id: expect.anything(),
      seat_id: expect.any(String),
      labels: expect.any(Array),
      arrangement_type_id: expect.any(Number),
      car_number: expect.any(Number),
    });
    expect(leg.seats.filter((s: { arrangement_type_id: number }) => s.arrangement_type_id === WHEELCHAIR)).toHaveLength(1);
    // The agent sees seat numbers only once the seat table is sent.
    const forAgent = (await get(`/v1/bookings/${id}`, agent)).json();
    expect(forAgent.main_params.service_order.down_service.seats).toEqual([]);
    expect(forAgent.main_params.service_order.can_assign_seats).toBe(false);
  });

  it('names the product by its labels', async () => {
    const [product] = await ctx.database.db.insert(t.products).values({ shortName: 'GRP', labels: [{ language_id: 'ja', text: '団体' }, { language_id: 'en', text: 'Group' }] }).returning();
    await ctx.database.db.update(t.bookings).set({ productId: product!.id }).where(eq(t.bookings.bookingId, id));
    expect((await get(`/v1/bookings/${id}`)).json().product_labels).toEqual([{ language_id: 'ja', text: '団体' }, { language_id: 'en', text: 'Group' }]);
  });
});

describe('POST /v1/bookings/{id}/reserve', () => {
  it('holds the allotments and confirms in one call: two revisions, the fare opened, the OK mail queued, one log row', async () => {
    const id = await submit(fx.days[0]!, 8);
    const res = await post(`/v1/bookings/${id}/reserve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.main_param_histories.map((h: { revision: number; status: string; sub_status: string }) => [h.revision, h.status, h.sub_status])).toEqual([
      [1, 'SUBMITTED', 'INITIAL'],
      [2, 'SUBMITTED', 'SAGANO_ALLOTMENT_CONFIRMED'],
      [3, 'RESERVED', 'SAGANO_ALLOTMENT_CONFIRMED'],
    ]);
    expect(b.main_params.payment).not.toBeNull();
    expect(b.main_params.service_order.down_service).toMatchObject({ held_group: 7, held_wheelchair: 1 });
    const mails = await ctx.database.db.select().from(t.outboxMails).where(and(eq(t.outboxMails.bookingId, id), eq(t.outboxMails.kind, 'booking.ok')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(id);
    const log = await latestOperationLog(ctx, 'bookings.reserve');
    expect(log).toMatchObject({ bookingId: id, isError: false, operator: 'staff@example.com' });
  });

  it('checks the revision the caller saw (If-Match) once, at its first step: the current one passes both steps, an old one changes nothing', async () => {
    const id = await submit(fx.days[0]!, 5);
    const stale = await post(`/v1/bookings/${id}/reserve`, undefined, { ...staff, 'if-match': '"0"' } as typeof staff);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error_code).toBe('BOOKING_CHANGED');
    expect((await get(`/v1/bookings/${id}`)).json().main_params.revision).toBe(1);
    const current = await post(`/v1/bookings/${id}/reserve`, undefined, { ...staff, 'if-match': '"1"' } as typeof staff);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toEqual({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
    expect((await get(`/v1/bookings/${id}`)).json().main_params.revision).toBe(3);
  });

  it('refuses when not every train can be held, writing nothing', async () => {
    // The train carries 12 group seats and another group holds 8 of them: a group of 12 waits, it is not over the train's capacity.
    await keepGroupSeats(ctx, staff, fx.days[1]!, fx.down, 12);
    expect((await post(`/v1/bookings/${await submit(fx.days[1]!, 8)}/reserve`)).statusCode).toBe(200);
    const id = await submit(fx.days[1]!, 12, { wait_listing: true });
    const counters = () => ctx.database.db.execute(sql`select coalesce(sum(held), 0)::int as n from inventory_counters where service_date = ${fx.days[1]}`);
    const before = JSON.stringify(await counters());
    const res = await post(`/v1/bookings/${id}/reserve`);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).error_code).toBe('NOT_ENOUGH_SEATS');
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'WAITLIST', sub_status: 'INITIAL', main_params: { revision: 1, payment: { status: 'INITED', paid_amount: 0 } } }); // priced at submission, not yet asked for
    expect(JSON.stringify(await counters())).toBe(before);
    expect(await ctx.database.db.$count(t.outboxMails, and(eq(t.outboxMails.bookingId, id), eq(t.outboxMails.kind, 'booking.ok')))).toBe(0);
    expect(await latestOperationLog(ctx, 'bookings.reserve')).toMatchObject({ bookingId: id, isError: true, statusCode: 409 });
  });

  it('is the back office\'s: an agent is refused, a confirmed booking cannot be reserved again', async () => {
    const id = await submit(fx.days[0]!, 6);
    expect((await post(`/v1/bookings/${id}/reserve`, undefined, agent)).statusCode).toBe(403);
    expect((await post(`/v1/bookings/${id}/reserve`)).statusCode).toBe(200);
    const again = await post(`/v1/bookings/${id}/reserve`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error_code).toBe('STEP_NOT_ALLOWED');
    expect((await post('/v1/bookings/99999999/reserve')).statusCode).toBe(404);
  });
});
