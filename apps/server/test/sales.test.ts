/**
 * The sales summary (GET /v1/sales/summary) against bookings made through the API on the
 * inventory fixture's days in 2058 (the demo data lies in other years): each booking counts what
 * it costs now (bookingMoney's billed: a change refund lowers it, a cancelled booking counts its
 * fee only, a booking not yet confirmed nothing), with what was received and refunded; the sums
 * per day, train, segment, agent and payment method; and the same figures, yen for yen, on the
 * booking, the payments list and the CSVs. Refused for agents; the period validated.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E6, e6OfYen, yenOf } from '@sagano/domain/money/yen-e6';
import type { BookingMoney } from '@sagano/domain/payments/payment-schemas';
import type { SalesFigures, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import { rowsOf } from '../src/db/client.ts';
import { ledgerOfBookings } from '../src/modules/payments/payment-reads.ts';
import { presentBookingMoney } from '../src/modules/payments/payment-presenter.ts';
import { confirmedBooking, reservedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { openBookingTestApp, type BookingTestApp } from './support/inventory-fixture.ts';
import { until } from './support/polling.ts';

let app: BookingTestApp;
let agents: DemoAgents;
const get = (url: string, headers: { authorization: string } = app.staff) => app.ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: { authorization: string } = app.staff) => app.ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const publicPost = (url: string, payload: object) => app.ctx.app.inject({ method: 'POST', url, payload });

const PERIOD = { from: '2058-05-01', to: '2058-05-31' };
/** Every cancellation here costs 20 % (the policy frozen at confirmation). */
const RATE = 0.2;
/** Rounded up to 10 yen, as the policy prices a fee. */
const feeOf = (totalE6: number) => e6OfYen(Math.ceil(((totalE6 / E6) * RATE) / 10) * 10);

interface Made {
  id: string;
  agent: keyof DemoAgents;
  day: string;
  /** The fare as the API states it. */
  fare: number;
}
/** Confirmed, unpaid: a card fare and a monthly fare on day 1. */
let free: Made;
let monthly: Made;
/** A coupon fare settled, then lowered by 1,000 yen: a change refund the operator paid back. */
let coupon: Made;
/** A monthly booking cancelled unpaid (its fare waived, the fee to pay). */
let monthlyCancelled: Made & { fee: number };
/** A card booking paid, then cancelled: the fare pays the fee, the rest went back to the card. */
let cardCancelled: Made & { fee: number };
/** Submitted and reserved, never confirmed: its fare priced (INITED), not asked for. */
let unconfirmed: Made;
const LOWERED = 1000 * E6;

const bookingOf = async (id: string) => (await get(`/v1/bookings/${id}`)).json();

async function book(agent: keyof DemoAgents, day: string, adults: number): Promise<Made> {
  const id = await confirmedBooking(app.ctx, app.staff, { agentId: agents[agent].id, day, serviceId: app.fx.down, adults });
  return { id, agent, day, fare: (await bookingOf(id)).main_params.payment.total_amount };
}

async function cancel(made: Made) {
  expect((await post(`/v1/bookings/${made.id}/cancel`, { agree_cancellation_policy: true }, agents[made.agent].headers)).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${made.id}/confirm_cancellation`)).statusCode).toBe(200);
}

beforeAll(async () => {
  app = await openBookingTestApp({ jobs: true });
  agents = await demoAgents(app.ctx);
  await app.ctx.database.db.execute(sql`delete from cancellation_policies`);
  await app.ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 200000)`);
  const [day1, day2] = app.fx.days as [string, string];
  free = await book('FREE', day1, 10);
  monthly = await book('SPECIAL_CONTRACTED', day1, 12);

  coupon = await book('CONTRACTED', day2, 20);
  const fareId = (await bookingOf(coupon.id)).main_params.payment.payment_id;
  expect((await post(`/v1/bookings/${coupon.id}/payments/${fareId}/report_coupon`, { coupon_number: 'CP-2058-0100' }, agents.CONTRACTED.headers)).statusCode).toBe(200);
  const adjusted = await post(`/v1/bookings/${coupon.id}/adjust_amount`, { total_amount: coupon.fare - LOWERED, reason: '1名減' });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  const refundId = adjusted.json().discrepancy_payment_id as number;
  expect((await post(`/v1/bookings/${coupon.id}/payments/${refundId}/refund_paid`, { paid_on: '2058-05-01', note: '振込で返金' })).statusCode).toBe(200);

  const m = await book('SPECIAL_CONTRACTED', day2, 15);
  await cancel(m);
  monthlyCancelled = { ...m, fee: (await bookingOf(m.id)).main_params.cancellation.payment.total_amount };
  expect(monthlyCancelled.fee).toBe(feeOf(m.fare));

  const c = await book('FREE', day2, 10);
  const cardFare = (await bookingOf(c.id)).main_params.payment;
  const checkout = await post(`/v1/bookings/${c.id}/payments/${cardFare.payment_id}/checkout`, undefined, agents.FREE.headers);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const url = checkout.json().checkout_url as string;
  expect((await publicPost(`/v1/sandbox-gateway/checkouts/${url.slice(url.lastIndexOf('/') + 1)}/pay`, { card_number: '4242424242424242' })).json().outcome).toBe('PAID');
  await until(() => bookingOf(c.id), (b) => b.main_params.payment.status === 'PAYMENT_CONFIRMED', 'the card payment');
  await cancel(c);
  await until(() => bookingOf(c.id), (b) => b.main_params.cancellation.payment?.booking_money.owed_back_amount === 0 && b.main_params.cancellation.payment.booking_money.refunded_amount > 0, 'the card refund');
  cardCancelled = { ...c, fee: feeOf(c.fare) };

  const u = await reservedBooking(app.ctx, app.staff, { agentId: agents.FREE.id, day: day2, serviceId: app.fx.down, adults: 8 });
  const priced = (await bookingOf(u)).main_params.payment;
  expect(priced).toMatchObject({ status: 'INITED' });
  unconfirmed = { id: u, agent: 'FREE', day: day2, fare: priced.total_amount };
}, 180_000);
afterAll(() => app.ctx.close());

const summary = async (from: string, to: string) => {
  const res = await get(`/v1/sales/summary?from_date=${from}&to_date=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SalesSummaryResponse;
};
const figures = (f: { fare?: number; discrepancy?: number; fee?: number; received?: number; refunded?: number; bookings: number; people: number }): SalesFigures => {
  const fare = f.fare ?? 0;
  const discrepancy = f.discrepancy ?? 0;
  const fee = f.fee ?? 0;
  return { fare, discrepancy, cancellation_fee: fee, amount: fare + discrepancy + fee, received: f.received ?? 0, refunded: f.refunded ?? 0, bookings: f.bookings, people: f.people };
};

describe('what each booking counts', () => {
  it('a card booking paid then cancelled with a 20 % fee: billed the fee only, received the fare, refunded the rest', async () => {
    const money = (await bookingOf(cardCancelled.id)).main_params.cancellation.payment.booking_money as BookingMoney;
    expect(money).toEqual({ billed_amount: cardCancelled.fee, received_amount: cardCancelled.fare, refunded_amount: cardCancelled.fare - cardCancelled.fee, owed_back_amount: 0, balance_amount: 0 });
    // Counted alone (its own agent and method rows hold the unpaid card booking too): the fee, not the fare and the fee.
    const s = await summary(PERIOD.from, PERIOD.to);
    const card = s.by_payment_method.find((r) => r.payment_method === 'ONLINE_CREDIT_CARD')!;
    expect(card).toMatchObject(figures({ fare: free.fare, fee: cardCancelled.fee, received: cardCancelled.fare, refunded: cardCancelled.fare - cardCancelled.fee, bookings: 2, people: 10 }));
  });

  it('a change refund lowers what the booking counts; the refund paid back is refunded, never received', async () => {
    const money = (await bookingOf(coupon.id)).main_params.payment.booking_money as BookingMoney;
    expect(money).toEqual({ billed_amount: coupon.fare - LOWERED, received_amount: coupon.fare, refunded_amount: LOWERED, owed_back_amount: 0, balance_amount: 0 });
    const s = await summary(PERIOD.from, PERIOD.to);
    expect(s.by_payment_method.find((r) => r.payment_method === 'COUPON')).toMatchObject(figures({ fare: coupon.fare, discrepancy: -LOWERED, received: coupon.fare, refunded: LOWERED, bookings: 1, people: 20 }));
  });

  it('a booking submitted but not confirmed (its fare INITED) counts nothing', async () => {
    expect((await bookingOf(unconfirmed.id)).main_params.payment.booking_money).toMatchObject({ billed_amount: 0, received_amount: 0, refunded_amount: 0 });
    const s = await summary(unconfirmed.day, unconfirmed.day);
    // Day 2 holds the coupon booking and the two cancelled ones; the unconfirmed booking adds no booking, person or yen.
    expect(s.totals.bookings).toBe(3);
    expect(s.totals.people).toBe(20);
    expect(s.totals.amount).toBe(coupon.fare - LOWERED + monthlyCancelled.fee + cardCancelled.fee);
  });
});

describe('GET /v1/sales/summary', () => {
  it('sums billed (fares, discrepancies, fees), received and refunded of the period, in total and per day, train, segment, agent and payment method', async () => {
    const s = await summary(PERIOD.from, PERIOD.to);
    const cardRefund = cardCancelled.fare - cardCancelled.fee;
    // The cancelled bookings count (their fees) but their people do not; the unconfirmed one not at all.
    expect(s.totals).toEqual(
      figures({
        fare: free.fare + monthly.fare + coupon.fare,
        discrepancy: -LOWERED,
        fee: monthlyCancelled.fee + cardCancelled.fee,
        received: coupon.fare + cardCancelled.fare,
        refunded: LOWERED + cardRefund,
        bookings: 5,
        people: 10 + 12 + 20,
      }),
    );
    expect(s.by_day).toEqual([
      { service_date: free.day, ...figures({ fare: free.fare + monthly.fare, bookings: 2, people: 22 }) },
      {
        service_date: coupon.day,
        ...figures({ fare: coupon.fare, discrepancy: -LOWERED, fee: monthlyCancelled.fee + cardCancelled.fee, received: coupon.fare + cardCancelled.fare, refunded: LOWERED + cardRefund, bookings: 3, people: 20 }),
      },
    ]);
    expect(s.by_train).toHaveLength(1);
    expect(s.by_train[0]).toMatchObject({ service_id: app.fx.down, names: expect.arrayContaining([{ language_id: 'ja', text: 'テスト1号' }]), ...s.totals });
    expect(s.by_segment).toHaveLength(1);
    expect(s.by_segment[0]).toMatchObject({ from_station: { station_id: 1 }, to_station: { station_id: 4 }, ...s.totals });
    expect(s.by_segment[0]!.from_station.labels.length).toBeGreaterThan(0);
    const agentRow = (type: string) => s.by_agent.find((a) => a.agent_type === type);
    const freeFigures = figures({ fare: free.fare, fee: cardCancelled.fee, received: cardCancelled.fare, refunded: cardRefund, bookings: 2, people: 10 });
    const couponFigures = figures({ fare: coupon.fare, discrepancy: -LOWERED, received: coupon.fare, refunded: LOWERED, bookings: 1, people: 20 });
    const monthlyFigures = figures({ fare: monthly.fare, fee: monthlyCancelled.fee, bookings: 2, people: 12 });
    expect(agentRow('FREE')).toMatchObject({ agent_id: agents.FREE.id, ...freeFigures });
    expect(agentRow('CONTRACTED')).toMatchObject(couponFigures);
    expect(agentRow('SPECIAL_CONTRACTED')).toMatchObject(monthlyFigures);
    expect(agentRow('SPECIAL_CONTRACTED')!.name).not.toBe('');
    // Each agent's English name comes with its Japanese one (the screen shows it in English).
    const names = await app.ctx.database.db.execute(sql`select id, name_ja, name_en from agents`);
    for (const row of s.by_agent) {
      const agent = (names.rows as { id: number; name_ja: string; name_en: string }[]).find((a) => a.id === row.agent_id)!;
      expect(row).toMatchObject({ name: agent.name_ja, name_en: agent.name_en });
    }
    // By method: a fee under the fee's method (the fare's), a refund record under its own (its parent's).
    const method = (m: string) => s.by_payment_method.find((r) => r.payment_method === m);
    expect(method('ONLINE_CREDIT_CARD')).toMatchObject(freeFigures);
    expect(method('COUPON')).toMatchObject(couponFigures);
    expect(method('MONTHLY')).toMatchObject(monthlyFigures);
    // Breakdowns add up to the totals.
    for (const list of [s.by_day, s.by_train, s.by_segment, s.by_agent, s.by_payment_method]) {
      for (const k of ['amount', 'received', 'refunded'] as const) expect(list.reduce((sum, r) => sum + r[k], 0)).toBe(s.totals[k]);
    }
  });

  it('counts a booking in the period of its service date only', async () => {
    const one = await summary(free.day, free.day);
    expect(one.by_day.map((d) => d.service_date)).toEqual([free.day]);
    const none = await summary('2058-06-01', '2058-06-30');
    expect(none.totals).toEqual(figures({ bookings: 0, people: 0 }));
    expect([none.by_day, none.by_train, none.by_segment, none.by_agent, none.by_payment_method]).toEqual([[], [], [], [], []]);
  });

  it('is refused to agents', async () => {
    const res = await get('/v1/sales/summary?from_date=2058-05-01&to_date=2058-05-31', agents.SPECIAL_CONTRACTED.headers);
    expect(res.statusCode).toBe(403);
  });

  it('validates the period and names the field', async () => {
    const field = async (query: string) => {
      const res = await get(`/v1/sales/summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().common.error_code).toBe('VALIDATION_FAILED');
      return res.json().common.field as string;
    };
    expect(await field('to_date=2058-05-31')).toBe('from_date');
    expect(await field('from_date=2058-05-01&to_date=2058-13-01')).toBe('to_date');
    expect(await field('from_date=2058-05-31&to_date=2058-05-01')).toBe('to_date');
    // 366 days (a leap year) pass, 367 do not.
    expect((await get('/v1/sales/summary?from_date=2028-01-01&to_date=2028-12-31')).statusCode).toBe(200);
    expect(await field('from_date=2028-01-01&to_date=2029-01-01')).toBe('to_date');
  });
});

/** A CSV answered as base64 JSON: its rows after the header. */
async function csvRows(kind: string): Promise<string[][]> {
  const res = await get(`/v1/csv/${kind}?from_date=${PERIOD.from}&to_date=${PERIOD.to}`);
  expect(res.statusCode, res.body).toBe(200);
  return (parse(Buffer.from(res.json().csv_base64 as string, 'base64'), { bom: true }) as string[][]).slice(1);
}

describe('one account on every surface', () => {
  it('bookingMoney computed in TypeScript from the ledger equals the summary, each booking’s page and payments list row, and the CSVs, yen for yen', async () => {
    const bookings = rowsOf<{ id: number; booking_id: string; status: string }>(
      await app.ctx.database.db.execute(sql`
        select b.id, b.booking_id, b.status from bookings b
        where (select min(s.service_date) from booking_services s where s.booking_id = b.id) between ${PERIOD.from}::date and ${PERIOD.to}::date`),
    );
    expect(bookings.map((b) => b.booking_id).sort()).toEqual([free, monthly, coupon, monthlyCancelled, cardCancelled, unconfirmed].map((m) => m.id).sort());
    const accounts = await ledgerOfBookings(app.ctx.database.db, bookings.map((b) => b.id));
    const moneyOf = new Map(bookings.map((b) => [b.booking_id, presentBookingMoney(b.status, accounts.get(b.id)!.payments, accounts.get(b.id)!.entries)]));
    const sum = (k: keyof BookingMoney) => [...moneyOf.values()].reduce((s, m) => s + m[k], 0);

    // The sales summary: billed, received and refunded of every booking, summed.
    const s = await summary(PERIOD.from, PERIOD.to);
    expect({ amount: s.totals.amount, received: s.totals.received, refunded: s.totals.refunded }).toEqual({ amount: sum('billed_amount'), received: sum('received_amount'), refunded: sum('refunded_amount') });
    expect(moneyOf.get(cardCancelled.id)).toMatchObject({ billed_amount: cardCancelled.fee, received_amount: cardCancelled.fare, refunded_amount: cardCancelled.fare - cardCancelled.fee });
    expect(moneyOf.get(unconfirmed.id)).toMatchObject({ billed_amount: 0 });

    for (const [number, money] of moneyOf) {
      // The booking's page (its fare's card) and its row on the payments list.
      expect((await bookingOf(number)).main_params.payment.booking_money, number).toEqual(money);
      const listed = (await get(`/v1/bookings/payments/search?booking_id=${number}`)).json().payments[0];
      expect(listed.payment.booking_money, number).toEqual(money);
    }

    // The bookings CSV: one row per booking, its billed, received, refunded (negative) and balance.
    const yen = (m: BookingMoney) => [m.billed_amount, m.received_amount, -m.refunded_amount, m.balance_amount].map((e6) => String(yenOf(e6)));
    const bookingRows = await csvRows('bookings');
    expect(bookingRows).toHaveLength(moneyOf.size);
    for (const row of bookingRows) expect(row.slice(-4), row[0]).toEqual(yen(moneyOf.get(row[0]!)!));
    expect(bookingRows.reduce((t, r) => t + Number(r.at(-4)), 0)).toBe(yenOf(sum('billed_amount')));

    // The sales CSV: one row per payment; a booking's rows add up to its figures (netting to 0), refunds negative.
    const paymentRows = await csvRows('sales');
    for (const [number, money] of moneyOf) {
      const mine = paymentRows.filter((r) => r[1] === number);
      const col = (i: number) => String(mine.reduce((t, r) => t + Number(r[i]), 0));
      expect([col(12), col(13), col(15), col(16)], number).toEqual(yen(money));
      expect(col(14), number).toBe('0');
    }
    expect(paymentRows.reduce((t, r) => t + Number(r[12]), 0)).toBe(yenOf(s.totals.amount));
    // Refund records: money refunded (negative), never received.
    const refundRows = paymentRows.filter((r) => r[7] === '返金');
    expect(refundRows.map((r) => r[1]).sort()).toEqual([coupon.id, cardCancelled.id].sort());
    for (const r of refundRows) {
      expect(Number(r[13])).toBe(0);
      expect(Number(r[15])).toBeLessThan(0);
    }
  });
});
