/**
 * Payments that get paid (DESIGN §6): a FREE agent pays by card on the sandbox's hosted page and
 * the signed webhook confirms it once, whatever order and however often events arrive; a
 * CONTRACTED agent reports a coupon; the operator records bank transfers, adjusts amounts and
 * finishes cancellation payments; money that arrives for a cancelled booking goes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { sandboxSecretOf } from '../src/modules/payments/gateway/gateway-registry.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/modules/payments/gateway/sandbox-signature.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { reconcileCheckouts } from '../src/modules/payments/payment-webhooks.ts';
import { systemClock } from '../src/lib/clock.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
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
const put = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'PUT', url, headers, ...(payload ? { payload } : {}) });
const publicPost = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

let dayIndex = 0;
async function booking(agent: keyof typeof agents, adults = 10) {
  const day = fx.days[dayIndex++ % fx.days.length]!;
  const id = await confirmedBooking(ctx, staff, { agentId: agents[agent].id, day, serviceId: fx.down, adults });
  return { id, fare: (await get(`/v1/bookings/${id}`)).json().main_params.payment };
}

const fareOf = async (id: string, headers = staff) => (await get(`/v1/bookings/${id}`, headers)).json().main_params.payment;

/** A webhook as the sandbox signs it. */
function signedWebhook(body: object, at = new Date()) {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/payment-webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(sandboxSecretOf(ctx.config), raw, at) },
    payload: raw,
  });
}

async function startCheckout(id: string, paymentId: number) {
  const res = await post(`/v1/bookings/${id}/payments/${paymentId}/checkout`, undefined, agents.FREE.headers);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().checkout_url as string;
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('demo data', () => {
  it('has confirmed bookings in every payment state for the three demo agents', async () => {
    const rows = (await ctx.database.db.execute(sql`
      select a.agent_type, p.kind, p.status, (p.due_date < current_date and p.status in ('PAYMENT_PENDING', 'INVOICE_PENDING')) as overdue, p.paid_amount_e6 > 0 as some_paid
      from payments p join bookings b on b.id = p.booking_id join agents a on a.id = b.agent_id`)) as unknown as { rows: { agent_type: string; kind: string; status: string; overdue: boolean; some_paid: boolean }[] };
    const has = (agentType: string, kind: string, status: string, extra: (r: (typeof rows.rows)[number]) => boolean = () => true) =>
      rows.rows.some((r) => r.agent_type === agentType && r.kind === kind && r.status === status && extra(r));
    expect(has('FREE', 'FARE', 'PAYMENT_CONFIRMED')).toBe(true);
    expect(has('FREE', 'FARE', 'PAYMENT_PENDING', (r) => !r.overdue)).toBe(true);
    expect(has('FREE', 'FARE', 'PAYMENT_PENDING', (r) => r.overdue)).toBe(true);
    expect(has('FREE', 'DISCREPANCY', 'PAYMENT_PENDING')).toBe(true);
    expect(has('CONTRACTED', 'FARE', 'COUPON_CONFIRMED')).toBe(true);
    expect(has('CONTRACTED', 'FARE', 'PAYMENT_PENDING')).toBe(true);
    expect(has('SPECIAL_CONTRACTED', 'FARE', 'INVOICE_PENDING', (r) => !r.some_paid)).toBe(true);
    expect(has('SPECIAL_CONTRACTED', 'FARE', 'INVOICE_PENDING', (r) => r.some_paid)).toBe(true);
    expect(has('SPECIAL_CONTRACTED', 'FARE', 'PAYMENT_CONFIRMED')).toBe(true);
    expect(rows.rows.some((r) => r.status === 'NO_NEED_TO_PAY')).toBe(true);
  });
});

describe('card payments through the sandbox gateway', () => {
  it('a FREE agent pays on the hosted page: declined first and still payable, then paid once, the operator told and the agent mailed', async () => {
    const { id, fare } = await booking('FREE');
    expect(fare).toMatchObject({ status: 'PAYMENT_PENDING', payment_method: 'ONLINE_CREDIT_CARD', paid_amount: 0, is_overdue: false });
    expect((await fareOf(id, agents.FREE.headers)).flags).toMatchObject({ can_pay: true, can_issue_coupon: false });
    expect(fare.flags.can_pay).toBe(false); // staff do not pay for agents
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/checkout`, undefined, agents.CONTRACTED.headers)).statusCode).toBe(404);

    const ref = await startCheckout(id, fare.payment_id);
    // Asking again hands back the same open checkout.
    expect(await startCheckout(id, fare.payment_id)).toBe(ref);
    const page = (await ctx.app.inject({ method: 'GET', url: `/v1/sandbox-gateway/checkouts/${ref}` })).json();
    expect(page).toMatchObject({ amount: fare.total_amount / E6, currency: 'JPY', status: 'OPEN' });
    expect(page.description).toContain(id);

    const declined = (await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4000 0000 0000 0002' })).json();
    expect(declined).toMatchObject({ outcome: 'DECLINED', reason: 'card_declined' });
    await until(() => ctx.database.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.gatewayRef, ref)), (rows) => rows[0]?.failureReason === 'card_declined', 'the decline to be noted');
    expect(await fareOf(id)).toMatchObject({ status: 'PAYMENT_PENDING', paid_amount: 0 });
    const unknownCard = await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '1234' });
    expect(unknownCard.statusCode).toBe(400);
    expect(errorOf(unknownCard).field).toBe('card_number');

    expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' })).json()).toMatchObject({ outcome: 'PAID' });
    const paid = await until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the payment to be confirmed');
    expect(paid).toMatchObject({ paid_amount: fare.total_amount, initial_paid_amount: fare.total_amount });
    expect(paid.transaction_id).toMatch(/^ch_/);
    expect(paid.flags).toMatchObject({ can_pay: false, can_view_receipt: true });

    const bookingRow = (await ctx.database.db.select({ id: t.bookings.id }).from(t.bookings).where(eq(t.bookings.bookingId, id)))[0]!;
    const received = await ctx.database.db.select().from(t.notifications).where(sql`booking_id = ${bookingRow.id} and kind = 'PAYMENT_RECEIVED'`);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ audience: 'ADMIN', category: 'payment' });
    const mails = await ctx.database.db.select().from(t.outboxMails).where(sql`booking_id = ${id} and kind = 'PAYMENT_RECEIVED'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain(id);
    // A history revision records the payment.
    expect((await get(`/v1/bookings/${id}`)).json().main_param_histories.at(-1).payment.status).toBe('PAYMENT_CONFIRMED');
    // Paying again is refused.
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/checkout`, undefined, agents.FREE.headers)).json().common.error_code).toBe('PAYMENT_STEP_NOT_ALLOWED');
  }, 60_000);

  it('a card that needs an extra confirmation is paid once confirmed', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await startCheckout(id, fare.payment_id);
    expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4000000000003220' })).json().outcome).toBe('REQUIRES_ACTION');
    expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/confirm`, { approve: true })).json().outcome).toBe('PAID');
    await until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the payment to be confirmed');
  }, 30_000);

  it('refuses a forged or stale webhook and stores nothing', async () => {
    const body = { id: 'evt_forged', type: 'checkout.paid', created: 0, data: { ref: 'cs_x', amount: 1, currency: 'jpy', transaction_id: 'ch_x' } };
    const forged = await ctx.app.inject({ method: 'POST', url: '/v1/payment-webhooks/sandbox', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=' + '0'.repeat(64) }, payload: JSON.stringify(body) });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).error_code).toBe('GATEWAY_SIGNATURE_INVALID');
    const stale = await signedWebhook(body, new Date(Date.now() - 3_600_000));
    expect(stale.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(t.gatewayEvents).where(eq(t.gatewayEvents.eventId, 'evt_forged'))).toHaveLength(0);
  });

  it('applies the same success five times, interleaved with a decline and a replayed refund, exactly once', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await startCheckout(id, fare.payment_id);
    const amount = fare.total_amount / E6;
    const paidEvent = { id: 'evt_paid_once', type: 'checkout.paid', created: 1, data: { ref, amount, currency: 'jpy', transaction_id: 'ch_once' } };
    const declineEvent = { id: 'evt_decline_late', type: 'checkout.failed', created: 0, data: { ref, amount, currency: 'jpy', reason: 'card_declined' } };
    // A partial refund made at the provider, delivered (and replayed) before the capture it refunds.
    const refundEvent = { id: 'evt_refund_early', type: 'charge.refunded', created: 2, data: { ref, amount: 100, currency: 'jpy', refund_id: 're_early' } };
    const answers = [await signedWebhook(refundEvent)];
    answers.push(...(await Promise.all([signedWebhook(paidEvent), signedWebhook(declineEvent), signedWebhook(paidEvent), signedWebhook(refundEvent), signedWebhook(paidEvent), signedWebhook(paidEvent), signedWebhook(paidEvent)])));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(3);
    await until(() => ctx.database.db.select().from(t.gatewayEvents).where(sql`event_id in ('evt_paid_once', 'evt_decline_late', 'evt_refund_early') and processed_at is null`), (rows) => rows.length === 0, 'the events to be applied');
    const paid = await until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the payment to be confirmed');
    // The fare keeps what it received; the provider's refund is a refund record of its own, made once.
    expect(paid.paid_amount).toBe(fare.total_amount);
    expect(paid.booking_money).toMatchObject({ received_amount: fare.total_amount, refunded_amount: 100 * E6, billed_amount: fare.total_amount - 100 * E6, balance_amount: 0 });
    expect(paid.refunds).toEqual([expect.objectContaining({ reason: 'OPERATOR', route: 'GATEWAY', status: 'PAYMENT_CONFIRMED', total_amount: 100 * E6, refunded_amount: 100 * E6 })]);
    const mails = await ctx.database.db.select().from(t.outboxMails).where(sql`booking_id = ${id} and kind = 'PAYMENT_RECEIVED'`);
    expect(mails).toHaveLength(1);
    const ledger = await ctx.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.paymentId, fare.payment_id));
    expect(ledger.map((r) => [r.kind, r.amountE6])).toEqual([['CARD_CAPTURE', fare.total_amount]]);
    const refunds = await ctx.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.kind, 'REFUND'));
    expect(refunds.filter((r) => r.reference === 're_early').map((r) => r.amountE6)).toEqual([-100 * E6]);
    expect((await fareOf(id)).status).toBe('PAYMENT_CONFIRMED');
  }, 30_000);

  it('the reconcile sweep confirms a paid checkout whose webhook never came', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await startCheckout(id, fare.payment_id);
    // Paid at the provider, but its webhook is lost: only the provider's own record knows.
    await ctx.database.db.update(t.sandboxCheckouts).set({ status: 'PAID', transactionId: 'ch_lost_webhook' }).where(eq(t.sandboxCheckouts.ref, ref));
    expect((await fareOf(id)).status).toBe('PAYMENT_PENDING');
    const found = await reconcileCheckouts({ db: ctx.database.db, gateway: ctx.gateway, clock: systemClock, publicUrl: ctx.config.publicUrl }, 0);
    expect(found).toBeGreaterThanOrEqual(1);
    expect(await fareOf(id)).toMatchObject({ status: 'PAYMENT_CONFIRMED', paid_amount: fare.total_amount, transaction_id: 'ch_lost_webhook' });
    // Run again: nothing more happens.
    await reconcileCheckouts({ db: ctx.database.db, gateway: ctx.gateway, clock: systemClock, publicUrl: ctx.config.publicUrl }, 0);
    expect(await ctx.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.paymentId, fare.payment_id))).toHaveLength(1);
  }, 30_000);

  it('a payment that arrives after the booking was cancelled is refunded through the gateway, never lost', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await startCheckout(id, fare.payment_id);
    expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents.FREE.headers)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    expect((await fareOf(id)).status).toBe('NO_NEED_TO_PAY');
    expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' })).json().outcome).toBe('PAID');
    // Received on the fare that is no longer owed, and sent back in full on a refund record (OVERPAYMENT).
    const settled = await until(() => fareOf(id), (p) => p.refunds.some((r: { status: string }) => r.status === 'PAYMENT_CONFIRMED'), 'the refund');
    expect(settled).toMatchObject({ status: 'NO_NEED_TO_PAY', paid_amount: fare.total_amount });
    expect(settled.refunds).toEqual([expect.objectContaining({ reason: 'OVERPAYMENT', route: 'GATEWAY', total_amount: fare.total_amount, refunded_amount: fare.total_amount })]);
    expect(settled.booking_money).toMatchObject({ billed_amount: 0, received_amount: fare.total_amount, refunded_amount: fare.total_amount, balance_amount: 0 });
    const [sandboxRow] = await ctx.database.db.select().from(t.sandboxCheckouts).where(eq(t.sandboxCheckouts.ref, ref));
    expect(sandboxRow!.refundedE6).toBe(fare.total_amount);
    await until(() => ctx.database.db.select().from(t.outboxMails).where(sql`booking_id = ${id} and kind = 'PAYMENT_REFUNDED'`), (rows) => rows.length === 1, 'the refund mail');
  }, 30_000);
});

describe('a payment and a cancellation arriving together', () => {
  it('leave the booking cancelled and refunded, or paid and then cancelled, never paid and lost', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, fare } = await booking('FREE');
      const ref = await startCheckout(id, fare.payment_id);
      await Promise.all([
        publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' }),
        (async () => {
          expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents.FREE.headers)).statusCode).toBe(200);
          expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
        })(),
      ]);
      // Either way the money that came in went back (the fee is 0 here): received − refunded = what it costs.
      const settled = await until(
        () => fareOf(id),
        (f) => f.booking_money.received_amount === fare.total_amount && f.booking_money.balance_amount === 0 && f.booking_money.owed_back_amount === 0,
        'a consistent end',
      );
      expect((await get(`/v1/bookings/${id}`)).json().status).toBe('CANCELLED');
      expect(settled.booking_money).toMatchObject({ billed_amount: 0, refunded_amount: fare.total_amount });
    }
  }, 60_000);
});

describe('coupons, bank transfers, adjustments and cancellation payments', () => {
  it('a CONTRACTED agent reports its coupon; the operator is told and can correct the number', async () => {
    const { id, fare } = await booking('CONTRACTED');
    expect(fare).toMatchObject({ status: 'PAYMENT_PENDING', payment_method: 'COUPON' });
    const agent = agents.CONTRACTED.headers;
    expect((await fareOf(id, agent)).flags).toMatchObject({ can_pay: false, can_issue_coupon: true });
    const empty = await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: ' ' }, agent);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).field).toBe('coupon_number');
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-2058-0001' }, agents.FREE.headers)).statusCode).toBe(404);
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-2058-0001' }, agent)).statusCode).toBe(200);
    expect(await fareOf(id)).toMatchObject({ status: 'COUPON_CONFIRMED', coupon_number: 'CP-2058-0001' });
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-2' }, agent)).statusCode).toBe(409);
    expect((await put(`/v1/bookings/${id}/payments/${fare.payment_id}/coupon_number`, { coupon_number: 'CP-2058-0002' })).statusCode).toBe(200);
    expect((await fareOf(id)).coupon_number).toBe('CP-2058-0002');
    // Every call is logged, the refused ones as errors: one report succeeded.
    const logs = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'payments.report_coupon' and booking_id = ${id}`);
    expect(logs.map((l) => l.statusCode).sort()).toEqual([200, 400, 404, 409]);
    const notices = (await get('/v1/notifications/payment?per_page=100')).json().notifications;
    expect(notices.some((n: { kind: string; booking_id: string }) => n.kind === 'COUPON' && n.booking_id === id)).toBe(true);
  });

  it('the operator records bank transfers for a monthly agent: a part keeps it pending, the rest confirms it', async () => {
    const { id, fare } = await booking('SPECIAL_CONTRACTED');
    expect(fare).toMatchObject({ status: 'INVOICE_PENDING', payment_method: 'MONTHLY' });
    const url = `/v1/bookings/${id}/payments/${fare.payment_id}/bank_transfers`;
    const zero = await post(url, { amount: 0, transferred_on: '2058-05-01' });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).field).toBe('amount');
    expect((await post(url, { amount: 1000 * E6, transferred_on: '2058-05-01' }, agents.SPECIAL_CONTRACTED.headers)).statusCode).toBe(403);
    expect((await post(url, { amount: 1000 * E6, transferred_on: '2058-05-01', note: '振込（一部）' })).statusCode).toBe(200);
    expect(await fareOf(id)).toMatchObject({ status: 'INVOICE_PENDING', paid_amount: 1000 * E6 });
    const tooMuch = await post(url, { amount: fare.total_amount, transferred_on: '2058-05-02' });
    expect(tooMuch.statusCode).toBe(400);
    expect((await post(url, { amount: fare.total_amount - 1000 * E6, transferred_on: '2058-05-02' })).statusCode).toBe(200);
    expect(await fareOf(id)).toMatchObject({ status: 'PAYMENT_CONFIRMED', paid_amount: fare.total_amount });
  });

  it('adjust_amount fixes the total with a reason; on a paid fare the difference opens a discrepancy to pay', async () => {
    const { id, fare } = await booking('FREE');
    const missing = await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: 5000 * E6, reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).field).toBe('reason');
    expect((await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: 5000 * E6, reason: '団体割引の適用' }, agents.FREE.headers)).statusCode).toBe(403);
    expect((await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: 5000 * E6, reason: '団体割引の適用' })).json()).toEqual({ discrepancy_payment_id: null });
    expect(await fareOf(id)).toMatchObject({ total_amount: 5000 * E6, is_total_amount_fixed: true, status: 'PAYMENT_PENDING' });

    const ref = await startCheckout(id, fare.payment_id);
    await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' });
    await until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the payment');
    const more = (await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: 6200 * E6, reason: '荷物料金の追加' })).json();
    expect(more.discrepancy_payment_id).toEqual(expect.any(Number));
    const after = await fareOf(id, agents.FREE.headers);
    expect(after.discrepancy).toMatchObject({ payment_id: more.discrepancy_payment_id, direction: 'EXTRA', total_amount: 1200 * E6, status: 'PAYMENT_PENDING', paid_amount: 0 });
    expect(after.discrepancy.flags.can_pay).toBe(true);
    const whole = (await get(`/v1/bookings/${id}`)).json().main_params;
    expect(whole.discrepancy_summary).toMatchObject({ direction: 'EXTRA', total_amount: 1200 * E6 });
    expect(whole.payment.discrepancy_details).toMatchObject({
      first_confirmed_payment: { total_amount: 5000 * E6, paid_amount: 5000 * E6 },
      last_payment: { total_amount: 6200 * E6, paid_amount: 5000 * E6 },
      expected_cancellation_payment: null,
    });
    // The settled fare keeps the total it was paid at: the 1,200 yen is the discrepancy's alone (counted once).
    const listed = (await get(`/v1/bookings/payments/search?booking_id=${id}`)).json().payments[0];
    expect(listed.payment).toMatchObject({ total_amount: 5000 * E6, paid_amount: 5000 * E6, is_total_amount_fixed: true, discrepancy: { direction: 'EXTRA', total_amount: 1200 * E6 } });
    // A second adjustment while the 1,200 yen is still unpaid withdraws it and charges only what is
    // now owed over the paid 5,000 (never an extra charge beside a refund of more).
    const back = (await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: 5500 * E6, reason: '荷物料金の一部取消' })).json();
    const [second] = await ctx.database.db.select().from(t.payments).where(eq(t.payments.id, back.discrepancy_payment_id));
    expect(second).toMatchObject({ kind: 'DISCREPANCY', direction: 'EXTRA', totalAmountE6: 500 * E6 });
    const [first] = await ctx.database.db.select().from(t.payments).where(eq(t.payments.id, more.discrepancy_payment_id));
    expect(first).toMatchObject({ status: 'NO_NEED_TO_PAY', paidAmountE6: 0 });
    expect((await fareOf(id)).booking_money).toMatchObject({ billed_amount: 5500 * E6, received_amount: 5000 * E6, balance_amount: 500 * E6 });
    expect((await get(`/v1/bookings/${id}`)).json().main_params.payment.discrepancy_details.last_payment.total_amount).toBe(5500 * E6);
  }, 30_000);

  it('lowering a paid card fare refunds the difference through the gateway and settles the refund discrepancy', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await startCheckout(id, fare.payment_id);
    await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' });
    await until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the payment');
    const lower = fare.total_amount - 1000 * E6;
    const answer = (await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: lower, reason: '1名減（当日欠席）' })).json();
    expect(answer.discrepancy_payment_id).toEqual(expect.any(Number));
    expect((await fareOf(id, agents.FREE.headers)).discrepancy.flags).toMatchObject({ can_pay: false, can_issue_coupon: false });
    const settled = await until(() => fareOf(id), (p) => p.discrepancy?.status === 'PAYMENT_CONFIRMED', 'the refund');
    // The fare keeps the total it was paid at and what it received; the refund went back on its own record.
    expect(settled).toMatchObject({ total_amount: fare.total_amount, paid_amount: fare.total_amount, discrepancy: { direction: 'REFUND', total_amount: 1000 * E6, paid_amount: 1000 * E6 } });
    expect(settled.booking_money).toMatchObject({ billed_amount: lower, received_amount: fare.total_amount, refunded_amount: 1000 * E6, balance_amount: 0 });
    expect(settled.discrepancy_details.last_payment.total_amount).toBe(lower);
    const [sandboxRow] = await ctx.database.db.select().from(t.sandboxCheckouts).where(eq(t.sandboxCheckouts.ref, ref));
    expect(sandboxRow!.refundedE6).toBe(1000 * E6);
  }, 30_000);

  it('finishing a cancellation payment is irreversible', async () => {
    await ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 100000) on conflict do nothing`);
    const { id } = await booking('CONTRACTED');
    expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents.CONTRACTED.headers)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const cancellation = (await get(`/v1/bookings/${id}`)).json().main_params.cancellation.payment;
    expect(cancellation).toMatchObject({ kind: 'CANCELLATION', status: 'PAYMENT_PENDING', is_cancel_payment_finished: false });
    expect(cancellation.flags.can_finish_cancel_payment).toBe(true);
    expect((await put(`/v1/bookings/${id}/set_cancel_payment_finished`, undefined, agents.CONTRACTED.headers)).statusCode).toBe(403);
    expect((await put(`/v1/bookings/${id}/set_cancel_payment_finished`)).statusCode).toBe(200);
    const finished = (await get(`/v1/bookings/${id}`)).json().main_params.cancellation.payment;
    expect(finished).toMatchObject({ status: 'PAYMENT_CONFIRMED', is_cancel_payment_finished: true });
    // A second time (another window) says who finished it and when, and changes nothing.
    const again = (await put(`/v1/bookings/${id}/set_cancel_payment_finished`)).json().common;
    expect(again).toMatchObject({ error_code: 'ALREADY_CONFIRMED', confirmed_by: 'staff@example.com' });
    expect(Date.parse(again.confirmed_at)).not.toBeNaN();
  });
});
