import { and, eq, max, sql } from 'drizzle-orm';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import type { CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** Serialises unit creation: the id (max + 1) and the one-per-combination check see every unit. */
export async function lockUnits(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${t.units} in share row exclusive mode`);
}

/** The passenger unit (ADULT, CHILD) of a segment × annotation × fare type, if there is one. */
export async function findUnitOf(db: Executor, key: Pick<Unit, 'segment' | 'annotation' | 'fare_type'>): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: t.units.id })
    .from(t.units)
    .where(and(eq(t.units.segment, key.segment), eq(t.units.annotation, key.annotation), eq(t.units.fareType, key.fare_type)));
  return row;
}

/** The unit of a segment with this Japanese name (the expression of units_name_ja_uq), if there is one. */
export async function findUnitNamed(db: Executor, segment: Unit['segment'], nameJa: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: t.units.id })
    .from(t.units)
    .where(and(eq(t.units.segment, segment), sql`(jsonb_path_query_first(${t.units.nameLabel}, '$[*] ? (@.language_id == "ja").text') #>> '{}') = ${nameJa}`));
  return row;
}

/** Inserts the unit with the next id (the table has no sequence: ids are the seed's 1–20 and on). */
export async function insertUnit(db: Executor, input: CreateUnitBody): Promise<Unit> {
  const [top] = await db.select({ id: max(t.units.id) }).from(t.units);
  const id = (top?.id ?? 0) + 1;
  await db.insert(t.units).values({
    id,
    displayOrder: input.display_order,
    nameLabel: input.name_label,
    segment: input.segment,
    annotation: input.annotation,
    fareType: input.fare_type,
    countInclusive: input.count_inclusive,
    autoCalculated: input.auto_calculated,
  });
  return { id, ...input };
}
