import type { CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { findUnitOf, insertUnit, lockUnits } from './units.repository.ts';

/**
 * Adds a fare unit. One unit per segment × annotation × fare type (409 UNIT_ALREADY_EXISTS).
 * A priced unit (not FREE) is then missing from its segment's pricing plans until a plan prices
 * it: bookings of it are refused "has no price", and a plan saved again must price it.
 */
export async function createUnit(work: Work, input: CreateUnitBody): Promise<Unit> {
  await lockUnits(work.tx);
  const existing = await findUnitOf(work.tx, input);
  if (existing) {
    throw new AppError('UNIT_ALREADY_EXISTS', `unit ${existing.id} is already ${input.segment} × ${input.annotation} × ${input.fare_type}`, 'fare_type');
  }
  return insertUnit(work.tx, input);
}
