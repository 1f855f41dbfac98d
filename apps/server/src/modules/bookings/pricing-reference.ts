/** Pricing a booking with the reference read from the master data (pricing-reference.repository.ts). */
import type { CalculateAmountResponse } from '@sagano/domain/bookings/booking-schemas';
import { calculateAmount } from '@sagano/domain/bookings/pricing';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import { AppError } from '../../lib/app-error.ts';
import { readPricingReference, type PricingReference } from './pricing-reference.repository.ts';
import type { Executor } from '../../db/client.ts';

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

/** A one-way group's participants priced on a date, read in the caller's transaction (the OCTO reservations' total, ADR 039). */
export async function priceParticipants(executor: Executor, groupType: string, date: string, items: readonly { unit_id: number; quantity: number }[]): Promise<CalculateAmountResponse> {
  return priceWith(await readPricingReference(executor, groupType, date), groupType, date, 1, items);
}
