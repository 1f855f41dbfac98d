/**
 * Demo arrangement patterns and one application term (DESIGN §2–§3), from the first season of the
 * demo's years to the last running day of its last year (demo-calendar.ts). Inserted directly:
 * demo data does not go through approval. Runs after the demo timetable, in the same transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ArrangementPatternBody } from '@sagano/domain/arrangements/arrangement-schemas';
import type { Db, Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { DemoCalendar } from './demo-calendar.ts';
import { insertApplicationTerm, insertPattern } from '../../modules/arrangements/index.ts';
import { rebuildInventory } from '../../modules/inventory/index.ts';

const GROUP = 1;
const INDIVIDUAL = 2;
const AGENT_CONTRACT = 3;
const WHEELCHAIR = 4;
const STANDING = 5;

export const DEMO_PATTERN_NAMES = { standard: '標準', moreGroups: '団体多め' } as const;

type SeatRow = { seatId: string; logicalCarId: number; row: number; isWheelchair: boolean };

/** The type of each seat: cars 1–3 Group (car 3's wheelchair box Wheelchair), car 4 split or Group, car 5 Individual. */
function typeOf(seat: SeatRow, car4AllGroup: boolean): number {
  switch (seat.logicalCarId) {
    case 3:
      return seat.isWheelchair ? WHEELCHAIR : GROUP;
    case 4:
      if (car4AllGroup) return GROUP;
      return seat.row <= 8 ? INDIVIDUAL : AGENT_CONTRACT;
    case 5:
      return INDIVIDUAL;
    default:
      return GROUP;
  }
}

function patternBody(name: string, trainId: number, cars: { logicalCarId: number; standingCapacity: number }[], seats: SeatRow[], car4AllGroup: boolean): ArrangementPatternBody {
  return {
    name,
    logical_train_id: trainId,
    cars: cars.map((c) => ({
      logical_car_id: c.logicalCarId,
      standing_capacity: c.standingCapacity,
      standing_arrangement_type_id: c.standingCapacity > 0 ? STANDING : null,
      arrangements: seats.filter((s) => s.logicalCarId === c.logicalCarId).map((s) => ({ seat_id: s.seatId, arrangement_type_id: typeOf(s, car4AllGroup) })),
    })),
  };
}

export async function insertDemoArrangements(db: Db, tx: Tx, calendar: DemoCalendar): Promise<void> {
  const { term: demoTerm, application } = calendar;
  const [train] = await tx.select({ id: t.trains.trainId }).from(t.trains).orderBy(asc(t.trains.trainId)).limit(1);
  const trainId = train!.id;
  const cars = await tx.select({ logicalCarId: t.cars.logicalCarId, standingCapacity: t.cars.standingCapacity }).from(t.cars).where(eq(t.cars.trainId, trainId)).orderBy(asc(t.cars.logicalCarId));
  const seats = await tx
    .select({ seatId: t.seats.seatId, logicalCarId: t.seats.logicalCarId, row: t.seats.row, isWheelchair: t.seats.isWheelchair })
    .from(t.seats)
    .where(eq(t.seats.trainId, trainId));
  const standard = await insertPattern(tx, patternBody(DEMO_PATTERN_NAMES.standard, trainId, cars, seats, false));
  await insertPattern(tx, patternBody(DEMO_PATTERN_NAMES.moreGroups, trainId, cars, seats, true));

  const [term] = await tx
    .select({ id: t.serviceTerms.id })
    .from(t.serviceTerms)
    .where(and(eq(t.serviceTerms.fromDate, demoTerm.fromDate), eq(t.serviceTerms.toDate, demoTerm.toDate)));
  if (!term) return; // no demo timetable: nothing to apply the pattern to
  const services = await tx.select({ id: t.services.id }).from(t.services).where(and(eq(t.services.serviceTermId, term.id), eq(t.services.logicalTrainId, trainId)));
  if (!services.length) return;
  await insertApplicationTerm(tx, {
    serviceTermId: term.id,
    fromDate: application.fromDate,
    toDate: application.toDate,
    applications: services.map((s) => ({ service_id: s.id, arrangement_pattern_id: standard })),
  });
  await rebuildInventory({ db, tx, afterCommit: () => {}, enqueue: () => {} }, { fromDate: application.fromDate, toDate: application.toDate });
}
