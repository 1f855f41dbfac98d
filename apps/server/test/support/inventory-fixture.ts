/**
 * A small timetable of its own (a term in 2058, far from the demo term) so inventory tests do
 * not depend on the demo season: one down and one up train, a special down train, a few days.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import { inTransaction } from '../../src/lib/unit-of-work.ts';
import { rebuildInventory } from '../../src/modules/inventory/inventory-build.ts';
import { rowsOf } from '../../src/db/client.ts';
import { demo } from './demo-days.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

export const GROUP = 1;
export const INDIVIDUAL = 2;
export const WHEELCHAIR = 4;
export const STANDING = 5;

export interface InventoryFixture {
  down: number;
  up: number;
  special: number;
  patternId: number;
  /** ORDINARY days. */
  days: string[];
  specialDay: string;
  disabledDay: string;
}

const stops = (direction: 'down' | 'up', base: number) => {
  const order = direction === 'down' ? [1, 2, 3, 4] : [4, 3, 2, 1];
  return order.map((stationId, i) => {
    const minutes = base + i * 8;
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { stationId, arrivalHhmm: i === 0 ? null : hhmm, departureHhmm: i === order.length - 1 ? null : hhmm, displayOrder: i + 1 };
  });
};

export async function createInventoryFixture(db: Db): Promise<InventoryFixture> {
  const days = ['2058-05-09', '2058-05-10'];
  const specialDay = '2058-05-11';
  const disabledDay = '2058-05-15';
  return db.transaction(async (tx) => {
    const [term] = await tx.insert(t.serviceTerms).values({ fromDate: '2058-01-01', toDate: '2058-12-31' }).returning({ id: t.serviceTerms.id });
    const service = async (direction: 'down' | 'up', isSpecial: boolean, base: number, name: string) => {
      const [row] = await tx
        .insert(t.services)
        .values({ serviceTermId: term!.id, names: [{ language_id: 'ja', text: name }, { language_id: 'en', text: name }], direction, isSpecial, logicalTrainId: 1 })
        .returning({ id: t.services.id });
      await tx.insert(t.diagramItems).values(stops(direction, base).map((s) => ({ ...s, serviceId: row!.id })));
      return row!.id;
    };
    const down = await service('down', false, 9 * 60, 'テスト1号');
    const up = await service('up', false, 10 * 60, 'テスト2号');
    const special = await service('down', true, 11 * 60, 'テスト臨時');
    await tx.insert(t.serviceDayPatterns).values([
      ...days.map((d) => ({ serviceDate: d, pattern: 'ORDINARY' as const })),
      { serviceDate: specialDay, pattern: 'SPECIAL' },
      { serviceDate: disabledDay, pattern: 'DISABLED' },
    ]);
    await tx.insert(t.specialDayServices).values({ serviceDate: specialDay, serviceId: special });

    // Cars 1-2 group (128 seats), car 3 group but its wheelchair box, cars 4-5 individual;
    // 20 standing places in car 5.
    const [pattern] = await tx.insert(t.arrangementPatterns).values({ name: 'テスト標準', logicalTrainId: 1 }).returning({ id: t.arrangementPatterns.id });
    await tx.execute(sql`
      insert into arrangement_pattern_seats (arrangement_pattern_id, seat_id, arrangement_type_id)
      select ${pattern!.id}::int, seat_id,
             case when is_wheelchair then ${WHEELCHAIR}::int when logical_car_id <= 3 then ${GROUP}::int else ${INDIVIDUAL}::int end
      from seats where train_id = 1`);
    await tx.insert(t.arrangementPatternStandings).values({ arrangementPatternId: pattern!.id, logicalCarId: 5, arrangementTypeId: STANDING, capacity: 20 });
    const [application] = await tx
      .insert(t.arrangementApplicationTerms)
      .values({ serviceTermId: term!.id, fromDate: '2058-05-01', toDate: '2058-05-31' })
      .returning({ id: t.arrangementApplicationTerms.id });
    await tx.insert(t.arrangementApplications).values(
      [down, up, special].map((serviceId) => ({ applicationTermId: application!.id, serviceId, arrangementPatternId: pattern!.id })),
    );
    return { down, up, special, patternId: pattern!.id, days, specialDay, disabledDay };
  }).then(async (fixture) => {
    await inTransaction(db, (work) => rebuildInventory(work, { fromDate: '2058-05-01', toDate: '2058-05-31' }));
    return fixture;
  });
}

/** Group seats in the fixture's pattern: cars 1-3 minus the wheelchair box. */
export const FIXTURE_GROUP_SEATS = 64 * 3 - 4;

/** Pricing plans for the fixture's year, copied from the demo plans (which cover the demo's years only). */
export async function addFixturePricing(db: Db): Promise<void> {
  const demoFrom = demo.term.fromDate;
  await db.execute(sql`
    insert into pricing_plans (name, segment, service_date_from, service_date_to)
    select name || ' 2058', segment, '2058-01-01', '2058-12-31' from pricing_plans where service_date_from = ${demoFrom}`);
  await db.execute(sql`
    insert into pricing_plan_units (pricing_plan_id, unit_id, price_e6, decrement_fee_e6)
    select n.id, u.unit_id, u.price_e6, u.decrement_fee_e6
    from pricing_plan_units u
    join pricing_plans o on o.id = u.pricing_plan_id and o.service_date_from = ${demoFrom}
    join pricing_plans n on n.segment = o.segment and n.service_date_from = '2058-01-01'`);
  await db.delete(t.freeCountPlans); // the fixture's own bands, whatever the demo data has
  await db.insert(t.freeCountPlans).values([
    { min: 15, max: 50, freeQuantity: 1 },
    { min: 51, max: 100, freeQuantity: 2 },
  ]);
}

/** A test app on the fixture's timetable and prices, back-office staff signed in, and the demo agents' ids by type. */
export interface BookingTestApp {
  ctx: TestApp;
  fx: InventoryFixture;
  staff: { authorization: string };
  /** CONTRACTED, FREE, SPECIAL_CONTRACTED → the demo agent of that type. */
  agentIds: Record<string, number>;
}

export async function openBookingTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<BookingTestApp> {
  const ctx = await createTestApp(options);
  const fx = await createInventoryFixture(ctx.database.db);
  await addFixturePricing(ctx.database.db);
  const staff = await ctx.login('staff@example.com');
  const rows = await ctx.database.db.select({ id: t.agents.id, type: t.agents.agentType }).from(t.agents);
  return { ctx, fx, staff, agentIds: Object.fromEntries(rows.map((r) => [r.type, r.id])) };
}

/**
 * Leaves only some group seats of the fixture's train for groups that day (the named ones, or
 * the first `keep` in car, row and letter order); the other group seats go to individual sale
 * by a slot adjustment, as staff would move them, so counters and seats agree.
 */
export async function keepGroupSeats(ctx: TestApp, headers: Record<string, string>, day: string, serviceId: number, keep: number | readonly string[]): Promise<void> {
  const seats = rowsOf<{ seat_id: string }>(
    await ctx.database.db.execute(sql`select seat_id from seats where train_id = 1 and logical_car_id <= 3 and not is_wheelchair order by logical_car_id, row, letter`),
  ).map((r) => r.seat_id);
  const kept = new Set(typeof keep === 'number' ? seats.slice(0, keep) : keep);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/v1/inventories/arrangements',
    headers,
    payload: { service_date: day, service_id: serviceId, moves: seats.filter((id) => !kept.has(id)).map((seat_id) => ({ seat_id, arrangement_type_id: INDIVIDUAL })) },
  });
  if (res.statusCode !== 200) throw new Error(`slot adjustment refused: ${res.body}`);
}

/**
 * The rows where the kept group totals per train and leg (inventory_group_legs, kept by the
 * database's triggers) differ from the sum of the group counters worked out afresh: none when the
 * triggers kept up with every write.
 */
export async function groupLegsDrift(db: Db): Promise<unknown[]> {
  return rowsOf(
    await db.execute(sql`
      with fresh as (
        select c.service_date, c.service_id, c.leg, sum(c.capacity)::int as capacity, sum(c.held)::int as held, count(*)::int as counters
        from inventory_counters c join arrangement_types a on a.arrangement_type_id = c.arrangement_type_id and a.is_group_allotment
        group by 1, 2, 3
      ), kept as (select * from inventory_group_legs where counters > 0)
      select coalesce(f.service_date, k.service_date)::text as service_date, coalesce(f.service_id, k.service_id) as service_id,
             coalesce(f.leg, k.leg) as leg, f.capacity, f.held, f.counters, k.capacity as kept_capacity, k.held as kept_held, k.counters as kept_counters
      from fresh f full join kept k on k.service_date = f.service_date and k.service_id = f.service_id and k.leg = f.leg
      where f.capacity is distinct from k.capacity or f.held is distinct from k.held or f.counters is distinct from k.counters`),
  );
}
