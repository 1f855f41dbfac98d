import { EVERY_SEAT_MESSAGE, type ArrangementPatternBody, type ArrangementPatternResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import {
  arrangementSeatTypes,
  deletePattern,
  findPattern,
  insertPattern,
  lockPattern,
  patternHasInventory,
  patternInUse,
  renamePattern,
  replacePattern,
  trainLayout,
} from './arrangement-patterns.repository.ts';

/**
 * Checks a pattern against its train: known cars, seats and types, each seat once, standing
 * places owned by a STANDING type within the car's capacity, and (last) every seat typed.
 */
async function checkPattern(work: Work, body: ArrangementPatternBody): Promise<void> {
  const layout = await trainLayout(work.tx, body.logical_train_id);
  if (!layout) throw invalid('logical_train_id', 'unknown train');
  const types = await arrangementSeatTypes(work.tx);
  const seen = new Set<string>();
  const carsSeen = new Set<number>();
  body.cars.forEach((car, i) => {
    const at = `cars.${i}`;
    const layoutCar = layout.cars.get(car.logical_car_id);
    if (!layoutCar) throw invalid(`${at}.logical_car_id`, `unknown car ${car.logical_car_id}`);
    if (carsSeen.has(car.logical_car_id)) throw invalid(`${at}.logical_car_id`, `car ${car.logical_car_id} is given twice`);
    carsSeen.add(car.logical_car_id);
    car.arrangements.forEach((a, j) => {
      const seatAt = `${at}.arrangements.${j}`;
      if (!layoutCar.seats.has(a.seat_id)) throw invalid(`${seatAt}.seat_id`, `unknown seat ${a.seat_id} in car ${car.logical_car_id}`);
      if (seen.has(a.seat_id)) throw invalid(`${seatAt}.seat_id`, `seat ${a.seat_id} is given twice`);
      seen.add(a.seat_id);
      const seatType = types.get(a.arrangement_type_id);
      if (!seatType) throw invalid(`${seatAt}.arrangement_type_id`, `unknown arrangement type ${a.arrangement_type_id}`);
      if (seatType === 'STANDING') throw invalid(`${seatAt}.arrangement_type_id`, 'a seat cannot take a standing type');
    });
    if (car.standing_capacity > layoutCar.standingCapacity) {
      throw invalid(`${at}.standing_capacity`, `at most ${layoutCar.standingCapacity}`);
    }
    if (car.standing_arrangement_type_id === null) {
      if (car.standing_capacity > 0) throw invalid(`${at}.standing_arrangement_type_id`, 'please select');
    } else {
      const seatType = types.get(car.standing_arrangement_type_id);
      if (!seatType) throw invalid(`${at}.standing_arrangement_type_id`, `unknown arrangement type ${car.standing_arrangement_type_id}`);
      if (seatType !== 'STANDING') throw invalid(`${at}.standing_arrangement_type_id`, 'choose a standing type');
    }
  });
  if (seen.size !== layout.seatCount) throw invalid('cars', EVERY_SEAT_MESSAGE);
}

function sameContent(before: ArrangementPatternResponse, body: ArrangementPatternBody): boolean {
  const key = (cars: ArrangementPatternBody['cars']) =>
    JSON.stringify(
      [...cars]
        .sort((a, b) => a.logical_car_id - b.logical_car_id)
        .map((c) => [
          c.logical_car_id,
          c.standing_arrangement_type_id === null ? 0 : c.standing_capacity,
          c.standing_arrangement_type_id,
          [...c.arrangements].sort((a, b) => a.seat_id.localeCompare(b.seat_id)).map((a) => [a.seat_id, a.arrangement_type_id]),
        ]),
    );
  return before.logical_train_id === body.logical_train_id && key(before.cars) === key(body.cars);
}

async function existing(work: Work, id: number): Promise<ArrangementPatternResponse> {
  if (!(await lockPattern(work.tx, id))) throw notFound('arrangement pattern');
  return (await findPattern(work.tx, id))!;
}

/** Arrangement patterns: which arrangement type owns each seat of a train formation. */
export function createArrangementPatternsService() {
  return {
    /** Creates a pattern; every seat of the train must have a type. */
    async createArrangementPattern(work: Work, body: ArrangementPatternBody): Promise<ArrangementPatternResponse> {
      await checkPattern(work, body);
      const id = await insertPattern(work.tx, body);
      return (await findPattern(work.tx, id))!;
    },

    /**
     * Replaces a pattern. A pattern used by an application term may only be renamed: the inventory
     * built from it would silently disagree, so a new layout goes through a new pattern and an
     * (approved) application term.
     */
    async updateArrangementPattern(work: Work, id: number, body: ArrangementPatternBody): Promise<ArrangementPatternResponse> {
      const before = await existing(work, id);
      await checkPattern(work, body);
      if (sameContent(before, body)) {
        await renamePattern(work.tx, id, body.name);
      } else {
        if (before.is_in_use || (await patternHasInventory(work.tx, id))) {
          throw new AppError('CONFLICT', 'the pattern is used by an arrangement application term: only its name can be changed; create a new pattern and apply it instead');
        }
        await replacePattern(work.tx, id, body);
      }
      return (await findPattern(work.tx, id))!;
    },

    /** Deletes a pattern that no application term (and no built inventory) uses. */
    async deleteArrangementPattern(work: Work, id: number): Promise<void> {
      await existing(work, id);
      if (await patternInUse(work.tx, id)) throw new AppError('CONFLICT', 'the pattern is used by an arrangement application term and cannot be deleted');
      if (await patternHasInventory(work.tx, id)) throw new AppError('CONFLICT', 'inventory was built from the pattern; it cannot be deleted');
      await deletePattern(work.tx, id);
    },
  };
}
