import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { errorOf, injector, signInRoles, type Headers, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';

// Five days before the fixture's first train (2058-05-09): the demo policy charges 20% (7 days before).
const clock = fixedClock('2058-05-04T12:00:00+09:00');
let ctx: TestApp;
let fx: InventoryFixture;
let staff: Headers;
let station: Headers;
let agent: Headers;
let agentIds: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, agentIds } = await openBookingTestApp({ clock }));
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
      [{ fare_type: 'BICYCLE' }, 'fare_type'],
      // Luggage and fees are items, not participants: a plain annotation and count_inclusive false.
      [{ fare_type: 'LUGGAGE', annotation: 'NORMAL' }, 'count_inclusive'],
      [{ fare_type: 'CHANGE_HANDLE_FEE', count_inclusive: false }, 'annotation'],
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

  describe('LUGGAGE and CHANGE_HANDLE_FEE units (spec 000 §4)', () => {
    const item = (fare_type: 'LUGGAGE' | 'CHANGE_HANDLE_FEE', ja: string, en: string, segment = 'NORMAL') =>
      body({ segment, annotation: 'NORMAL', fare_type, count_inclusive: false, auto_calculated: false, display_order: 500, name_label: [{ language_id: 'ja', text: ja }, { language_id: 'en', text: en }] });
    let luggage: number;
    let fee: number;

    it('adds several per segment beside the demo\'s passenger units, told apart by their Japanese name', async () => {
      const before = await unitRows();
      const large = await call('POST', UNITS, item('LUGGAGE', '大型手荷物', 'Large luggage'));
      expect(large.statusCode, large.body).toBe(200);
      luggage = large.json().id;
      expect(large.json()).toMatchObject({ fare_type: 'LUGGAGE', count_inclusive: false, auto_calculated: false });
      expect((await call('POST', UNITS, item('LUGGAGE', '自転車', 'Bicycle'))).statusCode).toBe(200);
      const handling = await call('POST', UNITS, item('CHANGE_HANDLE_FEE', '変更手数料', 'Change handling fee'));
      expect(handling.statusCode, handling.body).toBe(200);
      fee = handling.json().id;
      // The same name twice in a segment is refused (name_label); another segment may use it.
      const twice = await call('POST', UNITS, item('LUGGAGE', ' 大型手荷物 ', 'Big bag'));
      expect(twice.statusCode).toBe(409);
      expect(errorOf(twice)).toMatchObject({ error_code: 'UNIT_ALREADY_EXISTS', field: 'name_label' });
      expect((await call('POST', UNITS, item('LUGGAGE', '大型手荷物', 'Large luggage', 'SCHOOL'))).statusCode).toBe(200);
      expect(await unitRows()).toBe(before + 4);
      const listed = (await call('GET', UNITS, undefined, agent)).json().units as { id: number; fare_type: string }[];
      expect(listed.filter((u) => u.fare_type === 'LUGGAGE')).toHaveLength(3);
      expect(listed.find((u) => u.id === fee)).toMatchObject({ fare_type: 'CHANGE_HANDLE_FEE' });
    });

    it('keeps the database to the same rules when a unit is written without the API', async () => {
      // The CHECK behind the schema: an item may not be a participant.
      await expect(ctx.database.db.execute(sql`update units set count_inclusive = true where id = ${luggage}`)).rejects.toThrow();
      await expect(ctx.database.db.execute(sql`update units set fare_type = 'BICYCLE' where id = ${luggage}`)).rejects.toThrow();
      // A second adult fare of a combination is refused by the passenger index.
      await expect(ctx.database.db.execute(sql`insert into units (id, display_order, name_label, segment, annotation, fare_type, count_inclusive, auto_calculated)
        values (9999, 1, '[{"language_id":"ja","text":"別の大人"},{"language_id":"en","text":"Another adult"}]', 'NORMAL', 'NORMAL', 'ADULT', true, false)`)).rejects.toThrow();
    });

    it('prices luggage and the handling fee per piece and direction, outside the head count and the free places; agents cannot set the fee', async () => {
      // The 2058 plan of the segment prices them (the plans must: they are priced units of the segment).
      await ctx.database.db.execute(sql`
        insert into pricing_plan_units (pricing_plan_id, unit_id, price_e6, decrement_fee_e6)
        select p.id, u.id, case u.fare_type when 'LUGGAGE' then 500000000 else 300000000 end, 0
        from pricing_plans p join units u on u.segment = p.segment and u.fare_type in ('LUGGAGE', 'CHANGE_HANDLE_FEE')
        where p.service_date_from = '2058-01-01'`);
      const days = [fx.days[0]!, fx.days[1]!];
      const priced = await call('POST', '/v1/bookings/calculate_amount', {
        group_type: 'NORMAL',
        service_days: days,
        participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 15 }, { unit_id: luggage, quantity: 2 }, { unit_id: fee, quantity: 15 }] },
      });
      expect(priced.statusCode, priced.body).toBe(200);
      // 15 adults, one of them free (15–50 → 1); 2 bags at 500 yen and 15 fees at 300 yen, each way.
      const perDirection = (14 * 800 + 2 * 500 + 15 * 300) * 1e6;
      expect(priced.json()).toMatchObject({ participant_quantity: 15, free_quantity: 1, direction_amounts: [perDirection, perDirection], total_amount: 2 * perDirection });

      const agentId = agentIds.FREE; // agent-free@example.com's
      const booking = (items: { unit_id: number; quantity: number }[]) => ({
        applicant: { name: '荷物 太郎', email: 'nimotsu@example.com', phone_number: '075-000-0000' },
        group: { group_type: 'NORMAL', name: '手荷物の会', country_code: 'JPN' },
        service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
        participant_group: { unit_quantity_items: items },
        agent_id: agentId,
      });
      const withFee = await call('POST', '/v1/bookings', booking([{ unit_id: 1, quantity: 15 }, { unit_id: fee, quantity: 1 }]), agent);
      expect(withFee.statusCode).toBe(400);
      expect(errorOf(withFee).field).toBe('participant_group.unit_quantity_items.1.quantity');
      const bags = await call('POST', '/v1/bookings', booking([{ unit_id: 1, quantity: 15 }, { unit_id: luggage, quantity: 2 }]), agent);
      expect(bags.statusCode, bags.body).toBe(200);
      const b = (await call('GET', `/v1/bookings/${bags.json().booking_id}`)).json();
      // The bags take no seat: the group is 15.
      expect(b.main_params.participant_group).toMatchObject({ participant_quantity: 15 });
      expect(b.main_params.total_amount).toBe((14 * 800 + 2 * 500) * 1e6);
      // The operator may charge the fee on the booking.
      const staffBooking = await call('POST', '/v1/bookings', booking([{ unit_id: 1, quantity: 15 }, { unit_id: fee, quantity: 15 }]));
      expect(staffBooking.statusCode, staffBooking.body).toBe(200);
      const id = staffBooking.json().booking_id as string;
      expect((await call('POST', `/v1/bookings/${id}/reserve`)).statusCode).toBe(200);

      // The agent's change request keeps the fee as charged: dropping or changing it is refused, nothing written.
      const { agent_id: _a, ...content } = booking([{ unit_id: 1, quantity: 15 }]);
      const change = (items: { unit_id: number; quantity: number }[]) => ({ ...content, participant_group: { unit_quantity_items: items, wheel_chairs: [] }, note: '' });
      const dropped = await call('PUT', `/v1/bookings/${id}/params`, change([{ unit_id: 1, quantity: 15 }]), agent);
      expect(dropped.statusCode).toBe(400);
      expect(errorOf(dropped).field).toBe('participant_group.unit_quantity_items');
      const raised = await call('PUT', `/v1/bookings/${id}/params`, change([{ unit_id: 1, quantity: 15 }, { unit_id: fee, quantity: 16 }]), agent);
      expect(errorOf(raised).field).toBe('participant_group.unit_quantity_items.1.quantity');
      expect((await call('GET', `/v1/bookings/${id}`)).json()).toMatchObject({ status: 'RESERVED', pending_change: null });
      const kept = await call('PUT', `/v1/bookings/${id}/params`, change([{ unit_id: 1, quantity: 15 }, { unit_id: fee, quantity: 15 }, { unit_id: luggage, quantity: 1 }]), agent);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().status).toBe('MODIFICATION_SUBMITTED');
    });
  });
});
