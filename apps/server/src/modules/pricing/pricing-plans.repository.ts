import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { PricingPlanBody, PricingPlanResponse, PricingPlanUnit } from '@sagano/domain/pricing/pricing-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

type PlanRow = typeof t.pricingPlans.$inferSelect;

async function unitsOf(db: Executor, planIds: number[]): Promise<Map<number, PricingPlanUnit[]>> {
  const byPlan = new Map<number, PricingPlanUnit[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ planId: t.pricingPlanUnits.pricingPlanId, unitId: t.pricingPlanUnits.unitId, priceE6: t.pricingPlanUnits.priceE6, feeE6: t.pricingPlanUnits.decrementFeeE6 })
    .from(t.pricingPlanUnits)
    .innerJoin(t.units, eq(t.units.id, t.pricingPlanUnits.unitId))
    .where(inArray(t.pricingPlanUnits.pricingPlanId, planIds))
    .orderBy(asc(t.units.displayOrder), asc(t.units.id));
  for (const r of rows) byPlan.get(r.planId)!.push({ unit_id: r.unitId, price_e6: r.priceE6, decrement_fee_e6: r.feeE6 });
  return byPlan;
}

function toResponse(p: PlanRow, units: PricingPlanUnit[]): PricingPlanResponse {
  return {
    id: p.id,
    name: p.name,
    segment: p.segment as PricingPlanResponse['segment'],
    service_date_from: p.serviceDateFrom,
    service_date_to: p.serviceDateTo,
    units,
    updated_at: p.updatedAt.toISOString(),
  };
}

async function withUnits(db: Executor, plans: PlanRow[]): Promise<PricingPlanResponse[]> {
  const units = await unitsOf(db, plans.map((p) => p.id));
  return plans.map((p) => toResponse(p, units.get(p.id)!));
}

/** Plans by segment, then start date. */
export async function listPricingPlans(db: Executor, segment?: string): Promise<PricingPlanResponse[]> {
  const plans = await db
    .select()
    .from(t.pricingPlans)
    .where(segment ? eq(t.pricingPlans.segment, segment) : undefined)
    .orderBy(asc(t.pricingPlans.segment), asc(t.pricingPlans.serviceDateFrom), asc(t.pricingPlans.id));
  return withUnits(db, plans);
}

export async function findPricingPlan(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<PricingPlanResponse | undefined> {
  const query = db.select().from(t.pricingPlans).where(eq(t.pricingPlans.id, id));
  const [plan] = options.lock ? await query.for('update') : await query;
  return plan ? (await withUnits(db, [plan]))[0] : undefined;
}

/** The plans in force on `date`, one per segment (plans of a segment do not overlap). */
export async function pricingPlansOn(db: Executor, date: string): Promise<PricingPlanResponse[]> {
  const plans = await db
    .select()
    .from(t.pricingPlans)
    .where(and(lte(t.pricingPlans.serviceDateFrom, date), gte(t.pricingPlans.serviceDateTo, date)))
    .orderBy(asc(t.pricingPlans.segment), asc(t.pricingPlans.id));
  return withUnits(db, plans);
}

/**
 * Serialises plan writes: the overlap check and the write that follows must not interleave
 * with another writer's (readers, such as booking pricing, are not blocked).
 */
export async function lockPricingPlans(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${t.pricingPlans} in share row exclusive mode`);
}

/** A plan of the segment whose dates share a day with [from, to], other than `exceptId`. */
export async function overlappingPlan(db: Executor, segment: string, from: string, to: string, exceptId?: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: t.pricingPlans.id, name: t.pricingPlans.name })
    .from(t.pricingPlans)
    .where(
      and(
        eq(t.pricingPlans.segment, segment),
        lte(t.pricingPlans.serviceDateFrom, to),
        gte(t.pricingPlans.serviceDateTo, from),
        exceptId === undefined ? undefined : ne(t.pricingPlans.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Bookings of `segment` travelling in [from, to] that would no longer be covered when the
 * range becomes `keep` (omitted: nothing is kept, as on delete).
 */
export async function bookingsLosingPlan(db: Executor, segment: string, from: string, to: string, keep?: { segment: string; from: string; to: string }): Promise<number> {
  const kept = keep && keep.segment === segment ? sql`and not (${t.bookingServices.serviceDate} between ${keep.from}::date and ${keep.to}::date)` : sql``;
  const [row] = await db
    .select({ n: count() })
    .from(t.bookingServices)
    .innerJoin(t.bookings, eq(t.bookings.id, t.bookingServices.bookingId))
    .where(sql`${t.bookings.groupType} = ${segment} and ${t.bookingServices.serviceDate} between ${from}::date and ${to}::date ${kept}`);
  return row?.n ?? 0;
}

export async function insertPricingPlan(db: Executor, input: PricingPlanBody): Promise<number> {
  const [plan] = await db
    .insert(t.pricingPlans)
    .values({ name: input.name, segment: input.segment, serviceDateFrom: input.service_date_from, serviceDateTo: input.service_date_to })
    .returning({ id: t.pricingPlans.id });
  await replaceUnits(db, plan!.id, input.units);
  return plan!.id;
}

export async function updatePricingPlan(db: Executor, id: number, input: PricingPlanBody): Promise<void> {
  await db
    .update(t.pricingPlans)
    .set({ name: input.name, segment: input.segment, serviceDateFrom: input.service_date_from, serviceDateTo: input.service_date_to, updatedAt: new Date() })
    .where(eq(t.pricingPlans.id, id));
  await replaceUnits(db, id, input.units);
}

async function replaceUnits(db: Executor, planId: number, units: readonly PricingPlanUnit[]): Promise<void> {
  await db.delete(t.pricingPlanUnits).where(eq(t.pricingPlanUnits.pricingPlanId, planId));
  if (units.length === 0) return;
  await db.insert(t.pricingPlanUnits).values(units.map((u) => ({ pricingPlanId: planId, unitId: u.unit_id, priceE6: u.price_e6, decrementFeeE6: u.decrement_fee_e6 })));
}

export async function deletePricingPlan(db: Executor, id: number): Promise<void> {
  await db.delete(t.pricingPlans).where(eq(t.pricingPlans.id, id));
}
