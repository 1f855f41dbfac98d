import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { errorOf, injector, signInRoles, type Headers, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';

// Five days before the fixture's first train (2030-05-09): the demo policy charges 20% (7 days before).
const clock = fixedClock('2030-05-04T12:00:00+09:00');
let ctx: TestApp;
let fx: InventoryFixture;
let staff: Headers;
let station: Headers;
let agent: Headers;

beforeAll(async () => {
  ({ ctx, fx } = await openBookingTestApp({ clock }));
  ({ staff, station, agent } = await signInRoles(ctx));
});
afterAll(() => ctx.close());

const POLICY = '/v1/master-data/cancellation-policy';
const call = injector(() => ctx, () => staff);

async function logged(operation: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.operationLogs).where(and(eq(t.operationLogs.operation, operation), eq(t.operationLogs.isError, false)));
  return row!.n;
}

const DEMO_POLICY = [
  { days_before: 0, rate_e6: 1_000_000 },
  { days_before: 1, rate_e6: 500_000 },
  { days_before: 2, rate_e6: 300_000 },
  { days_before: 7, rate_e6: 200_000 },
  { days_before: 20, rate_e6: 0 },
];

describe('cancellation policy', () => {
  it('reads the policy in force, shortest notice first, for any signed-in account', async () => {
    const res = await call('GET', POLICY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy).toEqual(DEMO_POLICY);
    expect((await call('GET', POLICY, undefined, agent)).json().policy).toEqual(DEMO_POLICY);
    expect((await ctx.app.inject({ method: 'GET', url: POLICY })).statusCode).toBe(401);
  });

  it('refuses a bad policy naming the row and field, and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ policy: [{ days_before: 7, rate_e6: 0 }, { days_before: 7, rate_e6: 500_000 }] }, 'policy.1.days_before'],
      [{ policy: [{ days_before: -1, rate_e6: 0 }] }, 'policy.0.days_before'],
      [{ policy: [{ days_before: 3, rate_e6: 1_000_001 }] }, 'policy.0.rate_e6'],
      [{ policy: [{ days_before: 3, rate_e6: -1 }] }, 'policy.0.rate_e6'],
      [{ policy: [{ days_before: 3 }] }, 'policy.0.rate_e6'],
      [{ policy: [] }, 'policy'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PUT', POLICY, body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    expect(errorOf(await call('PUT', POLICY, cases[0]![0])).error_description).toBe('policy.1.days_before: each number of days may appear only once');
    expect((await call('GET', POLICY)).json().policy).toEqual(DEMO_POLICY);
    expect((await call('PUT', POLICY, { policy: DEMO_POLICY }, station)).statusCode).toBe(403);
    expect((await call('PUT', POLICY, { policy: DEMO_POLICY }, agent)).statusCode).toBe(403);
    expect(await logged('cancellation_policy.update')).toBe(0);
  });

  it('applies a change to bookings confirmed after it: a booking confirmed before keeps its frozen rates', async () => {
    const [agentRow] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'FREE'));
    const day = fx.days[0]!;
    const a = await confirmedBooking(ctx, staff, { agentId: agentRow!.id, day, serviceId: fx.down, adults: 10, groupName: '規定変更前の団体' });

    const changed = await call('PUT', POLICY, { policy: [{ days_before: 10, rate_e6: 500_000 }, { days_before: 30, rate_e6: 100_000 }, { days_before: 0, rate_e6: 1_000_000 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().policy).toEqual([
      { days_before: 0, rate_e6: 1_000_000 },
      { days_before: 10, rate_e6: 500_000 },
      { days_before: 30, rate_e6: 100_000 },
    ]);
    expect(await logged('cancellation_policy.update')).toBe(1);

    const b = await confirmedBooking(ctx, staff, { agentId: agentRow!.id, day, serviceId: fx.down, adults: 10, groupName: '規定変更後の団体' });
    const quoteA = (await call('GET', `/v1/bookings/${a}/cancellation_fee`)).json();
    const quoteB = (await call('GET', `/v1/bookings/${b}/cancellation_fee`)).json();
    expect(quoteA).toMatchObject({ days_left: 5, days_before: 7, rate_e6: 200_000 });
    expect(quoteA.policy).toEqual(DEMO_POLICY);
    expect(quoteB).toMatchObject({ days_left: 5, days_before: 10, rate_e6: 500_000 });
    expect(quoteA.total_amount).toBe(quoteB.total_amount);
    expect(quoteA.cancellation_fee).toBe(Math.ceil((quoteA.total_amount * 0.2) / 10e6) * 10e6);
    expect(quoteB.cancellation_fee).toBe(Math.ceil((quoteB.total_amount * 0.5) / 10e6) * 10e6);

    // The fee charged when the operator cancels is the quoted one, each on its own policy.
    const cancelA = await call('POST', `/v1/bookings/${a}/cancel`, { agree_cancellation_policy: true });
    const cancelB = await call('POST', `/v1/bookings/${b}/cancel`, { agree_cancellation_policy: true });
    expect(cancelA.statusCode, cancelA.body).toBe(200);
    expect(cancelA.json().cancellation_fee).toBe(quoteA.cancellation_fee);
    expect(cancelB.json().cancellation_fee).toBe(quoteB.cancellation_fee);
    expect(cancelB.json().cancellation_fee).toBeGreaterThan(cancelA.json().cancellation_fee);

    // Put the demo policy back for the tests below.
    expect((await call('PUT', POLICY, { policy: DEMO_POLICY })).statusCode).toBe(200);
  });
});

describe('units', () => {
  const UNITS = '/v1/units';
  const unitRows = async () => (await ctx.database.db.select({ n: count() }).from(t.units))[0]!.n;
  const body = (overrides: Record<string, unknown> = {}) => ({
    segment: 'SCHOOL',
    annotation: 'HANDICAPPED_2',
    fare_type: 'CHILD',
    name_label: [
      { language_id: 'ja', text: '学生団体 障がい者2種 小人' },
      { language_id: 'en', text: 'School group Disabled (type 2) Child' },
      { language_id: 'ko', text: '학생 단체 장애인 2종 어린이' },
    ],
    display_order: 175,
    count_inclusive: true,
    auto_calculated: false,
    ...overrides,
  });

  it('refuses a second unit of the same segment × annotation × fare type with 409 UNIT_ALREADY_EXISTS', async () => {
    const before = await unitRows();
    const res = await call('POST', UNITS, body({ segment: 'NORMAL', annotation: 'NORMAL', fare_type: 'ADULT' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({ error_code: 'UNIT_ALREADY_EXISTS', field: 'fare_type' });
    expect(await unitRows()).toBe(before);
  });

  it('names the field of bad input, writes nothing, and is the back office\'s to add', async () => {
    const before = await unitRows();
    for (const [overrides, field] of [
      [{ segment: 'VIP' }, 'segment'],
      [{ fare_type: 'LUGGAGE' }, 'fare_type'],
      [{ auto_calculated: true }, 'auto_calculated'],
      [{ name_label: [{ language_id: 'ja', text: '小人' }] }, 'name_label'],
      [{ name_label: [{ language_id: 'fr', text: 'enfant' }, { language_id: 'ja', text: '小人' }, { language_id: 'en', text: 'Child' }] }, 'name_label.0.language_id'],
      [{ display_order: 1.5 }, 'display_order'],
    ] as [Record<string, unknown>, string][]) {
      const res = await call('POST', UNITS, body(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, field).toBe(field);
    }
    expect((await call('POST', UNITS, body(), station)).statusCode).toBe(403);
    expect((await call('POST', UNITS, body(), agent)).statusCode).toBe(403);
    expect(await unitRows()).toBe(before);
  });

  it('adds a unit an install lacks: it is listed, pricing plans of its segment must price it, and it is logged', async () => {
    // The demo data has every combination; take one unit no booking uses out, as an install without it.
    const [gone] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`
        select u.id from units u
        where u.segment = 'SCHOOL' and u.annotation = 'HANDICAPPED_2' and u.fare_type = 'CHILD'
          and not exists (select 1 from booking_units b where b.unit_id = u.id)`),
    );
    expect(gone, 'the demo bookings use the unit this test removes').toBeDefined();
    await ctx.database.db.delete(t.pricingPlanUnits).where(eq(t.pricingPlanUnits.unitId, gone!.id));
    await ctx.database.db.delete(t.units).where(eq(t.units.id, gone!.id));

    const created = await call('POST', UNITS, body());
    expect(created.statusCode, created.body).toBe(200);
    const unit = created.json();
    expect(unit).toMatchObject({ ...body(), id: expect.any(Number) });
    expect(await logged('units.create')).toBe(1);
    const listed = (await call('GET', UNITS, undefined, agent)).json().units as { id: number }[];
    expect(listed.find((u) => u.id === unit.id)).toEqual(unit);
    expect((await call('POST', UNITS, body())).statusCode).toBe(409);

    // The school plans (the pricing screen's table is every priced unit of the segment) now need its price.
    const plans = (await call('GET', '/v1/pricing_plans?segment=SCHOOL')).json().pricing_plans as { id: number; name: string; segment: string; service_date_from: string; service_date_to: string; units: { unit_id: number; price_e6: number; decrement_fee_e6: number }[] }[];
    const plan = plans[0]!;
    const { id, ...planBody } = { id: plan.id, name: plan.name, segment: plan.segment, service_date_from: plan.service_date_from, service_date_to: plan.service_date_to, units: plan.units };
    const missing = await call('PUT', `/v1/pricing_plans/${id}`, planBody);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ field: 'units' });
    expect(errorOf(missing).error_description).toContain(`missing unit ${unit.id}`);
    const priced = await call('PUT', `/v1/pricing_plans/${id}`, { ...planBody, units: [...planBody.units, { unit_id: unit.id, price_e6: 220e6, decrement_fee_e6: 0 }] });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().units).toContainEqual({ unit_id: unit.id, price_e6: 220e6, decrement_fee_e6: 0 });
  });
});
