/**
 * The sales summary (GET /v1/sales/summary) against bookings made through the API on the
 * inventory fixture's days in 2030 (the demo data lies in other years): the sums per day, train,
 * segment, agent and payment method, a refund discrepancy counted negative, a cancelled booking
 * counted by its fee only; refused for agents; the period validated.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E6 } from '@sagano/domain/money/yen-e6';
import type { SalesFigures, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import { confirmedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { openBookingTestApp, type BookingTestApp } from './support/inventory-fixture.ts';

let app: BookingTestApp;
let agents: DemoAgents;
const get = (url: string, headers: { authorization: string } = app.staff) => app.ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: { authorization: string } = app.staff) => app.ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** What each booking was made with, and its fare as the API states it. */
const made: { id: string; agent: keyof DemoAgents; day: string; adults: number; fare: number }[] = [];
let cancelledFee = 0;
let refund = 0;

async function book(agent: keyof DemoAgents, day: string, adults: number) {
  const id = await confirmedBooking(app.ctx, app.staff, { agentId: agents[agent].id, day, serviceId: app.fx.down, adults });
  const fare = (await get(`/v1/bookings/${id}`)).json().main_params.payment;
  made.push({ id, agent, day, adults, fare: fare.total_amount });
  return { id, fare };
}

beforeAll(async () => {
  app = await openBookingTestApp();
  agents = await demoAgents(app.ctx);
  const [day1, day2] = app.fx.days as [string, string];
  await book('FREE', day1, 10);
  await book('SPECIAL_CONTRACTED', day1, 12);
  // A coupon fare settled, then lowered by 1,000 yen: a refund discrepancy of -1,000 yen.
  const coupon = await book('CONTRACTED', day2, 20);
  expect((await post(`/v1/bookings/${coupon.id}/payments/${coupon.fare.payment_id}/report_coupon`, { coupon_number: 'CP-2030-0100' }, agents.CONTRACTED.headers)).statusCode).toBe(200);
  const adjusted = await post(`/v1/bookings/${coupon.id}/adjust_amount`, { total_amount: coupon.fare.total_amount - 1000 * E6, reason: '1名減' });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  refund = 1000 * E6;
  // A settled fare keeps the total it was settled at; the lowered total is the refund discrepancy alone,
  // so the booking counts fare − 1,000 yen once (not a lowered fare and the refund as well).
  expect((await get(`/v1/bookings/${coupon.id}`)).json().main_params.payment.total_amount).toBe(coupon.fare.total_amount);
  expect(adjusted.json().discrepancy_payment_id).toEqual(expect.any(Number));
  // A monthly booking cancelled with a 10 % fee: its unpaid fare is waived, the fee counts.
  await app.ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (9500, 100000) on conflict do nothing`);
  const cancelled = await book('SPECIAL_CONTRACTED', day2, 15);
  expect((await post(`/v1/bookings/${cancelled.id}/cancel`, { agree_cancellation_policy: true }, agents.SPECIAL_CONTRACTED.headers)).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${cancelled.id}/confirm_cancellation`)).statusCode).toBe(200);
  const fee = (await get(`/v1/bookings/${cancelled.id}`)).json().main_params.cancellation.payment;
  expect(fee).toMatchObject({ kind: 'CANCELLATION' });
  cancelledFee = fee.total_amount;
  expect(cancelledFee).toBeGreaterThan(0);
  made.at(-1)!.fare = 0;
}, 120_000);
afterAll(() => app.ctx.close());

const summary = async (from: string, to: string) => {
  const res = await get(`/v1/sales/summary?from_date=${from}&to_date=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SalesSummaryResponse;
};
const figures = (fare: number, discrepancy: number, fee: number, bookings: number, people: number): SalesFigures => ({
  fare, discrepancy, cancellation_fee: fee, amount: fare + discrepancy + fee, bookings, people,
});

describe('GET /v1/sales/summary', () => {
  it('sums fares, discrepancies and cancellation fees of the period, in total and per day, train, segment, agent and payment method', async () => {
    const [free, monthly, coupon] = made as [typeof made[0], typeof made[0], typeof made[0]];
    const s = await summary('2030-05-01', '2030-05-31');
    const fares = free.fare + monthly.fare + coupon.fare;
    // The cancelled booking counts (its fee) but its people do not.
    expect(s.totals).toEqual(figures(fares, -refund, cancelledFee, 4, 10 + 12 + 20));
    expect(s.by_day).toEqual([
      { service_date: free.day, ...figures(free.fare + monthly.fare, 0, 0, 2, 22) },
      { service_date: coupon.day, ...figures(coupon.fare, -refund, cancelledFee, 2, 20) },
    ]);
    expect(s.by_train).toHaveLength(1);
    expect(s.by_train[0]).toMatchObject({ service_id: app.fx.down, names: expect.arrayContaining([{ language_id: 'ja', text: 'テスト1号' }]), ...s.totals });
    expect(s.by_segment).toHaveLength(1);
    expect(s.by_segment[0]).toMatchObject({ from_station: { station_id: 1 }, to_station: { station_id: 4 }, ...s.totals });
    expect(s.by_segment[0]!.from_station.labels.length).toBeGreaterThan(0);
    const agentRow = (type: string) => s.by_agent.find((a) => a.agent_type === type);
    expect(agentRow('FREE')).toMatchObject({ agent_id: agents.FREE.id, ...figures(free.fare, 0, 0, 1, 10) });
    expect(agentRow('CONTRACTED')).toMatchObject(figures(coupon.fare, -refund, 0, 1, 20));
    expect(agentRow('SPECIAL_CONTRACTED')).toMatchObject(figures(monthly.fare, 0, cancelledFee, 2, 12));
    expect(agentRow('SPECIAL_CONTRACTED')!.name).not.toBe('');
    // Each agent's English name comes with its Japanese one (the screen shows it in English).
    const names = await app.ctx.database.db.execute(sql`select id, name_ja, name_en from agents`);
    for (const row of s.by_agent) {
      const agent = (names.rows as { id: number; name_ja: string; name_en: string }[]).find((a) => a.id === row.agent_id)!;
      expect(row).toMatchObject({ name: agent.name_ja, name_en: agent.name_en });
    }
    const method = (m: string) => s.by_payment_method.find((r) => r.payment_method === m);
    expect(method('ONLINE_CREDIT_CARD')).toMatchObject(figures(free.fare, 0, 0, 1, 10));
    expect(method('COUPON')).toMatchObject(figures(coupon.fare, -refund, 0, 1, 20));
    expect(method('MONTHLY')).toMatchObject(figures(monthly.fare, 0, cancelledFee, 2, 12));
    // Breakdowns add up to the totals.
    for (const list of [s.by_day, s.by_train, s.by_segment, s.by_agent]) {
      expect(list.reduce((sum, r) => sum + r.amount, 0)).toBe(s.totals.amount);
    }
  });

  it('counts a booking in the period of its service date only', async () => {
    const [free] = made;
    const one = await summary(free!.day, free!.day);
    expect(one.by_day.map((d) => d.service_date)).toEqual([free!.day]);
    const none = await summary('2030-06-01', '2030-06-30');
    expect(none.totals).toEqual(figures(0, 0, 0, 0, 0));
    expect([none.by_day, none.by_train, none.by_segment, none.by_agent, none.by_payment_method]).toEqual([[], [], [], [], []]);
  });

  it('is refused to agents', async () => {
    const res = await get('/v1/sales/summary?from_date=2030-05-01&to_date=2030-05-31', agents.SPECIAL_CONTRACTED.headers);
    expect(res.statusCode).toBe(403);
  });

  it('validates the period and names the field', async () => {
    const field = async (query: string) => {
      const res = await get(`/v1/sales/summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().common.error_code).toBe('VALIDATION_FAILED');
      return res.json().common.field as string;
    };
    expect(await field('to_date=2030-05-31')).toBe('from_date');
    expect(await field('from_date=2030-05-01&to_date=2030-13-01')).toBe('to_date');
    expect(await field('from_date=2030-05-31&to_date=2030-05-01')).toBe('to_date');
    // 366 days (a leap year) pass, 367 do not.
    expect((await get('/v1/sales/summary?from_date=2028-01-01&to_date=2028-12-31')).statusCode).toBe(200);
    expect(await field('from_date=2028-01-01&to_date=2029-01-01')).toBe('to_date');
  });
});
