/**
 * The octo module's statements (ADR 039): the products sold over OCTO, the trains of a direction
 * with their group seats left, the prices of a day, and the reseller bookings (octo_bookings),
 * which only this module writes.
 */
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { OctoHoldStatus } from '@sagano/domain/octo/octo-constants';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookings, octoBookings, type OctoContactRow, type OctoUnitItemRow } from '../../db/schema.ts';
import { GROUP_TYPE_ID_SQL, LOCK_TIMEOUT_SQL, vacantOnLegsSql, capacityOnLegsSql } from '../inventory/index.ts';
import { runningServiceDaysSql } from '../timetable/index.ts';

export type OctoBookingRow = typeof octoBookings.$inferSelect;
export type NewOctoBooking = typeof octoBookings.$inferInsert;

export interface OctoProductRow {
  id: number;
  short_name: string;
  labels: LocalizedLabel[];
  service_date_from: string | null;
  service_date_to: string | null;
}

/** The products the operator sells over OCTO: those whose channel is OCTO, by priority. */
export async function octoProducts(db: Executor, productId?: number): Promise<OctoProductRow[]> {
  return rowsOf<OctoProductRow>(
    await db.execute(sql`
      select id, short_name, labels, service_date_from::text as service_date_from, service_date_to::text as service_date_to
      from products where channel = 'OCTO' ${productId === undefined ? sql`` : sql`and id = ${productId}`}
      order by priority, id`),
  );
}

export interface OctoUnitRow {
  id: number;
  segment: string;
  annotation: string;
  fare_type: string;
  name_label: LocalizedLabel[];
}

/** The passenger units (adults and children of each segment): OCTO's units; luggage and fees are not travellers. */
export async function passengerUnits(db: Executor): Promise<OctoUnitRow[]> {
  return rowsOf<OctoUnitRow>(
    await db.execute(sql`
      select id, segment, annotation, fare_type, name_label from units
      where fare_type in ('ADULT', 'CHILD') order by display_order, id`),
  );
}

/** The unit prices of the pricing plan covering each day of a range, per segment (no plan: no row). */
export async function unitPricesBetween(db: Executor, fromDate: string, toDate: string): Promise<{ service_date: string; segment: string; unit_id: number; price_e6: number }[]> {
  return rowsOf<{ service_date: string; segment: string; unit_id: number; price_e6: string | number }>(
    await db.execute(sql`
      select d::date::text as service_date, p.segment, pu.unit_id, pu.price_e6
      from generate_series(${fromDate}::date, ${toDate}::date, interval '1 day') d
      join lateral (
        select distinct on (segment) id, segment from pricing_plans
        where service_date_from <= d::date::text and service_date_to >= d::date::text
        order by segment, id desc
      ) p on true
      join pricing_plan_units pu on pu.pricing_plan_id = p.id`),
  ).map((r) => ({ ...r, price_e6: Number(r.price_e6) }));
}

/** The operator's name and contact (the OCTO supplier), and the smallest group it sells to. */
export async function operatorInfo(db: Executor): Promise<{ name: string; tel: string; address: string; business_hours: string; min_group_size: number } | undefined> {
  const [row] = rowsOf<{ name: string; tel: string; address: string; business_hours: string; min_group_size: number }>(
    await db.execute(sql`select name, tel, address, business_hours, min_group_size from operator_basic_info where id = 1`),
  );
  return row ? { ...row, min_group_size: Number(row.min_group_size) } : undefined;
}

/** The cancellation policy's steps, the latest first (days before the service date, rate). */
export async function cancellationSteps(db: Executor): Promise<{ days_before: number; rate_e6: number }[]> {
  return rowsOf<{ days_before: number; rate_e6: number }>(await db.execute(sql`select days_before, rate_e6 from cancellation_policies order by days_before desc`));
}

export interface DepartureRow {
  service_date: string;
  service_id: number;
  /** The departure (HH:mm) from the segment's first station. */
  departure_hhmm: string;
  /** The arrival (HH:mm) at the segment's last station. */
  arrival_hhmm: string | null;
  day_status: string | null;
  has_inventory: boolean;
  vacant: number;
  capacity: number;
}

/**
 * The trains of a direction running between two dates that stop at both stations of the segment,
 * with the group seats left on every leg of it (the smallest over the legs) and what can be held
 * at all; `departure` narrows to one train by its departure time.
 */
export async function departures(db: Executor, q: { fromDate: string; toDate: string; direction: 'down' | 'up'; fromStationId: number; toStationId: number; firstLeg: number; lastLeg: number; departure?: string }): Promise<DepartureRow[]> {
  const at = (station: number, column: 'departure_hhmm' | 'arrival_hhmm'): SQL =>
    sql`(select d.${sql.raw(column)} from diagram_items d where d.service_id = s.id and d.station_id = ${station}::int order by d.display_order limit 1)`;
  const rows = rowsOf<Omit<DepartureRow, 'vacant' | 'capacity'> & { vacant: number | string | null; capacity: number | string | null }>(
    await db.execute(sql`
      select * from (
        select r.service_date::text as service_date, s.id as service_id,
               ${at(q.fromStationId, 'departure_hhmm')} as departure_hhmm,
               ${at(q.toStationId, 'arrival_hhmm')} as arrival_hhmm,
               st.status as day_status, i.arrangement_pattern_id is not null as has_inventory,
               ${vacantOnLegsSql(sql`r.service_date`, sql`s.id`, GROUP_TYPE_ID_SQL, sql`${q.firstLeg}::int`, sql`${q.lastLeg}::int`)} as vacant,
               ${capacityOnLegsSql(sql`r.service_date`, sql`s.id`, GROUP_TYPE_ID_SQL, sql`${q.firstLeg}::int`, sql`${q.lastLeg}::int`)} as capacity
        from ${runningServiceDaysSql(q.fromDate, q.toDate)} r
        join services s on s.id = r.service_id and s.direction = ${q.direction}
        left join service_day_statuses st on st.service_date = r.service_date and st.service_id = s.id
        left join service_day_inventories i on i.service_date = r.service_date and i.service_id = s.id
      ) t
      where departure_hhmm is not null ${q.departure === undefined ? sql`` : sql`and departure_hhmm = ${q.departure}`}
      order by service_date, departure_hhmm, service_id`),
  );
  return rows.map((r) => ({ ...r, vacant: Number(r.vacant ?? 0), capacity: Number(r.capacity ?? 0) }));
}

/** The departure times (HH:mm) of a direction's trains from a station, in the timetables still running from `today` on. */
export async function startTimes(db: Executor, direction: 'down' | 'up', fromStationId: number, today: string): Promise<string[]> {
  return rowsOf<{ hhmm: string }>(
    await db.execute(sql`
      select distinct d.departure_hhmm as hhmm
      from services s
      join service_terms st on st.id = s.service_term_id and st.to_date >= ${today}
      join diagram_items d on d.service_id = s.id and d.station_id = ${fromStationId}::int and d.departure_hhmm is not null
      where s.direction = ${direction}
      order by 1`),
  ).map((r) => r.hhmm);
}

/** The group allotment's and the wheelchair places' arrangement types (the seat check of a hold needs both). */
export async function seatTypes(db: Executor): Promise<{ group: number | null; wheelchair: number | null }> {
  const [row] = rowsOf<{ group_id: number | null; wheelchair_id: number | null }>(
    await db.execute(sql`
      select ${GROUP_TYPE_ID_SQL} as group_id,
             (select arrangement_type_id from arrangement_types where seat_type = 'WHEELCHAIR' order by display_order, arrangement_type_id limit 1) as wheelchair_id`),
  );
  return { group: row?.group_id ?? null, wheelchair: row?.wheelchair_id ?? null };
}

export async function insertOctoBooking(tx: Executor, row: NewOctoBooking): Promise<OctoBookingRow> {
  const [inserted] = await tx.insert(octoBookings).values(row).returning();
  return inserted!;
}

/** A reseller booking of one agent (another agent's is not found), locked for a change when `lock`. */
export async function findOctoBooking(db: Executor, agentId: number, uuid: string, lock = false): Promise<OctoBookingRow | undefined> {
  const query = db.select().from(octoBookings).where(and(eq(octoBookings.uuid, uuid), eq(octoBookings.agentId, agentId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The reseller booking that became this booking (by its public number), of whichever agent: undefined when it was not booked over OCTO. */
export async function findOctoBookingOfBooking(db: Executor, publicBookingId: string): Promise<OctoBookingRow | undefined> {
  const [row] = await db.select({ o: octoBookings }).from(octoBookings).innerJoin(bookings, eq(bookings.id, octoBookings.bookingId)).where(eq(bookings.bookingId, publicBookingId));
  return row?.o;
}

export async function lockOctoBooking(tx: Executor, uuid: string): Promise<OctoBookingRow | undefined> {
  const [row] = await tx.select().from(octoBookings).where(eq(octoBookings.uuid, uuid)).for('update');
  return row;
}

export interface OctoBookingPatch {
  productId?: number;
  optionId?: string;
  groupType?: string;
  direction?: 'down' | 'up';
  fromStationId?: number;
  toStationId?: number;
  holdStatus?: OctoHoldStatus;
  heldSeats?: number;
  utcExpiresAt?: Date;
  unitItems?: OctoUnitItemRow[];
  availabilityId?: string;
  serviceDate?: string;
  serviceId?: number;
  resellerReference?: string | null;
  contact?: OctoContactRow | null;
  notes?: string | null;
  bookingId?: number;
  confirmedAt?: Date;
  cancelledAt?: Date;
  cancellationReason?: string | null;
}

export async function updateOctoBooking(tx: Executor, uuid: string, patch: OctoBookingPatch): Promise<OctoBookingRow> {
  const [row] = await tx.update(octoBookings).set({ ...patch, updatedAt: new Date() }).where(eq(octoBookings.uuid, uuid)).returning();
  return row!;
}

/** The agent's head office (its root group): where a key of the whole agent books. */
export async function rootGroupOf(db: Executor, agentId: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from agent_groups where agent_id = ${agentId} and is_root`));
  return row!.id;
}

/** A hold waits at most 5 s for a counter row, then fails (409 "try again"), as every hold does. */
export async function setLockTimeout(tx: Executor): Promise<void> {
  await tx.execute(sql`select ${LOCK_TIMEOUT_SQL}`);
}

/** Who made an API key (the agent admin's e-mail): a booking's applicant address when the reseller sends none. */
export async function keyCreatorEmail(db: Executor, keyId: number): Promise<string | null> {
  const [row] = rowsOf<{ created_by: string }>(await db.execute(sql`select created_by from api_keys where id = ${keyId}`));
  return row?.created_by ?? null;
}

/** The holds whose time ran out, oldest first (the expiry job's work list). */
export async function expiredHolds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ uuid: octoBookings.uuid })
    .from(octoBookings)
    .where(and(eq(octoBookings.holdStatus, 'ON_HOLD'), lte(octoBookings.utcExpiresAt, now)))
    .orderBy(asc(octoBookings.utcExpiresAt))
    .limit(limit);
  return rows.map((r) => r.uuid);
}

export interface OctoListFilter {
  agentId: number;
  agentSubGroupId: number | null;
  resellerReference?: string | undefined;
  supplierReference?: string | undefined;
  localDate?: string | undefined;
  localDateStart?: string | undefined;
  localDateEnd?: string | undefined;
  productId?: number | undefined;
  optionId?: string | undefined;
}

/** A caller's reseller bookings (its agent's; a branch's key its branch's only), newest first, at most 500. */
export async function listOctoBookings(db: Executor, f: OctoListFilter): Promise<OctoBookingRow[]> {
  const where: SQL[] = [sql`o.agent_id = ${f.agentId}`];
  if (f.agentSubGroupId !== null) where.push(sql`o.agent_sub_group_id = ${f.agentSubGroupId}`);
  if (f.resellerReference !== undefined) where.push(sql`o.reseller_reference = ${f.resellerReference}`);
  if (f.supplierReference !== undefined) where.push(sql`(b.booking_id = ${f.supplierReference} or o.uuid::text = ${f.supplierReference})`);
  if (f.localDate !== undefined) where.push(sql`o.service_date = ${f.localDate}::date`);
  if (f.localDateStart !== undefined) where.push(sql`o.service_date >= ${f.localDateStart}::date`);
  if (f.localDateEnd !== undefined) where.push(sql`o.service_date <= ${f.localDateEnd}::date`);
  if (f.productId !== undefined) where.push(sql`o.product_id = ${f.productId}`);
  if (f.optionId !== undefined) where.push(sql`o.option_id = ${f.optionId}`);
  const uuids = rowsOf<{ uuid: string }>(
    await db.execute(sql`
      select o.uuid from octo_bookings o left join bookings b on b.id = o.booking_id
      where ${sql.join(where, sql` and `)}
      order by o.created_at desc, o.uuid limit 500`),
  ).map((r) => r.uuid);
  if (uuids.length === 0) return [];
  const rows = await db.select().from(octoBookings).where(sql`${octoBookings.uuid} in (${sql.join(uuids.map((u) => sql`${u}::uuid`), sql`, `)})`).orderBy(desc(octoBookings.createdAt), asc(octoBookings.uuid));
  return rows;
}

/** The ordinary booking behind a confirmed reseller booking: its public number, status, amount and cancellation. */
export interface OctoBookingState {
  id: number;
  booking_id: string;
  status: string;
  sub_status: string;
  total_amount_e6: number;
  cancellation_fee_e6: number | null;
  participant_quantity: number;
  pending_change: boolean;
}

export async function bookingStates(db: Executor, ids: readonly number[]): Promise<Map<number, OctoBookingState>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<OctoBookingState & { total_amount_e6: string | number; cancellation_fee_e6: string | number | null }>(
    await db.execute(sql`
      select id, booking_id, status, sub_status, total_amount_e6, cancellation_fee_e6, participant_quantity, pending_change is not null as pending_change
      from bookings where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  return new Map(rows.map((r) => [r.id, { ...r, total_amount_e6: Number(r.total_amount_e6), cancellation_fee_e6: r.cancellation_fee_e6 === null ? null : Number(r.cancellation_fee_e6) }]));
}
