import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DiagramItemResponse, ServiceBody, ServiceDayPattern } from '@sagano/domain/timetable/timetable-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ServiceTermRow = typeof t.serviceTerms.$inferSelect;
export type ServiceRow = typeof t.services.$inferSelect;
export interface ServiceWithDiagram extends ServiceRow {
  diagramItems: DiagramItemResponse[];
}

// ---------- terms ----------

export async function listServiceTerms(db: Executor): Promise<ServiceTermRow[]> {
  return db.select().from(t.serviceTerms).orderBy(asc(t.serviceTerms.fromDate));
}

export async function findServiceTerm(db: Executor, id: number): Promise<ServiceTermRow | undefined> {
  const [row] = await db.select().from(t.serviceTerms).where(eq(t.serviceTerms.id, id));
  return row;
}

export async function overlappingTermExists(db: Executor, fromDate: string, toDate: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.serviceTerms.id })
    .from(t.serviceTerms)
    .where(and(sql`${t.serviceTerms.fromDate} <= ${toDate}::date`, sql`${t.serviceTerms.toDate} >= ${fromDate}::date`))
    .limit(1);
  return rows.length > 0;
}

export async function insertServiceTerm(db: Executor, fromDate: string, toDate: string): Promise<number> {
  const [row] = await db.insert(t.serviceTerms).values({ fromDate, toDate }).returning({ id: t.serviceTerms.id });
  return row!.id;
}

// ---------- services ----------

async function withDiagrams(db: Executor, services: ServiceRow[]): Promise<ServiceWithDiagram[]> {
  if (services.length === 0) return [];
  const items = await db
    .select()
    .from(t.diagramItems)
    .where(inArray(t.diagramItems.serviceId, services.map((s) => s.id)))
    .orderBy(asc(t.diagramItems.serviceId), asc(t.diagramItems.displayOrder));
  const byService = new Map<number, DiagramItemResponse[]>();
  for (const i of items) {
    const list = byService.get(i.serviceId) ?? [];
    list.push({ diagram_item_id: i.id, station_id: i.stationId, arrival_hhmm: i.arrivalHhmm, departure_hhmm: i.departureHhmm, display_order: i.displayOrder });
    byService.set(i.serviceId, list);
  }
  return services.map((s) => ({ ...s, diagramItems: byService.get(s.id) ?? [] }));
}

const serviceOrder = [asc(t.services.direction), asc(t.services.isSpecial), asc(t.services.displayOrder), asc(t.services.id)];

export async function listTermServices(db: Executor, serviceTermId: number): Promise<ServiceWithDiagram[]> {
  return withDiagrams(db, await db.select().from(t.services).where(eq(t.services.serviceTermId, serviceTermId)).orderBy(...serviceOrder));
}

export async function servicesByIds(db: Executor, ids: number[]): Promise<ServiceWithDiagram[]> {
  if (ids.length === 0) return [];
  return withDiagrams(db, await db.select().from(t.services).where(inArray(t.services.id, ids)).orderBy(...serviceOrder));
}

export async function findService(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ServiceRow | undefined> {
  const query = db.select().from(t.services).where(eq(t.services.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

function diagramRows(serviceId: number, body: ServiceBody) {
  return body.diagram_items.map((d, i) => ({
    serviceId,
    stationId: d.station_id,
    arrivalHhmm: i === 0 ? null : (d.arrival_hhmm ?? null),
    departureHhmm: i === body.diagram_items.length - 1 ? null : (d.departure_hhmm ?? null),
    displayOrder: i + 1,
  }));
}

export async function insertService(db: Executor, serviceTermId: number, body: ServiceBody): Promise<number> {
  const [row] = await db
    .insert(t.services)
    .values({ serviceTermId, names: body.names, direction: body.direction, isSpecial: body.is_special, logicalTrainId: body.logical_train_id, displayOrder: body.display_order })
    .returning({ id: t.services.id });
  await db.insert(t.diagramItems).values(diagramRows(row!.id, body));
  return row!.id;
}

export async function updateService(db: Executor, id: number, body: ServiceBody): Promise<void> {
  await db
    .update(t.services)
    .set({ names: body.names, direction: body.direction, isSpecial: body.is_special, logicalTrainId: body.logical_train_id, displayOrder: body.display_order, updatedAt: new Date() })
    .where(eq(t.services.id, id));
  await db.delete(t.diagramItems).where(eq(t.diagramItems.serviceId, id));
  await db.insert(t.diagramItems).values(diagramRows(id, body));
}

export async function deleteService(db: Executor, id: number): Promise<void> {
  await db.delete(t.services).where(eq(t.services.id, id));
}

/** Why each of the services may not be deleted: built inventory or seats held/assigned on it. */
export async function serviceDependencies(db: Executor, ids: number[]): Promise<Map<number, { inventoryDays: number; seatAssignments: number }>> {
  const result = new Map<number, { inventoryDays: number; seatAssignments: number }>();
  if (ids.length === 0) return result;
  const rows = rowsOf<{ service_id: number; inventory_days: number; seat_assignments: number }>(
    await db.execute(sql`
      select s.id as service_id,
        (select count(*)::int from service_day_inventories i where i.service_id = s.id) as inventory_days,
        (select count(*)::int from seat_assignments a where a.service_id = s.id) as seat_assignments
      from services s where s.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  for (const r of rows) result.set(Number(r.service_id), { inventoryDays: Number(r.inventory_days), seatAssignments: Number(r.seat_assignments) });
  return result;
}

export async function directionStationOrder(db: Executor, directionId: Direction): Promise<number[]> {
  const [row] = await db.select({ order: t.directions.stationOrder }).from(t.directions).where(eq(t.directions.directionId, directionId));
  return row?.order ?? [];
}

// ---------- calendar ----------

/** Stored patterns from `fromDate` to `toDate`; a day without a row runs nothing (shown as DISABLED). */
export async function patternsBetween(db: Executor, fromDate: string, toDate: string): Promise<Map<string, ServiceDayPattern>> {
  const rows = await db
    .select()
    .from(t.serviceDayPatterns)
    .where(and(sql`${t.serviceDayPatterns.serviceDate} between ${fromDate}::date and ${toDate}::date`));
  return new Map(rows.map((r) => [r.serviceDate, r.pattern as ServiceDayPattern]));
}

export async function upsertPatterns(db: Executor, days: { date: string; service_pattern: ServiceDayPattern }[]): Promise<void> {
  if (days.length === 0) return;
  await db
    .insert(t.serviceDayPatterns)
    .values(days.map((d) => ({ serviceDate: d.date, pattern: d.service_pattern })))
    .onConflictDoUpdate({ target: t.serviceDayPatterns.serviceDate, set: { pattern: sql`excluded.pattern` } });
}

export async function specialDayServicesBetween(db: Executor, fromDate: string, toDate: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select()
    .from(t.specialDayServices)
    .where(sql`${t.specialDayServices.serviceDate} between ${fromDate}::date and ${toDate}::date`)
    .orderBy(asc(t.specialDayServices.serviceDate), asc(t.specialDayServices.serviceId));
  const map = new Map<string, number[]>();
  for (const r of rows) map.set(r.serviceDate, [...(map.get(r.serviceDate) ?? []), r.serviceId]);
  return map;
}

export async function replaceSpecialDayServices(db: Executor, days: { date: string; service_ids: number[] }[]): Promise<void> {
  if (days.length === 0) return;
  await db.delete(t.specialDayServices).where(inArray(t.specialDayServices.serviceDate, days.map((d) => d.date)));
  const rows = days.flatMap((d) => d.service_ids.map((serviceId) => ({ serviceDate: d.date, serviceId })));
  if (rows.length) await db.insert(t.specialDayServices).values(rows);
}
