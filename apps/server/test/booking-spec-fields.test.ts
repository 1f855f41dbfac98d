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
let agentIds: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  agentId = agentIds.FREE!;
  agent = await ctx.login('agent-free@example.com');
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });

const submitWith = (day: string, quantity: number, extra: Record<string, unknown> = {}) => submit(day, quantity, extra);

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

describe('the booking fields spec 000 §3 names beyond the flags (id, versions, discrepancy details, station names)', () => {
  // Without wheelchairs: the tests above hold the fixture's few wheelchair places.
  const submit = (day: string, quantity: number, extra: Record<string, unknown> = {}) =>
    submitWith(day, quantity, { participant_group: { unit_quantity_items: [{ unit_id: 1, quantity }], wheel_chairs: [] }, ...extra });
  const put = (id: string, payload: object, headers = staff) => ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${id}/params`, headers, payload });
  const conductor = { name: '添乗 花子', phone_number: '090-1111-2222' };
  /** The PUT /params body of the booking submitted by `submit` below, with `people` replacing applicant and tour conductor. */
  const change = (day: string, quantity: number, people: { applicant: object; tour_conductor: object | null }) => ({
    ...people,
    group: { group_type: 'NORMAL', name: '嵐山遠足', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity }], wheel_chairs: [] },
    note: '',
  });
  const applicant = { name: '木村 拓也', email: 'kimura@example.com', phone_number: '075-222-3333' };

  it('answers the internal id, the persons with their versions, each leg\'s station names, no bulk run and no discrepancy before confirmation', async () => {
    // A version sent with a new booking is not the caller's to set: the booking starts at 1.
    const id = await submit(fx.days[0]!, 9, { applicant: { ...applicant, version: 7 }, tour_conductor: conductor });
    const b = (await get(`/v1/bookings/${id}`)).json();
    const [row] = await ctx.database.db.select().from(t.bookings).where(eq(t.bookings.bookingId, id));
    expect(b.id).toBe(row!.id);
    expect(b.applicant).toEqual({ ...applicant, version: 1 });
    expect(b.tour_conductor).toEqual({ ...conductor, version: 1 });
    expect(row!.applicant).toEqual(applicant); // the stored person carries no version of its own
    expect(b.main_params.bulk_reservation_id).toBeNull();
    expect(b.discrepancy_details).toBeNull();
    const leg = b.main_params.service_order.down_service;
    expect(leg).toMatchObject({
      from_station_id: 1,
      from_station_name: expect.arrayContaining([{ language_id: 'ja', text: 'トロッコ嵯峨' }, { language_id: 'en', text: expect.stringMatching(/Saga/) }]),
      to_station_id: 4,
      to_station_name: expect.arrayContaining([{ language_id: 'ja', text: 'トロッコ亀岡' }, { language_id: 'en', text: expect.stringMatching(/Kameoka/) }]),
    });
    // The list row and the booking name the same id.
    const list = (await get(`/v1/bookings/service_orders/search?booking_id=${id}`)).json();
    expect(list.service_orders[0].id).toBe(b.id);
  });

  it('raises a person\'s version when their data change, and refuses a stale version with 409 BOOKING_CHANGED, writing nothing', async () => {
    const day = fx.days[0]!;
    const id = await submit(day, 9, { tour_conductor: conductor });
    expect((await post(`/v1/bookings/${id}/reserve`)).statusCode).toBe(200);

    // The applicant's phone changes: their version goes to 2, the tour conductor's stays.
    const moved = await put(id, change(day, 9, { applicant: { ...applicant, phone_number: '075-999-0000', version: 1 }, tour_conductor: { ...conductor, version: 1 } }));
    expect(moved.statusCode, moved.body).toBe(200);
    let b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.applicant).toEqual({ ...applicant, phone_number: '075-999-0000', version: 2 });
    expect(b.tour_conductor).toEqual({ ...conductor, version: 1 });
    const revision = b.main_params.revision;

    // Someone who read version 1 of the applicant is refused; nothing changes.
    const stale = await put(id, change(day, 9, { applicant: { ...applicant, name: '木村 拓', version: 1 }, tour_conductor: conductor }));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(errorOf(stale)).toMatchObject({ error_code: 'BOOKING_CHANGED', field: 'applicant.version' });
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ applicant: { name: applicant.name, version: 2 }, main_params: { revision } });
    expect(await latestOperationLog(ctx, 'bookings.update_params')).toMatchObject({ bookingId: id, isError: true, statusCode: 409 });
    const staleConductor = await put(id, change(day, 9, { applicant: { ...applicant, phone_number: '075-999-0000', version: 2 }, tour_conductor: { ...conductor, name: '別人', version: 2 } }));
    expect(errorOf(staleConductor)).toMatchObject({ error_code: 'BOOKING_CHANGED', field: 'tour_conductor.version' });

    // The tour conductor changes with the versions read now; a change without versions is not checked.
    expect((await put(id, change(day, 9, { applicant: { ...applicant, phone_number: '075-999-0000', version: 2 }, tour_conductor: { ...conductor, name: '添乗 次郎', version: 1 } }))).statusCode).toBe(200);
    expect((await put(id, change(day, 9, { applicant: { ...applicant, phone_number: '075-999-0000' }, tour_conductor: { ...conductor, name: '添乗 次郎' } }))).statusCode).toBe(200);
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.applicant.version).toBe(2);
    expect(b.tour_conductor).toEqual({ ...conductor, name: '添乗 次郎', version: 2 });
    // Each change is a revision of its own.
    expect(b.main_params.revision).toBe(revision + 2);
  });

  it('shows the fare\'s discrepancy details on the booking once the fare is settled (the bulk run\'s id: bulk-operations.test.ts)', async () => {
    // A coupon agent's booking: confirmed, then the agent reports the coupon issued.
    const id = await submit(fx.days[0]!, 6, { agent_id: agentIds.CONTRACTED });
    expect((await post(`/v1/bookings/${id}/reserve`)).statusCode).toBe(200);
    let b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.discrepancy_details).toBeNull();
    const coupon = await ctx.login('agent-contracted@example.com');
    const reported = await post(`/v1/bookings/${id}/payments/${b.main_params.payment.payment_id}/report_coupon`, { coupon_number: 'CP-SPEC-1' }, coupon);
    expect(reported.statusCode, reported.body).toBe(200);
    b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.discrepancy_details).not.toBeNull();
    expect(b.discrepancy_details).toEqual(b.main_params.payment.discrepancy_details);
    expect(b.discrepancy_details).toMatchObject({ last_payment: { total_amount: b.main_params.total_amount }, expected_cancellation_payment: null });
    expect((await get(`/v1/bookings/${id}`, coupon)).json().discrepancy_details).toMatchObject({ last_payment: { total_amount: b.main_params.total_amount } });
  });
});

describe('notifications on the service-order list rows', () => {
  const submit = (day: string, quantity: number) => submitWith(day, quantity, { participant_group: { unit_quantity_items: [{ unit_id: 1, quantity }], wheel_chairs: [] } });
  const rowOf = async (id: string, headers: { authorization: string }) => {
    const res = await get(`/v1/bookings/service_orders/search?booking_id=${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().service_orders[0] as { notifications: { notification_id: number; kind: string; category: string; is_read: boolean; created_at: string }[] };
  };

  it('shows each caller the booking\'s notifications of their own inbox, with their read state, until deleted', async () => {
    const id = await submit(fx.days[0]!, 7);
    // The operator is told of the new request (and of the missing tour conductor); the agent's inbox has nothing yet.
    let row = await rowOf(id, staff);
    expect(row.notifications.map((n) => n.kind).sort()).toEqual(['BOOKING_RECEIVED', 'TOUR_CONDUCTOR_NOT_REGISTERED']);
    expect(row.notifications.every((n) => !n.is_read && n.category === 'booking' && !Number.isNaN(Date.parse(n.created_at)))).toBe(true);
    expect((await rowOf(id, agent)).notifications).toEqual([]);

    const received = row.notifications.find((n) => n.kind === 'BOOKING_RECEIVED')!;
    expect((await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${received.notification_id}/read`, headers: staff })).statusCode).toBe(200);
    row = await rowOf(id, staff);
    expect(row.notifications.find((n) => n.notification_id === received.notification_id)?.is_read).toBe(true);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v1/notifications/${received.notification_id}`, headers: staff })).statusCode).toBe(200);
    expect((await rowOf(id, staff)).notifications.map((n) => n.kind)).toEqual(['TOUR_CONDUCTOR_NOT_REGISTERED']);

    // Confirmed: the agent's inbox now speaks of it, the operator's does not gain the agent's notifications.
    expect((await post(`/v1/bookings/${id}/reserve`)).statusCode).toBe(200);
    const forAgent = await rowOf(id, agent);
    expect(forAgent.notifications.map((n) => n.kind)).toEqual(expect.arrayContaining(['BOOKING_CONFIRMED', 'PAYMENT_REQUEST']));
    const agentIds = new Set(forAgent.notifications.map((n) => n.notification_id));
    expect((await rowOf(id, staff)).notifications.some((n) => agentIds.has(n.notification_id))).toBe(false);
    // Station staff have no inbox: the row lists none.
    expect((await rowOf(id, await ctx.login('station@example.com'))).notifications).toEqual([]);
    // The by-service list shows the back office's.
    const byService = (await get(`/v1/bookings/service_orders/by-service/${fx.days[0]}/${fx.down}`)).json();
    expect(byService.service_orders.find((r: { booking_id: string }) => r.booking_id === id).notifications.map((n: { kind: string }) => n.kind)).toContain('TOUR_CONDUCTOR_NOT_REGISTERED');
  });
});
