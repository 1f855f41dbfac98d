/**
 * Money that balances through a cancellation (DESIGN §6 "Cancellation and refunds"): the fee is
 * settled against what was already paid, by method — a card's rest refunded through the gateway,
 * a coupon's owed and recorded by the operator, a monthly agent's netted on its next invoice, a
 * zero fee returning everything — and the operator's own refund, one per click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { E6, e6OfYen } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { until } from './support/polling.ts';
import { pdfText } from './support/pdf-reading.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;

/** Every cancellation here costs 20 % (the policy frozen at confirmation). */
const RATE = 0.2;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ jobs: true }));
  agents = await demoAgents(ctx);
  await ctx.database.db.execute(sql`delete from cancellation_policies`);
  await ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 200000)`);
}, 60_000);
afterAll(() => ctx.close());

const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: Record<string, string> = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const publicPost = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

let dayIndex = 0;
async function booking(agent: keyof DemoAgents, adults = 10) {
  const day = fx.days[dayIndex++ % fx.days.length]!;
  const id = await confirmedBooking(ctx, staff, { agentId: agents[agent].id, day, serviceId: fx.down, adults });
  return { id, fare: (await get(`/v1/bookings/${id}`)).json().main_params.payment };
}
const bookingOf = async (id: string, headers = staff) => (await get(`/v1/bookings/${id}`, headers)).json();
/** Rounded up to 10 yen, as the policy prices a fee. */
const feeOf = (totalE6: number) => e6OfYen(Math.ceil((totalE6 / E6) * RATE / 10) * 10);

async function payByCard(id: string, paymentId: number) {
  const res = await post(`/v1/bookings/${id}/payments/${paymentId}/checkout`, undefined, agents.FREE.headers);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().checkout_url as string;
  const ref = url.slice(url.lastIndexOf('/') + 1);
  expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' })).json().outcome).toBe('PAID');
  await until(() => bookingOf(id), (b) => b.main_params.payment.status === 'PAYMENT_CONFIRMED', 'the card payment');
  return ref;
}

async function agentCancels(id: string, agent: keyof DemoAgents) {
  const asked = await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents[agent].headers);
  expect(asked.statusCode, asked.body).toBe(200);
}

describe('a card booking cancelled after paying', () => {
  it('applies the fare to the fee, refunds the rest to the card once, mails the agent and issues a return invoice', async () => {
    const { id, fare } = await booking('FREE');
    const ref = await payByCard(id, fare.payment_id);
    await agentCancels(id, 'FREE');
    const fee = feeOf(fare.total_amount);
    // Before agreeing: the fee, what was paid, what pays the fee and what comes back, and how.
    const quote = (await get(`/v1/bookings/${id}/cancellation_fee`, agents.FREE.headers)).json();
    expect(quote.settlement).toEqual({
      fee_amount: fee,
      paid_amount: fare.total_amount,
      applied_to_fee_amount: fee,
      refund_amount: fare.total_amount - fee,
      refund_route: 'GATEWAY',
      still_owed_amount: 0,
      on_monthly_invoice: false,
    });

    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await until(() => bookingOf(id), (b) => b.main_params.cancellation.payment?.booking_money.owed_back_amount === 0, 'the refund to be made');
    const feePayment = done.main_params.cancellation.payment;
    // Nothing is left to pay: the fee was paid out of the fare; the rest went back to the card.
    expect(feePayment).toMatchObject({ kind: 'CANCELLATION', status: 'PAYMENT_CONFIRMED', total_amount: fee, paid_amount: fee, flags: { can_pay: false } });
    expect(feePayment.booking_money).toEqual({ billed_amount: fee, received_amount: fare.total_amount, refunded_amount: fare.total_amount - fee, owed_back_amount: 0, balance_amount: 0 });
    const refund = done.main_params.payment.refunds[0];
    expect(refund).toMatchObject({ reason: 'CANCELLATION', route: 'GATEWAY', status: 'PAYMENT_CONFIRMED', total_amount: fare.total_amount - fee, refunded_amount: fare.total_amount - fee });
    const [sandbox] = await ctx.database.db.select().from(t.sandboxCheckouts).where(eq(t.sandboxCheckouts.ref, ref));
    expect(sandbox!.refundedE6).toBe(fare.total_amount - fee);

    // The agent heard of both: the settlement and the refund made.
    const mails = await until(() => ctx.database.db.select().from(t.outboxMails).where(sql`booking_id = ${id} and kind in ('CANCELLATION_SETTLED', 'PAYMENT_REFUNDED')`), (rows) => rows.length === 2, 'the mails');
    expect(mails.find((m) => m.kind === 'CANCELLATION_SETTLED')!.bodyText).toContain('クレジットカードへ返金します');

    // The return invoice (適格返還請求書) for the refund, which the agent downloads.
    const pdf = await ctx.app.inject({ method: 'GET', url: refund.return_invoice_url, headers: agents.FREE.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('返還');
    expect(text).toContain('取消による運賃の返金');
    expect(text.replace(/\s/g, '')).toContain(((fare.total_amount - fee) / E6).toLocaleString('en-US'));

    // A second window confirming again is told when and by whom; nothing changes.
    const again = await post(`/v1/bookings/${id}/confirm_cancellation`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ error_code: 'ALREADY_CONFIRMED', confirmed_by: 'staff@example.com' });
  }, 60_000);

  it('a fee of 0 returns everything paid, and the fee needs no payment', async () => {
    const { id, fare } = await booking('FREE');
    await payByCard(id, fare.payment_id);
    await agentCancels(id, 'FREE');
    // The operator waived the fee quoted (as when the train, not the agent, caused the cancellation).
    await ctx.database.db.update(t.bookings).set({ cancellationFeeE6: 0 }).where(eq(t.bookings.bookingId, id));
    expect((await get(`/v1/bookings/${id}/cancellation_fee`)).json().settlement).toMatchObject({ fee_amount: 0, refund_amount: fare.total_amount, still_owed_amount: 0 });
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await until(() => bookingOf(id), (b) => b.main_params.payment.booking_money.owed_back_amount === 0, 'the refund');
    expect(done.main_params.cancellation.payment).toMatchObject({ status: 'NO_NEED_TO_PAY', total_amount: 0 });
    expect(done.main_params.payment.booking_money).toMatchObject({ billed_amount: 0, received_amount: fare.total_amount, refunded_amount: fare.total_amount, balance_amount: 0 });
  }, 60_000);

  it('an unpaid card booking owes only the fee, payable by card; the fare is no longer owed', async () => {
    const { id, fare } = await booking('FREE');
    await agentCancels(id, 'FREE');
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await bookingOf(id, agents.FREE.headers);
    expect(done.main_params.payment).toMatchObject({ status: 'NO_NEED_TO_PAY', paid_amount: 0, refunds: [] });
    const fee = done.main_params.cancellation.payment;
    expect(fee).toMatchObject({ status: 'PAYMENT_PENDING', total_amount: feeOf(fare.total_amount), paid_amount: 0, flags: { can_pay: true } });
    expect(fee.due_date).not.toBeNull();
    expect(fee.booking_money).toMatchObject({ billed_amount: feeOf(fare.total_amount), received_amount: 0, balance_amount: feeOf(fare.total_amount) });
  }, 60_000);
});

describe('a coupon booking cancelled after the coupon was issued', () => {
  it('the coupon covers the fee; the rest is a refund owed to the agent, which the operator records once', async () => {
    const { id, fare } = await booking('CONTRACTED');
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-CANCEL-1' }, agents.CONTRACTED.headers)).statusCode).toBe(200);
    await agentCancels(id, 'CONTRACTED');
    const fee = feeOf(fare.total_amount);
    expect((await get(`/v1/bookings/${id}/cancellation_fee`, agents.CONTRACTED.headers)).json().settlement).toMatchObject({ applied_to_fee_amount: fee, refund_amount: fare.total_amount - fee, refund_route: 'RECORDED', still_owed_amount: 0 });
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await bookingOf(id);
    expect(done.main_params.cancellation.payment).toMatchObject({ status: 'PAYMENT_CONFIRMED', paid_amount: fee });
    const [refund] = done.main_params.payment.refunds;
    expect(refund).toMatchObject({ reason: 'CANCELLATION', route: 'RECORDED', status: 'PAYMENT_PENDING', total_amount: fare.total_amount - fee, can_record_refund: true });
    expect(done.main_params.payment.booking_money).toMatchObject({ billed_amount: fee, received_amount: fare.total_amount, owed_back_amount: fare.total_amount - fee, balance_amount: -(fare.total_amount - fee) });
    // The agent sees it but cannot record it.
    expect((await bookingOf(id, agents.CONTRACTED.headers)).main_params.payment.refunds[0].can_record_refund).toBe(false);
    expect((await post(`/v1/bookings/${id}/payments/${refund.payment_id}/refund_paid`, { paid_on: '2058-05-01' }, agents.CONTRACTED.headers)).statusCode).toBe(403);
    const bad = await post(`/v1/bookings/${id}/payments/${refund.payment_id}/refund_paid`, { paid_on: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('paid_on');
    expect((await post(`/v1/bookings/${id}/payments/${refund.payment_id}/refund_paid`, { paid_on: '2058-05-01', note: '振込で返金' })).statusCode).toBe(200);
    const after = await bookingOf(id);
    expect(after.main_params.payment.refunds[0]).toMatchObject({ status: 'PAYMENT_CONFIRMED', refunded_amount: fare.total_amount - fee });
    expect(after.main_params.payment.booking_money).toMatchObject({ refunded_amount: fare.total_amount - fee, owed_back_amount: 0, balance_amount: 0 });
    const twice = await post(`/v1/bookings/${id}/payments/${refund.payment_id}/refund_paid`, { paid_on: '2058-05-01' });
    expect(errorOf(twice).error_code).toBe('ALREADY_CONFIRMED');
  }, 60_000);
});

describe('a monthly booking cancelled', () => {
  it('before its invoice: the fee replaces the fare on the next monthly invoice; nothing goes back per booking', async () => {
    const { id, fare } = await booking('SPECIAL_CONTRACTED');
    expect(fare.status).toBe('INVOICE_PENDING');
    await agentCancels(id, 'SPECIAL_CONTRACTED');
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await bookingOf(id);
    expect(done.main_params.payment).toMatchObject({ status: 'NO_NEED_TO_PAY', refunds: [] });
    expect(done.main_params.cancellation.payment).toMatchObject({ status: 'INVOICE_PENDING', total_amount: feeOf(fare.total_amount), payment_method: 'MONTHLY' });
  }, 60_000);

  it('paid by transfer before its invoice: the money comes back as a credit on the next monthly invoice, and the fee goes on it', async () => {
    const { id, fare } = await booking('SPECIAL_CONTRACTED');
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/bank_transfers`, { amount: fare.total_amount, transferred_on: '2058-04-01' })).statusCode).toBe(200);
    await agentCancels(id, 'SPECIAL_CONTRACTED');
    expect((await get(`/v1/bookings/${id}/cancellation_fee`)).json().settlement).toMatchObject({ refund_route: 'MONTHLY_INVOICE', refund_amount: fare.total_amount, still_owed_amount: feeOf(fare.total_amount), on_monthly_invoice: true });
    expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
    const done = await bookingOf(id);
    expect(done.main_params.payment.refunds[0]).toMatchObject({ route: 'MONTHLY_INVOICE', status: 'PAYMENT_PENDING', total_amount: fare.total_amount, can_record_refund: false });
    expect(done.main_params.cancellation.payment).toMatchObject({ status: 'INVOICE_PENDING', total_amount: feeOf(fare.total_amount) });
    expect(done.main_params.payment.booking_money).toMatchObject({ billed_amount: feeOf(fare.total_amount), received_amount: fare.total_amount, owed_back_amount: fare.total_amount });
  }, 60_000);
});

describe("the operator's refund", () => {
  it('refuses bad amounts naming the field and more than the booking holds, writing nothing', async () => {
    const { id, fare } = await booking('FREE');
    await payByCard(id, fare.payment_id);
    const url = `/v1/bookings/${id}/payments/${fare.payment_id}/refund`;
    const count = async () => (await ctx.database.db.select().from(t.payments).where(sql`booking_id = (select id from bookings where booking_id = ${id})`)).length;
    const before = await count();
    for (const [body, field] of [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 1500, reason: 'x' }, 'amount'],
      [{ amount: -E6, reason: 'x' }, 'amount'],
      [{ amount: E6, reason: '  ' }, 'reason'],
      [{ amount: E6 }, 'reason'],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    const tooMuch = await post(url, { amount: fare.total_amount + E6, reason: '返金' });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).error_code).toBe('REFUND_EXCEEDS_PAID');
    // Agents do not refund; another agent does not even see the booking.
    expect((await post(url, { amount: E6, reason: 'x' }, agents.FREE.headers)).statusCode).toBe(403);
    expect((await get(`/v1/bookings/${id}/cancellation_fee`, agents.CONTRACTED.headers)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  }, 60_000);

  it('a partial card refund, double-clicked, is one refund through the gateway; the booking costs that much less', async () => {
    const { id, fare } = await booking('FREE');
    await payByCard(id, fare.payment_id);
    expect((await bookingOf(id)).main_params.payment.flags.can_refund).toBe(true);
    expect((await bookingOf(id, agents.FREE.headers)).main_params.payment.flags.can_refund).toBe(false);
    const url = `/v1/bookings/${id}/payments/${fare.payment_id}/refund`;
    const headers = { ...staff, 'idempotency-key': 'refund-click-0001' };
    const [a, b] = await Promise.all([post(url, { amount: 1000 * E6, reason: 'お詫び（車両設備の不具合）' }, headers), post(url, { amount: 1000 * E6, reason: 'お詫び（車両設備の不具合）' }, headers)]);
    const answers = [a, b].map((r) => r.statusCode);
    // One refund: the second click answers the first one's refund (or waits for it and answers it).
    expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const ids = [a, b].filter((r) => r.statusCode === 200).map((r) => r.json().refund.payment_id);
    expect(new Set(ids).size).toBe(1);
    const done = await until(() => bookingOf(id), (x) => x.main_params.payment.booking_money.owed_back_amount === 0 && x.main_params.payment.refunds.length === 1, 'the refund');
    expect(done.main_params.payment.refunds[0]).toMatchObject({ reason: 'OPERATOR', note: 'お詫び（車両設備の不具合）', requested_by: 'staff@example.com', status: 'PAYMENT_CONFIRMED' });
    expect(done.main_params.payment.booking_money).toEqual({ billed_amount: fare.total_amount - 1000 * E6, received_amount: fare.total_amount, refunded_amount: 1000 * E6, owed_back_amount: 0, balance_amount: 0 });
    // A retry with the same key after it is done is still that one refund.
    const retry = await post(url, { amount: 1000 * E6, reason: 'お詫び（車両設備の不具合）' }, headers);
    expect(retry.json().refund.payment_id).toBe(ids[0]);
    // History and operation log.
    const logs = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'payments.refund' and booking_id = ${id}`);
    expect(logs.length).toBeGreaterThanOrEqual(1);
    const types = (await bookingOf(id)).main_param_histories.map((h: { type: string }) => h.type);
    expect(types.filter((x: string) => x === 'UPDATE').length).toBeGreaterThanOrEqual(2); // the capture, then the refund asked for
  }, 60_000);
});
