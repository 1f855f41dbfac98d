/**
 * A booking's cancellation-policy document (spec 001 §7.7, GET /v1/bookings/{id}/cancellation_policy):
 * the policy the booking is priced on as days and fees, frozen at confirmation while the master
 * data moves on, the same fee the cancel page quotes, and visible exactly as the booking is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E6 } from '@sagano/domain/money/yen-e6';
import { fixedClock } from '../src/lib/clock.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking, reservedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';

const clock = fixedClock('2058-04-20T12:00:00+09:00');
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ clock }));
  agents = await demoAgents(ctx);
}, 60_000);
afterAll(() => ctx.close());

const get = (url: string, headers?: { authorization: string }) => ctx.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const documentOf = (id: string, headers = staff) => get(`/v1/bookings/${id}/cancellation_policy`, headers);
const POLICY = '/v1/master-data/cancellation-policy';

describe('GET /v1/bookings/{booking_id}/cancellation_policy', () => {
  it('states the frozen policy as days and fees in yen, the fee the cancel page quotes today, while the master data moves on', async () => {
    const before = (await get(POLICY, staff)).json().policy as { days_before: number; rate_e6: number }[];
    const day = fx.days[0]!; // 2058-05-09: 19 days after the clock's today
    const id = await confirmedBooking(ctx, staff, { agentId: agents.FREE.id, day, serviceId: fx.down, adults: 10 });
    const booking = (await get(`/v1/bookings/${id}`, staff)).json();

    const res = await documentOf(id, agents.FREE.headers);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ booking_id: id, group_name: '青葉会', agent_name: booking.agent_name, status: 'RESERVED', service_date: day, total_amount: booking.main_params.payment.total_amount, frozen: true, today: '2058-04-20', cancellation_fee: null });
    // Longest notice first, each row a span of days before the train, together every day up to it.
    expect(doc.rows.map((r: { days_before: number }) => r.days_before)).toEqual(before.map((r) => r.days_before).sort((a, b) => b - a));
    expect(doc.rows.at(-1).to_date).toBe(day);
    expect(doc.free_until).toBe(addDaysTo(doc.rows[0].from_date, -1));
    for (let i = 1; i < doc.rows.length; i++) expect(doc.rows[i].from_date).toBe(addDaysTo(doc.rows[i - 1].to_date, 1));
    const total = doc.total_amount as number;
    for (const row of doc.rows) expect(row.fee_amount).toBe(feeOf(total, row.rate_e6));
    // Today's row and fee are the cancel page's.
    const quote = (await get(`/v1/bookings/${id}/cancellation_fee`, agents.FREE.headers)).json();
    expect(doc.in_force_days_before).toBe(quote.days_before);
    expect(doc.rows.find((r: { days_before: number }) => r.days_before === quote.days_before)?.fee_amount ?? 0).toBe(quote.cancellation_fee);

    // The operator changes the policy: the confirmed booking keeps its own, a booking not yet confirmed shows the new one.
    const changed = [{ days_before: 30, rate_e6: 100_000 }, { days_before: 0, rate_e6: 1_000_000 }];
    expect((await ctx.app.inject({ method: 'PUT', url: POLICY, headers: staff, payload: { policy: changed } })).statusCode).toBe(200);
    try {
      expect((await documentOf(id)).json().rows).toEqual(doc.rows);
      const pending = await reservedBooking(ctx, staff, { agentId: agents.FREE.id, day, serviceId: fx.down, adults: 4 });
      const fresh = (await documentOf(pending, agents.FREE.headers)).json();
      expect(fresh).toMatchObject({ frozen: false, free_until: '2058-04-08', in_force_days_before: 30 });
      expect(fresh.rows).toEqual([
        { days_before: 30, rate_e6: 100_000, from_date: '2058-04-09', to_date: '2058-05-08', fee_amount: feeOf(fresh.total_amount, 100_000) },
        { days_before: 0, rate_e6: 1_000_000, from_date: day, to_date: day, fee_amount: fresh.total_amount },
      ]);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: POLICY, headers: staff, payload: { policy: before } });
    }

    // Once the agent asked to cancel, the document names the fee quoted (the one charged).
    expect((await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${id}/cancel`, headers: agents.FREE.headers, payload: { agree_cancellation_policy: true } })).statusCode).toBe(200);
    expect((await documentOf(id, agents.FREE.headers)).json()).toMatchObject({ status: 'CANCELLATION_SUBMITTED', cancellation_fee: quote.cancellation_fee });
  }, 90_000);

  it('is the booking\'s own agent\'s and the back office\'s: another agent gets 404, station staff 403, nobody signed in 401', async () => {
    const id = await confirmedBooking(ctx, staff, { agentId: agents.FREE.id, day: fx.days[1]!, serviceId: fx.down, adults: 3 });
    expect((await documentOf(id)).statusCode).toBe(200);
    expect((await documentOf(id, agents.FREE.headers)).statusCode).toBe(200);
    const other = await documentOf(id, agents.CONTRACTED.headers);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).error_code).toBe('NOT_FOUND');
    expect((await documentOf(id, await ctx.login('station@example.com'))).statusCode).toBe(403);
    expect((await get(`/v1/bookings/${id}/cancellation_policy`)).statusCode).toBe(401);
    const bad = await documentOf('123');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'booking_id' });
  }, 60_000);
});

/** The rate of the total in whole yen, rounded up to 10 yen (DESIGN §6). */
function feeOf(totalE6: number, rateE6: number): number {
  return Math.ceil(((totalE6 / E6) * rateE6) / 10_000_000) * 10 * E6;
}

function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
