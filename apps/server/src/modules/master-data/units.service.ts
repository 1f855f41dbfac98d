import { unitNameIn, type CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import { isPassengerFare, type Unit } from '@sagano/domain/reference/reference-schemas';
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { findUnitNamed, findUnitOf, insertUnit, lockUnits } from './units.repository.ts';

/** Fare units (what a pricing plan prices). */
export function createUnitsService() {
  return {
    /**
     * Adds a fare unit. A passenger fare once per segment × annotation × fare type, and no two units
     * of a segment with the same Japanese name (409 UNIT_ALREADY_EXISTS; luggage and fee units are
     * told apart by name). A priced unit (not FREE) is then missing from its segment's pricing plans
     * until a plan prices it: bookings of it are refused "has no price", and a plan saved again must
     * price it.
     */
    async createUnit(work: Work, input: CreateUnitBody): Promise<Unit> {
      await lockUnits(work.tx);
      const existing = isPassengerFare(input.fare_type) ? await findUnitOf(work.tx, input) : undefined;
      if (existing) {
        throw new AppError('UNIT_ALREADY_EXISTS', `unit ${existing.id} is already ${input.segment} × ${input.annotation} × ${input.fare_type}`, 'fare_type');
      }
      const nameJa = unitNameIn(input.name_label, 'ja')!;
      const named = await findUnitNamed(work.tx, input.segment, nameJa);
      if (named) {
        throw new AppError('UNIT_ALREADY_EXISTS', `unit ${named.id} of the ${input.segment} segment is already named 「${nameJa}」`, 'name_label');
      }
      return insertUnit(work.tx, input);
    },
  };
}
