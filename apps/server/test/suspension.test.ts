/**
 * Suspensions reach the bookings (DESIGN §3): suspending a train, or every train of a day,
 * refuses its live bookings (confirmed ones too) with SERVICE_SUSPENSION / SERVICEDAY_SUSPENSION,
 * releases their allotments and seats, waives what is unpaid, mails and notifies the agent; a
 * pattern-calendar or special-day change that stops a booked train lists the bookings in the
 * request and the approval, and applying it refuses them the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { runApprovalJob } from '../src/modules/approvals/approval.jobs.ts';
import type { TestApp } from './test-app.ts';
import { GROUP, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
type Headers = { authorization: string };
let staff: Headers;
let admin: Headers;
let agentId: number;

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  admin = await ctx.login('admin@example.com');
  agentId = agentIds.FREE!;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = staff) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const mail = { mail: { subject: 's', body: 'b' } };

type Step = 'submitted' | 'reserved' | 'seated' | 'cancelled';

/** A booking on one train of the fixture taken to `step`. */
async function booking(day: string, serviceId: number, direction: 'down' | 'up', adults: number, step: Step): Promise<string> {
  const [from, to] = direction === 'down' ? [1, 4] : [4, 1];
  const res = await call('POST', '/v1/bookings', {
    applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    group: { group_type: 'NORMAL', name: `運休テスト ${step}`, country_code: 'JPN' },
    service_order: { [`${direction}_service`]: { service_date: day, service_id: serviceId, from_station_id: from, to_station_id: to } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: adults }] },
    agent_id: agentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().booking_id as string;
  if (step === 'submitted') return id;
  expect((await call('POST', `/v1/bookings/${id}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  expect((await call('POST', `/v1/bookings/${id}/confirm_booking`, mail)).statusCode).toBe(200);
  if (step === 'seated') {
    expect((await call('POST', `/v1/bookings/${id}/assign_seats`, {})).statusCode).toBe(200);
    expect((await call('POST', `/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
    expect((await call('POST', `/v1/bookings/${id}/send_seat_table`, mail)).statusCode).toBe(200);
  }
  if (step === 'cancelled') {
    expect((await call('POST', `/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true })).statusCode).toBe(200);
    const status = (await call('GET', `/v1/bookings/${id}`)).json().status;
    // The operator started it: the agent agrees to the fee.
    if (status !== 'CANCELLED') expect((await call('POST', `/v1/bookings/${id}/confirm_cancellation`, undefined, await ctx.login('agent-free@example.com'))).statusCode).toBe(200);
    expect((await call('GET', `/v1/bookings/${id}`)).json().status).toBe('CANCELLED');
  }
  return id;
}

async function groupHeld(day: string, serviceId: number): Promise<number> {
  const rows = await ctx.database.db
    .select({ held: t.inventoryCounters.held })
    .from(t.inventoryCounters)
    .where(and(eq(t.inventoryCounters.serviceDate, day), eq(t.inventoryCounters.serviceId, serviceId), eq(t.inventoryCounters.arrangementTypeId, GROUP)));
  return Math.max(0, ...rows.map((r) => r.held));
}

/** Everything a suspension promises for one refused booking. */
async function expectRefusedBySuspension(id: string, reason: 'SERVICE_SUSPENSION' | 'SERVICEDAY_SUSPENSION') {
  const b = (await call('GET', `/v1/bookings/${id}`)).json();
  expect(b).toMatchObject({ status: 'NOT_RESERVED', sub_status: 'INITIAL', refusal_reason: reason });
  expect(b.main_params.payment.status).toBe('NO_NEED_TO_PAY');
  expect(b.main_params.service_order.services.every((s: { held_group: number }) => s.held_group === 0)).toBe(true);
  const last = b.main_param_histories.at(-1);
  expect(last).toMatchObject({ type: 'UPDATE', status: 'NOT_RESERVED' });
  const seats = await ctx.database.db.select().from(t.seatAssignments).where(eq(t.seatAssignments.bookingId, id));
  expect(seats).toHaveLength(0);
  const mails = await ctx.database.db.select().from(t.outboxMails).where(and(eq(t.outboxMails.bookingId, id), eq(t.outboxMails.kind, 'booking.ng')));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toContain('運休');
  expect(mails[0]!.toAddress).toBe('tour-desk@sakura-travel.example.com');
  expect(mails[0]!.bodyText).toContain(reason === 'SERVICEDAY_SUSPENSION' ? 'ご利用日の全列車が運休' : 'ご予約の列車が運休');
  const notices = await ctx.database.db.execute(sql`
    select n.audience from notifications n join bookings x on x.id = n.booking_id where x.booking_id = ${id} and n.kind = 'BOOKING_REFUSED'`);
  expect((notices as unknown as { rows: { audience: string }[] }).rows ?? notices).toEqual([{ audience: 'AGENT' }]);
}

describe('suspending one train', () => {
  const day = () => fx.days[0]!;
  let submitted: string;
  let reserved: string;
  let seated: string;
  let cancelled: string;
  let otherTrain: string;

  it('lists the live bookings it will refuse before anything is written', async () => {
    submitted = await booking(day(), fx.down, 'down', 3, 'submitted');
    reserved = await booking(day(), fx.down, 'down', 5, 'reserved');
    seated = await booking(day(), fx.down, 'down', 4, 'seated');
    cancelled = await booking(day(), fx.down, 'down', 2, 'cancelled');
    otherTrain = await booking(day(), fx.up, 'up', 6, 'reserved');
    expect(await groupHeld(day(), fx.down)).toBe(9);

    const res = await call('GET', `/v1/services/${fx.down}/affected-bookings?date=${day()}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().bookings as { booking_id: string; reason: string; status: string; agent_name: string; participant_quantity: number }[];
    expect(listed.map((b) => b.booking_id).sort()).toEqual([submitted, reserved, seated].sort());
    expect(listed.every((b) => b.reason === 'SERVICE_SUSPENSION' && b.agent_name.length > 0)).toBe(true);
    expect(listed.find((b) => b.booking_id === seated)).toMatchObject({ status: 'RESERVED', participant_quantity: 4 });
    expect((await call('GET', `/v1/bookings/${reserved}`)).json().status).toBe('RESERVED');
    expect((await call('GET', `/v1/services/${fx.down}/affected-bookings?date=not-a-date`)).statusCode).toBe(400);
    const agent = await ctx.login('agent-free@example.com');
    expect((await call('GET', `/v1/services/${fx.down}/affected-bookings?date=${day()}`, undefined, agent)).statusCode).toBe(403);
  });

  it('refuses them with SERVICE_SUSPENSION: allotments and seats released, unpaid fares waived, mail, notification, history, operation log', async () => {
    const res = await call('PUT', `/v1/services/${fx.down}/status`, { date: day(), operation: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refused_booking_ids.sort()).toEqual([submitted, reserved, seated].sort());
    for (const id of [submitted, reserved, seated]) await expectRefusedBySuspension(id, 'SERVICE_SUSPENSION');
    expect(await groupHeld(day(), fx.down)).toBe(0);
    // The cancelled booking and the other train's booking are untouched.
    expect((await call('GET', `/v1/bookings/${cancelled}`)).json()).toMatchObject({ status: 'CANCELLED', refusal_reason: null });
    expect((await call('GET', `/v1/bookings/${otherTrain}`)).json()).toMatchObject({ status: 'RESERVED' });
    expect(await groupHeld(day(), fx.up)).toBe(6);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'services.set_status')).orderBy(sql`id desc`).limit(1);
    expect(log).toMatchObject({ isError: false, operator: expect.stringContaining('staff@example.com') });
    expect((log!.responseJson as { refused_booking_ids: string[] }).refused_booking_ids.sort()).toEqual([submitted, reserved, seated].sort());
    // Nothing is left to list; the suspension is final.
    expect((await call('GET', `/v1/services/${fx.down}/affected-bookings?date=${day()}`)).json().bookings).toEqual([]);
    expect((await call('PUT', `/v1/services/${fx.down}/status`, { date: day(), operation: 'suspended' })).statusCode).toBe(409);
  });

  it('a paid booking is still refused, and everything it paid goes back in full (a refund record, SUSPENSION)', async () => {
    const paid = await booking(fx.days[1]!, fx.up, 'up', 2, 'reserved');
    await ctx.database.db.execute(sql`update payments set status = 'PAYMENT_CONFIRMED', paid_amount_e6 = total_amount_e6 where booking_id = (select id from bookings where booking_id = ${paid})`);
    expect((await call('PUT', `/v1/services/${fx.up}/status`, { date: fx.days[1], operation: 'suspended' })).json().refused_booking_ids).toEqual([paid]);
    const b = (await call('GET', `/v1/bookings/${paid}`)).json();
    expect(b).toMatchObject({ status: 'NOT_RESERVED', refusal_reason: 'SERVICE_SUSPENSION' });
    expect(b.main_params.payment.status).toBe('PAYMENT_CONFIRMED');
    const fare = b.main_params.payment;
    expect(fare.refunds).toEqual([expect.objectContaining({ reason: 'SUSPENSION', total_amount: fare.paid_amount, status: 'PAYMENT_PENDING' })]);
    // A refused booking costs nothing: what it holds is owed back until the refund is made.
    expect(fare.booking_money).toMatchObject({ billed_amount: 0, owed_back_amount: fare.paid_amount });
  });
});

describe('suspending every train of a day', () => {
  it('refuses with SERVICEDAY_SUSPENSION when no train of the day is left running', async () => {
    const day = fx.days[1]!;
    // fx.up is already suspended on this day (above); suspending the down train leaves nothing running.
    const down = await booking(day, fx.down, 'down', 3, 'seated');
    const listed = (await call('GET', `/v1/services/${fx.down}/affected-bookings?date=${day}`)).json().bookings;
    expect(listed).toEqual([expect.objectContaining({ booking_id: down, reason: 'SERVICEDAY_SUSPENSION' })]);
    const res = await call('PUT', `/v1/services/${fx.down}/status`, { date: day, operation: 'suspended' });
    expect(res.json().refused_booking_ids).toEqual([down]);
    await expectRefusedBySuspension(down, 'SERVICEDAY_SUSPENSION');
    expect(await groupHeld(day, fx.down)).toBe(0);
  });
});

describe('a calendar change that stops a booked train', () => {
  it('special days: taking a special train off a day lists and refuses its bookings with SERVICE_SUSPENSION', async () => {
    const [svc] = await ctx.database.db.select({ termId: t.services.serviceTermId }).from(t.services).where(eq(t.services.id, fx.special));
    const onSpecial = await booking(fx.specialDay, fx.special, 'down', 3, 'reserved');
    const url = `/v1/service-terms/${svc!.termId}/services/special-days`;
    const request = await call('PUT', url, { days: [{ date: fx.specialDay, service_ids: [] }] });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json().affected_bookings).toEqual([expect.objectContaining({ booking_id: onSpecial, reason: 'SERVICE_SUSPENSION' })]);
    const id = request.json().approval_id as number;
    expect((await call('PUT', `/v1/approvals/${id}/approve`, { reason: '' }, admin)).statusCode).toBe(200);
    expect(await runApprovalJob(ctx.database.db, id)).toBe('DONE');
    await expectRefusedBySuspension(onSpecial, 'SERVICE_SUSPENSION');
    expect(await groupHeld(fx.specialDay, fx.special)).toBe(0);
    // The special train back on the day (nothing booked on it: nothing listed).
    const back = await call('PUT', url, { days: [{ date: fx.specialDay, service_ids: [fx.special] }] });
    expect(back.json().affected_bookings).toEqual([]);
    expect((await call('PUT', `/v1/approvals/${back.json().approval_id}/approve`, { reason: '' }, admin)).statusCode).toBe(200);
    expect(await runApprovalJob(ctx.database.db, back.json().approval_id)).toBe('DONE');
  });

  it('lists the bookings in the request and the approval, and applying it refuses them', async () => {
    const [svc] = await ctx.database.db.select({ termId: t.services.serviceTermId }).from(t.services).where(eq(t.services.id, fx.special));
    const special = await booking(fx.specialDay, fx.special, 'down', 4, 'seated');
    const ordinary = await booking(fx.specialDay, fx.down, 'down', 2, 'reserved');
    // The special day becomes ORDINARY: the special train stops, the ordinary ones still run.
    const request = await call('PUT', `/v1/service-terms/${svc!.termId}/services/pattern-calendar`, { days: [{ date: fx.specialDay, service_pattern: 'ORDINARY' }] });
    expect(request.statusCode, request.body).toBe(200);
    const { approval_id: approvalId, affected_bookings: inRequest } = request.json();
    expect(inRequest).toEqual([expect.objectContaining({ booking_id: special, service_id: fx.special, reason: 'SERVICE_SUSPENSION' })]);
    // The preview wrote nothing.
    const [pattern] = await ctx.database.db.select().from(t.serviceDayPatterns).where(eq(t.serviceDayPatterns.serviceDate, fx.specialDay));
    expect(pattern!.pattern).toBe('SPECIAL');
    expect((await call('GET', `/v1/bookings/${special}`)).json().status).toBe('RESERVED');

    const inApproval = await call('GET', `/v1/approvals/${approvalId}/affected-bookings`, undefined, admin);
    expect(inApproval.statusCode, inApproval.body).toBe(200);
    expect(inApproval.json().bookings.map((b: { booking_id: string }) => b.booking_id)).toEqual([special]);

    expect((await call('PUT', `/v1/approvals/${approvalId}/approve`, { reason: '' }, admin)).statusCode).toBe(200);
    expect(await runApprovalJob(ctx.database.db, approvalId)).toBe('DONE');
    await expectRefusedBySuspension(special, 'SERVICE_SUSPENSION');
    expect((await call('GET', `/v1/bookings/${special}`)).json().main_param_histories.at(-1).created_by).toBe('admin@example.com');
    expect((await call('GET', `/v1/bookings/${ordinary}`)).json().status).toBe('RESERVED');
    // This approval's own entry (another test's approval may be applied later by the job queue).
    const [log] = await ctx.database.db.select().from(t.operationLogs)
      .where(sql`${t.operationLogs.operation} = 'approvals.apply' and ${t.operationLogs.requestJson}->>'approval_id' = ${String(approvalId)}`);
    expect(log).toMatchObject({ category: 'approvals', operator: 'admin@example.com' });
    expect(log!.responseJson).toEqual({ refused_booking_ids: [special] });
    expect((await call('GET', `/v1/approvals/${approvalId}/affected-bookings`, undefined, admin)).json().bookings).toEqual([]);
  });

  it('a day turned SUSPENDED refuses its bookings with SERVICEDAY_SUSPENSION', async () => {
    const [svc] = await ctx.database.db.select({ termId: t.services.serviceTermId }).from(t.services).where(eq(t.services.id, fx.down));
    const onDay = await booking(fx.specialDay, fx.down, 'down', 3, 'submitted');
    const request = await call('PUT', `/v1/service-terms/${svc!.termId}/services/pattern-calendar`, { days: [{ date: fx.specialDay, service_pattern: 'SUSPENDED' }] });
    expect(request.statusCode, request.body).toBe(200);
    const listed = request.json().affected_bookings as { booking_id: string; reason: string }[];
    expect(listed.map((b) => b.booking_id)).toContain(onDay);
    expect(listed.every((b) => b.reason === 'SERVICEDAY_SUSPENSION')).toBe(true);
    const id = request.json().approval_id as number;
    expect((await call('PUT', `/v1/approvals/${id}/approve`, { reason: '' }, admin)).statusCode).toBe(200);
    expect(await runApprovalJob(ctx.database.db, id)).toBe('DONE');
    for (const b of listed) await expectRefusedBySuspension(b.booking_id, 'SERVICEDAY_SUSPENSION');
    const inventory = await ctx.database.db.select().from(t.serviceDayInventories).where(eq(t.serviceDayInventories.serviceDate, fx.specialDay));
    expect(inventory).toHaveLength(0);
  });
});
