/**
 * The server takes "today" from its Clock: with the clock pinned, the same request decides
 * differently as the pinned day moves (cancellation fee, past service dates, the current term).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import * as t from '../src/db/schema.ts';
import { demo } from './support/demo-days.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking, plainBookingBody } from './support/booking-fixture.ts';

/** Noon in Tokyo on `date`. */
const noonIn = (date: string) => `${date}T12:00:00+09:00`;

const clock = fixedClock(noonIn('2058-05-01'));
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentId: number;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ clock }));
  const [agent] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).limit(1);
  agentId = agent!.id;
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff });

describe('a pinned clock', () => {
  it('prices a cancellation on the pinned day: nothing eight days before the train, everything on its day', async () => {
    clock.set(noonIn('2058-05-01'));
    const id = await confirmedBooking(ctx, staff, { agentId, day: fx.days[0]!, serviceId: fx.down, adults: 10 });
    const early = (await get(`/v1/bookings/${id}/cancellation_fee`)).json();
    expect(early).toMatchObject({ days_left: 8, days_before: 20, rate_e6: 0, cancellation_fee: 0 });

    clock.set(noonIn(fx.days[0]!));
    const onTheDay = (await get(`/v1/bookings/${id}/cancellation_fee`)).json();
    expect(onTheDay).toMatchObject({ days_left: 0, days_before: 0, rate_e6: 1_000_000 });
    expect(onTheDay.cancellation_fee).toBe(onTheDay.total_amount);
  });

  it('takes a booking request before the train runs and refuses the same request once the pinned day has passed it', async () => {
    const request = () =>
      ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers: staff, payload: plainBookingBody({ agentId, day: fx.days[1]!, serviceId: fx.down, adults: 10 }) });
    clock.set(noonIn('2058-05-01'));
    expect((await request()).statusCode).toBe(200);

    clock.set(noonIn('2058-05-11'));
    const late = await request();
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'service_order.down_service.service_date' });
    expect(errorOf(late).error_description).toContain('today is 2058-05-11');
  });

  it('shows the fare overdue on the booking once the pinned day is past its due date, and not before', async () => {
    clock.set(noonIn('2058-05-01'));
    const id = await confirmedBooking(ctx, staff, { agentId, day: fx.days[0]!, serviceId: fx.down, adults: 10 });
    const before = (await get(`/v1/bookings/${id}`)).json().main_params.payment;
    expect(before).toMatchObject({ status: 'PAYMENT_PENDING', is_overdue: false });
    clock.set(noonIn(fx.days[0]!));
    expect(before.due_date < fx.days[0]!).toBe(true);
    expect((await get(`/v1/bookings/${id}`)).json().main_params.payment).toMatchObject({ status: 'PAYMENT_PENDING', is_overdue: true });
  });

  it('marks the service term covering the pinned day as current', async () => {
    clock.set(noonIn('2058-05-01'));
    const inFixture = (await get('/v1/service-terms')).json().service_terms.find((x: { is_current: boolean }) => x.is_current);
    expect(inFixture).toMatchObject({ fromDate: '2058-01-01', toDate: '2058-12-31' });

    // The demo's term, which runs to the end of next year.
    clock.set(noonIn(`${demo.lastYear}-03-01`));
    const inDemo = (await get('/v1/service-terms')).json().service_terms.find((x: { is_current: boolean }) => x.is_current);
    expect(inDemo).toMatchObject({ fromDate: demo.term.fromDate, toDate: demo.term.toDate });
  });
});
