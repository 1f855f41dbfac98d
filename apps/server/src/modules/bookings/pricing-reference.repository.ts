/**
 * What pricing a booking needs from the master data (the plan covering the date, its unit
 * prices, the units, the free count plans), read as one JSON value so that it can ride along in
 * another statement instead of costing round trips of its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FreeCountPlan, PricedUnit, UnitPrice } from '@sagano/domain/bookings/pricing';
import { rowsOf, type Executor } from '../../db/client.ts';

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

/** The pricing reference of a segment on a date, read on its own. */
export async function readPricingReference(db: Executor, groupType: string, date: string): Promise<PricingReference> {
  const [row] = rowsOf<{ pricing: PricingReference }>(await db.execute(sql`select ${pricingReferenceSql(groupType, date)} as pricing`));
  return row!.pricing;
}
