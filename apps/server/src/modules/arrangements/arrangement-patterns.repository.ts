import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ArrangementPatternBody, ArrangementPatternResponse, ArrangementPatternSummary } from '@sagano/domain/arrangements/arrangement-schemas';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export interface TrainLayout {
  cars: Map<number, { standingCapacity: number; seats: Set<string> }>;
  seatCount: number;
}

/** The cars and seats of a train, for checking a pattern against it; undefined for an unknown train. */
export async function trainLayout(db: Executor, trainId: number): Promise<TrainLayout | undefined> {
  const [train] = await db.select({ id: t.trains.trainId }).from(t.trains).where(eq(t.trains.trainId, trainId));
  if (!train) return undefined;
  const [cars, seats] = await readAll(db, [
    () => db.select().from(t.cars).where(eq(t.cars.trainId, trainId)),
    () => db.select({ seatId: t.seats.seatId, logicalCarId: t.seats.logicalCarId }).from(t.seats).where(eq(t.seats.trainId, trainId)),
  ] as const);
  const layout: TrainLayout = { cars: new Map(), seatCount: seats.length };
  for (const c of cars) layout.cars.set(c.logicalCarId, { standingCapacity: c.standingCapacity, seats: new Set() });
  for (const s of seats) layout.cars.get(s.logicalCarId)?.seats.add(s.seatId);
  return layout;
}

/** arrangement_type_id → seat_type. */
export async function arrangementSeatTypes(db: Executor): Promise<Map<number, string>> {
  const rows = await db.select({ id: t.arrangementTypes.arrangementTypeId, seatType: t.arrangementTypes.seatType }).from(t.arrangementTypes);
  return new Map(rows.map((r) => [r.id, r.seatType]));
}

const inUseSql = sql<boolean>`exists (select 1 from ${t.arrangementApplications} a where a.arrangement_pattern_id = ${t.arrangementPatterns.id})`;

export async function listPatterns(db: Executor): Promise<ArrangementPatternSummary[]> {
  const [patterns, counts, standings] = await readAll(db, [
    () => db
      .select({ id: t.arrangementPatterns.id, name: t.arrangementPatterns.name, trainId: t.arrangementPatterns.logicalTrainId, updatedAt: t.arrangementPatterns.updatedAt, inUse: inUseSql })
      .from(t.arrangementPatterns)
      .orderBy(asc(t.arrangementPatterns.id)),
    () => db
      .select({ id: t.arrangementPatternSeats.arrangementPatternId, typeId: t.arrangementPatternSeats.arrangementTypeId, seats: count() })
      .from(t.arrangementPatternSeats)
      .innerJoin(t.arrangementTypes, eq(t.arrangementTypes.arrangementTypeId, t.arrangementPatternSeats.arrangementTypeId))
      .groupBy(t.arrangementPatternSeats.arrangementPatternId, t.arrangementPatternSeats.arrangementTypeId, t.arrangementTypes.displayOrder)
      .orderBy(asc(t.arrangementTypes.displayOrder)),
    () => db
      .select({ id: t.arrangementPatternStandings.arrangementPatternId, capacity: sql<number>`sum(${t.arrangementPatternStandings.capacity})::int` })
      .from(t.arrangementPatternStandings)
      .groupBy(t.arrangementPatternStandings.arrangementPatternId),
  ] as const);
  return patterns.map((p) => ({
    arrangement_pattern_id: p.id,
    name: p.name,
    logical_train_id: p.trainId,
    seat_counts: counts.filter((c) => c.id === p.id).map((c) => ({ arrangement_type_id: c.typeId, seats: c.seats })),
    standing_capacity: standings.find((s) => s.id === p.id)?.capacity ?? 0,
    is_in_use: Boolean(p.inUse),
    updated_at: p.updatedAt.toISOString(),
  }));
}

export async function findPattern(db: Executor, id: number): Promise<ArrangementPatternResponse | undefined> {
  const [pattern] = await db
    .select({ id: t.arrangementPatterns.id, name: t.arrangementPatterns.name, trainId: t.arrangementPatterns.logicalTrainId, createdAt: t.arrangementPatterns.createdAt, updatedAt: t.arrangementPatterns.updatedAt, inUse: inUseSql })
    .from(t.arrangementPatterns)
    .where(eq(t.arrangementPatterns.id, id));
  if (!pattern) return undefined;
  const [cars, seats, standings] = await readAll(db, [
    () => db.select({ logicalCarId: t.cars.logicalCarId }).from(t.cars).where(eq(t.cars.trainId, pattern.trainId)).orderBy(asc(t.cars.logicalCarId)),
    () => db
      .select({ seatId: t.seats.seatId, logicalCarId: t.seats.logicalCarId, typeId: t.arrangementPatternSeats.arrangementTypeId })
      .from(t.arrangementPatternSeats)
      .innerJoin(t.seats, and(eq(t.seats.trainId, pattern.trainId), eq(t.seats.seatId, t.arrangementPatternSeats.seatId)))
      .where(eq(t.arrangementPatternSeats.arrangementPatternId, id))
      .orderBy(asc(t.seats.logicalCarId), asc(t.seats.row), asc(t.seats.letter)),
    () => db.select().from(t.arrangementPatternStandings).where(eq(t.arrangementPatternStandings.arrangementPatternId, id)),
  ] as const);
  return {
    arrangement_pattern_id: pattern.id,
    name: pattern.name,
    logical_train_id: pattern.trainId,
    cars: cars.map((c) => {
      const standing = standings.find((s) => s.logicalCarId === c.logicalCarId);
      return {
        logical_car_id: c.logicalCarId,
        standing_capacity: standing?.capacity ?? 0,
        standing_arrangement_type_id: standing?.arrangementTypeId ?? null,
        arrangements: seats.filter((s) => s.logicalCarId === c.logicalCarId).map((s) => ({ seat_id: s.seatId, arrangement_type_id: s.typeId })),
      };
    }),
    is_in_use: Boolean(pattern.inUse),
    created_at: pattern.createdAt.toISOString(),
    updated_at: pattern.updatedAt.toISOString(),
  };
}

/** Locks the pattern row for the rest of the transaction (edits and deletes queue behind each other). */
export async function lockPattern(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: t.arrangementPatterns.id }).from(t.arrangementPatterns).where(eq(t.arrangementPatterns.id, id)).for('update');
  return rows.length > 0;
}

export async function patternInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.arrangementApplications).where(eq(t.arrangementApplications.arrangementPatternId, id));
  return (row?.n ?? 0) > 0;
}

/** Whether inventory was built from the pattern (the row it was built from must stay). */
export async function patternHasInventory(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.serviceDayInventories).where(eq(t.serviceDayInventories.arrangementPatternId, id));
  return (row?.n ?? 0) > 0;
}

async function writeContent(db: Executor, id: number, body: ArrangementPatternBody): Promise<void> {
  const seatRows = body.cars.flatMap((c) => c.arrangements.map((a) => ({ arrangementPatternId: id, seatId: a.seat_id, arrangementTypeId: a.arrangement_type_id })));
  if (seatRows.length) await db.insert(t.arrangementPatternSeats).values(seatRows);
  const standingRows = body.cars
    .filter((c) => c.standing_arrangement_type_id !== null)
    .map((c) => ({ arrangementPatternId: id, logicalCarId: c.logical_car_id, arrangementTypeId: c.standing_arrangement_type_id!, capacity: c.standing_capacity }));
  if (standingRows.length) await db.insert(t.arrangementPatternStandings).values(standingRows);
}

export async function insertPattern(db: Executor, body: ArrangementPatternBody): Promise<number> {
  const [row] = await db.insert(t.arrangementPatterns).values({ name: body.name, logicalTrainId: body.logical_train_id }).returning({ id: t.arrangementPatterns.id });
  await writeContent(db, row!.id, body);
  return row!.id;
}

export async function replacePattern(db: Executor, id: number, body: ArrangementPatternBody): Promise<void> {
  await db.update(t.arrangementPatterns).set({ name: body.name, logicalTrainId: body.logical_train_id, updatedAt: new Date() }).where(eq(t.arrangementPatterns.id, id));
  await db.delete(t.arrangementPatternSeats).where(eq(t.arrangementPatternSeats.arrangementPatternId, id));
  await db.delete(t.arrangementPatternStandings).where(eq(t.arrangementPatternStandings.arrangementPatternId, id));
  await writeContent(db, id, body);
}

export async function renamePattern(db: Executor, id: number, name: string): Promise<void> {
  await db.update(t.arrangementPatterns).set({ name, updatedAt: new Date() }).where(eq(t.arrangementPatterns.id, id));
}

export async function deletePattern(db: Executor, id: number): Promise<void> {
  await db.delete(t.arrangementPatterns).where(eq(t.arrangementPatterns.id, id));
}

/** The patterns among `ids` that exist, with their train. */
export async function patternTrains(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: t.arrangementPatterns.id, trainId: t.arrangementPatterns.logicalTrainId }).from(t.arrangementPatterns).where(inArray(t.arrangementPatterns.id, ids));
  return new Map(rows.map((r) => [r.id, r.trainId]));
}
