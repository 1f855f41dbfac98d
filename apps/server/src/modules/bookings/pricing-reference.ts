/**
 * What pricing a booking needs from the master data (the plan covering the date, its unit
 * prices, the units, the free count plans), read as one JSON value so that it can ride along in
 * another statement instead of costing round trips of its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CalculateAmountResponse } from '@sagano/domain/bookings/booking-schemas';
import { calculateAmount, type FreeCountPlan, type PricedUnit, type UnitPrice } from '@sagano/domain/bookings/pricing';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export interface PricingReference {
  plan_id: number | null;
  prices: ({ unit_id: number } & UnitPrice)[];
  units: PricedUnit[];
  free_count_plans: FreeCountPlan[];
}

/** A scalar subquery yielding the PricingReference of a segment on a date as JSON. */
export function pricingReferenceSql(groupType: string, date: string): SQL {
  return sql`(
    select json_build_object(
      'plan_id', p.id,
      'prices', (select coalesce(json_agg(json_build_object('unit_id', pu.unit_id, 'price_e6', pu.price_e6, 'decrement_fee_e6', pu.decrement_fee_e6)), '[]')
                 from pricing_plan_units pu where pu.pricing_plan_id = p.id),
      'units', (select coalesce(json_agg(json_build_object('id', u.id, 'segment', u.segment, 'annotation', u.annotation, 'fare_type', u.fare_type,
                                                           'count_inclusive', u.count_inclusive, 'auto_calculated', u.auto_calculated) order by u.display_order), '[]')
                from units u),
      'free_count_plans', (select coalesce(json_agg(json_build_object('min', f.min, 'max', f.max, 'free_quantity', f.free_quantity) order by f.min), '[]')
                           from free_count_plans f))
    from (select 1) one
    left join lateral (
      select id from pricing_plans
      where segment = ${groupType} and service_date_from <= ${date} and service_date_to >= ${date}
      order by id desc limit 1
    ) p on true
  )`;
}

/** Prices the participants with a reference read by pricingReferenceSql (DESIGN §6). */
export function priceWith(reference: PricingReference, groupType: string, date: string, directions: number, items: readonly { unit_id: number; quantity: number }[]): CalculateAmountResponse {
  if (reference.plan_id === null) throw new AppError('UNPROCESSABLE', `no ${groupType === 'SCHOOL' ? 'school' : 'group'} pricing plan covers ${date}`);
  const segmentUnits = reference.units.filter((u) => u.segment === groupType);
  for (const [i, item] of items.entries()) {
    if (!segmentUnits.some((u) => u.id === item.unit_id)) {
      throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items.${i}.unit_id: not a unit of the ${groupType} segment`, `participant_group.unit_quantity_items.${i}.unit_id`);
    }
  }
  const result = calculateAmount({
    units: segmentUnits,
    prices: new Map(reference.prices.map((p) => [p.unit_id, { price_e6: safeE6(p.price_e6), decrement_fee_e6: safeE6(p.decrement_fee_e6) }])),
    freeCountPlans: reference.free_count_plans,
    items,
    directions,
  });
  if (!result.ok) {
    if (result.problem.kind === 'no_participants') throw new AppError('VALIDATION_FAILED', 'participant_group.unit_quantity_items: enter the participants', 'participant_group.unit_quantity_items');
    throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items: unit ${result.problem.unit_id} has no price`, 'participant_group.unit_quantity_items');
  }
  return result.value;
}

/** The pricing reference of a segment on a date, read on its own. */
export async function readPricingReference(db: Executor, groupType: string, date: string): Promise<PricingReference> {
  const [row] = rowsOf<{ pricing: PricingReference }>(await db.execute(sql`select ${pricingReferenceSql(groupType, date)} as pricing`));
  return row!.pricing;
}

/** Prices a booking request: the plan of the earliest service date applies to every direction. */
export async function priceFor(db: Executor, groupType: string, serviceDates: string[], items: { unit_id: number; quantity: number }[]): Promise<CalculateAmountResponse> {
  const date = [...serviceDates].sort()[0]!;
  return priceWith(await readPricingReference(db, groupType, date), groupType, date, serviceDates.length, items);
}
