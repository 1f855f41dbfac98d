/**
 * Every admin notification kind of spec 000 §4 (booking received, modification, cancellation,
 * invoice request, payment request, seat assignment request, coupon, note updated, payment
 * received, tour conductor not registered) is left for the operator by the real call that
 * causes it, and shows in the operator's notification list with its booking. The seat request
 * (our call, POST …/request_seat_assignment) is checked in full here: who may ask, when, twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_NOTIFICATION_KINDS } from '@sagano/domain/bookings/booking-constants';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking, plainBookingBody } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { until } from './support/polling.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ jobs: true }));
  agents = await demoAgents(ctx);
}, 60_000);
afterAll(() => ctx.close());

const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const put = (url: string, payload: object, headers = staff) => ctx.app.inject({ method: 'PUT', url, headers, payload });

let dayIndex = 0;
const confirmed = (agent: keyof DemoAgents, adults = 10) => confirmedBooking(ctx, staff, { agentId: agents[agent].id, day: fx.days[dayIndex++ % fx.days.length]!, serviceId: fx.down, adults });

/** The operator's notifications of a booking, as stored: kind, audience and category. */
async function adminKinds(bookingId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ kind: t.notifications.kind })
    .from(t.notifications)
    .innerJoin(t.bookings, eq(t.bookings.id, t.notifications.bookingId))
    .where(and(eq(t.bookings.bookingId, bookingId), eq(t.notifications.audience, 'ADMIN')))
    .orderBy(t.notifications.id);
  return rows.map((r) => r.kind);
}

/** The operator's list (the screen's call) holds a row of this kind for the booking. */
async function listed(category: 'booking' | 'payment', kind: string, bookingId: string) {
  const rows = (await get(`/v1/notifications/${category}?per_page=100`)).json().notifications as { notification_id: number; kind: string; booking_id: string; detail: unknown }[];
  return rows.find((r) => r.kind === kind && r.booking_id === bookingId);
}

const seen = new Set<string>();
async function expectAdminNotice(bookingId: string, kind: string, category: 'booking' | 'payment') {
  expect(await adminKinds(bookingId)).toContain(kind);
  expect(await listed(category, kind, bookingId), `${kind} in the ${category} list`).toBeTruthy();
  seen.add(kind);
}

describe('every admin notification kind', () => {
  it('booking received and tour conductor not registered: an agent submits without a tour conductor', async () => {
    const res = await post('/v1/bookings', plainBookingBody({ agentId: agents.FREE.id, day: fx.days[0]!, serviceId: fx.down, adults: 10 }), agents.FREE.headers);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().booking_id as string;
    await expectAdminNotice(id, 'BOOKING_RECEIVED', 'booking');
    await expectAdminNotice(id, 'TOUR_CONDUCTOR_NOT_REGISTERED', 'booking');
  });

  it('invoice request: a monthly agent\'s booking is confirmed; payment request: a coupon agent\'s', async () => {
    const monthly = await confirmed('SPECIAL_CONTRACTED');
    await expectAdminNotice(monthly, 'INVOICE_REQUEST', 'payment');
    expect(await adminKinds(monthly)).not.toContain('PAYMENT_REQUEST');
    const coupon = await confirmed('CONTRACTED');
    await expectAdminNotice(coupon, 'PAYMENT_REQUEST', 'payment');
  });

  it('coupon: the coupon agent reports its coupon', async () => {
    const id = await confirmed('CONTRACTED');
    const fare = (await get(`/v1/bookings/${id}`)).json().main_params.payment;
    const res = await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-KINDS-1' }, agents.CONTRACTED.headers);
    expect(res.statusCode, res.body).toBe(200);
    await expectAdminNotice(id, 'COUPON', 'payment');
  });

  it('payment received: the card agent pays on the hosted page', async () => {
    const id = await confirmed('FREE');
    const fare = (await get(`/v1/bookings/${id}`)).json().main_params.payment;
    const checkout = await post(`/v1/bookings/${id}/payments/${fare.payment_id}/checkout`, undefined, agents.FREE.headers);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = checkout.json().checkout_url as string;
    const ref = url.slice(url.lastIndexOf('/') + 1);
    const paid = await ctx.app.inject({ method: 'POST', url: `/v1/sandbox-gateway/checkouts/${ref}/pay`, payload: { card_number: '4242424242424242' } });
    expect(paid.json().outcome).toBe('PAID');
    await until(() => adminKinds(id), (kinds) => kinds.includes('PAYMENT_RECEIVED'), 'the payment to be received');
    await expectAdminNotice(id, 'PAYMENT_RECEIVED', 'payment');
  }, 30_000);

  it('note updated: the agent writes a note (a private note of the operator tells nobody)', async () => {
    const id = await confirmed('FREE');
    expect((await post(`/v1/bookings/${id}/notes`, { note: '到着が10分ほど遅れます' }, agents.FREE.headers)).statusCode).toBe(200);
    await expectAdminNotice(id, 'NOTE_UPDATED', 'booking');
    expect((await post(`/v1/bookings/${id}/notes`, { note: '社内メモ', is_private: true })).statusCode).toBe(200);
    expect((await adminKinds(id)).filter((k) => k === 'NOTE_UPDATED')).toHaveLength(1);
  });

  it('modification: the agent asks for a change', async () => {
    const id = await confirmed('CONTRACTED');
    const b = (await get(`/v1/bookings/${id}`, agents.CONTRACTED.headers)).json();
    const leg = b.main_params.service_order.services[0];
    const res = await put(`/v1/bookings/${id}/params`, {
      applicant: b.applicant,
      group: b.group,
      service_order: { down_service: { service_date: leg.service_day, service_id: leg.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 8 }], wheel_chairs: [] },
      note: '2名減',
    }, agents.CONTRACTED.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('MODIFICATION_SUBMITTED');
    await expectAdminNotice(id, 'MODIFICATION', 'booking');
  });

  it('cancellation: the agent asks to cancel', async () => {
    const id = await confirmed('FREE');
    const res = await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents.FREE.headers);
    expect(res.json().status, res.body).toBe('CANCELLATION_SUBMITTED');
    await expectAdminNotice(id, 'CANCELLATION', 'booking');
  });

  it('seat assignment request: the agent asks for seats, with a message the operator reads in the list', async () => {
    const id = await confirmed('FREE');
    const before = (await get(`/v1/bookings/${id}`, agents.FREE.headers)).json();
    expect(before).toMatchObject({ seat_assignment_requested_at: null, flags: { can_request_seat_assignment: true } });
    expect((await get(`/v1/bookings/${id}`)).json().flags.can_request_seat_assignment).toBe(false);

    const res = await post(`/v1/bookings/${id}/request_seat_assignment`, { message: '車いすの方がいるため3号車を希望します' }, agents.FREE.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { requested_at: string; already_requested: boolean };
    expect(answer.already_requested).toBe(false);
    await expectAdminNotice(id, 'SEAT_ASSIGNMENT_REQUEST', 'booking');
    expect((await listed('booking', 'SEAT_ASSIGNMENT_REQUEST', id))!.detail).toEqual({ message: '車いすの方がいるため3号車を希望します' });

    // The booking did not change (no revision), and both sides read when seats were asked for.
    const after = (await get(`/v1/bookings/${id}`, agents.FREE.headers)).json();
    expect(after.main_params.revision).toBe(before.main_params.revision);
    expect(after.main_param_histories).toHaveLength(before.main_param_histories.length);
    expect(after.seat_assignment_requested_at).toBe(answer.requested_at);
    expect((await get(`/v1/bookings/${id}`)).json().seat_assignment_requested_at).toBe(answer.requested_at);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'bookings.request_seat_assignment' and booking_id = ${id}`);
    expect(log).toMatchObject({ category: 'bookings', isError: false });

    // Asked again while the operator has not read it: nothing new, the first request answered.
    const again = await post(`/v1/bookings/${id}/request_seat_assignment`, {}, agents.FREE.headers);
    expect(again.json()).toEqual({ requested_at: answer.requested_at, already_requested: true });
    expect((await adminKinds(id)).filter((k) => k === 'SEAT_ASSIGNMENT_REQUEST')).toHaveLength(1);
    // Once read, a new request is a reminder of its own.
    const notice = (await listed('booking', 'SEAT_ASSIGNMENT_REQUEST', id))!;
    expect((await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${notice.notification_id}/read`, headers: staff })).statusCode).toBe(200);
    const reminder = await post(`/v1/bookings/${id}/request_seat_assignment`, {}, agents.FREE.headers);
    expect(reminder.json().already_requested).toBe(false);
    expect((await adminKinds(id)).filter((k) => k === 'SEAT_ASSIGNMENT_REQUEST')).toHaveLength(2);
  });

  it('seat assignment request: refused once seats are being assigned, before the answer, to the operator, another agent and station staff; bad input names the field', async () => {
    const id = await confirmed('CONTRACTED');
    const agent = agents.CONTRACTED.headers;
    const tooLong = await post(`/v1/bookings/${id}/request_seat_assignment`, { message: 'あ'.repeat(2001) }, agent);
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'message' });
    expect((await post(`/v1/bookings/${id}/request_seat_assignment`, {}, agents.FREE.headers)).statusCode).toBe(404);
    expect((await post(`/v1/bookings/${id}/request_seat_assignment`, {}, await ctx.login('station@example.com'))).statusCode).toBe(403);
    const byOperator = await post(`/v1/bookings/${id}/request_seat_assignment`, {});
    expect(byOperator.statusCode).toBe(409);
    expect(errorOf(byOperator).error_code).toBe('STEP_NOT_ALLOWED');
    expect(await adminKinds(id)).not.toContain('SEAT_ASSIGNMENT_REQUEST');

    // Seats being assigned: nothing to ask for.
    expect((await post(`/v1/bookings/${id}/assign_seats`, {})).statusCode).toBe(200);
    expect((await get(`/v1/bookings/${id}`, agent)).json().flags.can_request_seat_assignment).toBe(false);
    const late = await post(`/v1/bookings/${id}/request_seat_assignment`, {}, agent);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).error_code).toBe('STEP_NOT_ALLOWED');

    // A request not yet answered has no seats to ask for either.
    const submitted = await post('/v1/bookings', plainBookingBody({ agentId: agents.CONTRACTED.id, day: fx.days[1]!, serviceId: fx.down, adults: 10 }), agent);
    const early = await post(`/v1/bookings/${submitted.json().booking_id}/request_seat_assignment`, {}, agent);
    expect(early.statusCode).toBe(409);
    expect(await adminKinds(id)).not.toContain('SEAT_ASSIGNMENT_REQUEST');
    const logs = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'bookings.request_seat_assignment' and booking_id = ${id}`);
    expect(logs.every((l) => l.isError)).toBe(true);
  });

  it('leaves no admin kind of the specification without its call', () => {
    expect([...seen].sort()).toEqual([...ADMIN_NOTIFICATION_KINDS].sort());
  });
});
