/**
 * The writes of a booking's own rows (bookings, booking_services, booking_units,
 * booking_wheelchairs, booking_histories), which booking-core owns (ADR 024): the submission's
 * one statement, a change's rewrite of its trains, units and wheelchairs, and the held counts of
 * its directions. The modules above call these, in their transaction and at the same point of it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { roomsOfAgentData, roomsOfNotification } from '@sagano/domain/realtime/realtime-events';
import type { Executor } from '../../db/client.ts';
import { jsonParam, rowsOf } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import * as t from '../../db/schema.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { newBookingNotificationsSql } from '../notifications/index.ts';

/** A submitted booking with everything under it, as insertBookingGraph writes it. */
export interface NewBooking {
  bookingId: string;
  bookingToken: string;
  agentId: number;
  agentSubGroupId: number;
  status: string;
  waitListing: boolean;
  groupType: string;
  groupName: string;
  group: unknown;
  applicant: unknown;
  tourConductor: unknown;
  author: unknown;
  note: string;
  operatorName: string;
  participantQuantity: number;
  totalAmountE6: number;
  externalIdempotentId: string | null;
  /** The request's canonical hash, kept only with an external_idempotent_id (it decides a replay). */
  requestHash: string | null;
  createdBy: string;
  /** How the request came in (PORTAL, API, OCTO, BACK_OFFICE; ADR 037). */
  channel: string;
  services: { direction: string; service_date: string; service_id: number; from_station_id: number; to_station_id: number }[];
  units: { unit_id: number; quantity: number; calculated_quantity: number; unit_price_e6: number; subtotal_e6: number }[];
  wheelchairs: boolean[];
  /** The first history revision's snapshot. */
  snapshot: unknown;
  historyBy: string;
  /** Kinds of the admin booking notifications the submission raises. */
  notificationKinds: string[];
  /** The fare's insert over the new booking `b` (the payments module's priceFareSql). */
  fare: SQL;
}

/**
 * Writes the booking and everything under it in one statement, its fare too. Answers undefined when
 * a booking with the same number or the same idempotency key exists (nothing is written).
 */
export async function insertBookingGraph(db: Executor, b: NewBooking): Promise<{ id: number; booking_id: string } | undefined> {
  const days = b.services.map((s) => s.service_date).sort();
  const [row] = rowsOf<{ id: number; booking_id: string }>(
    await executePrepared(db, sql`
      with b as (
        insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, wait_listing, group_type, group_name,
                              "group", applicant, tour_conductor, author, note, operator_name, participant_quantity, total_amount_e6,
                              external_idempotent_id, request_hash, created_by, channel, first_service_date, last_service_date)
        values (${b.bookingId}, ${b.bookingToken}, ${b.agentId}, ${b.agentSubGroupId}, ${b.status}, 'INITIAL', ${b.waitListing}, ${b.groupType}, ${b.groupName},
                ${jsonParam(b.group)}::jsonb, ${jsonParam(b.applicant)}::jsonb, ${jsonParam(b.tourConductor)}::jsonb, ${jsonParam(b.author)}::jsonb, ${b.note}, ${b.operatorName},
                ${b.participantQuantity}, ${b.totalAmountE6}, ${b.externalIdempotentId}, ${b.requestHash}, ${b.createdBy}, ${b.channel},
                -- Its trains' dates as the trains' trigger would set them, so the new row is not written twice.
                ${days[0] ?? null}::date, ${days.at(-1) ?? null}::date)
        on conflict do nothing
        returning id, booking_id, agent_id, agent_sub_group_id
      ), services as (
        insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
        select b.id, x.direction, x.service_date, x.service_id, x.from_station_id, x.to_station_id
        from b, json_to_recordset(${JSON.stringify(b.services)}::json) as x(direction text, service_date date, service_id int, from_station_id int, to_station_id int)
      ), units as (
        insert into booking_units (booking_id, unit_id, quantity, calculated_quantity, unit_price_e6, subtotal_e6, record_largest_calculated_quantity)
        select b.id, x.unit_id, x.quantity, x.calculated_quantity, x.unit_price_e6, x.subtotal_e6, x.calculated_quantity
        from b, json_to_recordset(${JSON.stringify(b.units)}::json) as x(unit_id int, quantity int, calculated_quantity int, unit_price_e6 bigint, subtotal_e6 bigint)
      ), wheelchairs as (
        insert into booking_wheelchairs (booking_id, need_slope)
        select b.id, e.value::boolean from b, json_array_elements_text(${JSON.stringify(b.wheelchairs)}::json) with ordinality as e(value, ord)
        order by e.ord
      ), history as (
        insert into booking_histories (booking_id, revision, type, snapshot, created_by)
        select b.id, 1, 'CREATE', ${JSON.stringify(b.snapshot)}::jsonb, ${b.historyBy} from b
      ), notices as (
        ${newBookingNotificationsSql(b.notificationKinds)}
      ), fare as (
        ${b.fare}
      )
      select id, booking_id from b`),
  );
  if (row) {
    await publishRealtime(db, roomsOfAgentData(b), { type: 'booking.changed', booking_id: row.booking_id, revision: 1 });
    if (b.notificationKinds.length > 0) await publishRealtime(db, roomsOfNotification('ADMIN', null), { type: 'notification.changed', category: 'booking' });
  }
  return row;
}

/**
 * The held counts of one direction, written in the statement that holds its seats (inventory's
 * holdAllotments runs it when `done`, its verdict, is true).
 */
export function heldDirectionSql(bookingId: number, direction: string, heldGroup: number, heldWheelchair: number, done: SQL): SQL {
  return sql`update booking_services set held_group = ${heldGroup}, held_wheelchair = ${heldWheelchair}
                  where booking_id = ${bookingId} and direction = ${direction} and ${done}
                  returning 1`;
}

/** Nothing held any more on any direction (its allotments were just released). */
export async function clearHeld(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`update booking_services set held_group = 0, held_wheelchair = 0, held_standing = 0 where booking_id = ${id}`);
}

/** `delta` group seats of one direction became standing places (or back, when negative). */
export async function exchangeHeldStanding(tx: Executor, id: number, direction: string, delta: number, standing: number): Promise<void> {
  await tx.execute(sql`
    update booking_services set held_group = held_group - ${delta}, held_standing = ${standing}
    where booking_id = ${id} and direction = ${direction}`);
}

/** Seats given up one by one on the service day: the direction holds that many fewer. */
export async function lowerHeld(tx: Executor, id: number, direction: string, ordinary: number, wheelchairPlaces: number): Promise<void> {
  await tx.execute(sql`
      update booking_services set held_group = greatest(held_group - ${ordinary}, 0), held_wheelchair = greatest(held_wheelchair - ${wheelchairPlaces}, 0)
      where booking_id = ${id} and direction = ${direction}`);
}

/** A direction's segment moved to other stations. */
export async function moveSegment(tx: Executor, id: number, direction: string, fromStationId: number, toStationId: number): Promise<void> {
  await tx
    .update(t.bookingServices)
    .set({ fromStationId, toStationId })
    .where(sql`${t.bookingServices.bookingId} = ${id} and ${t.bookingServices.direction} = ${direction}`);
}

/** A change's trains, written over the booking's old ones. */
export async function replaceServices(tx: Executor, id: number, services: Omit<typeof t.bookingServices.$inferInsert, 'bookingId'>[]): Promise<void> {
  await tx.execute(sql`delete from booking_services where booking_id = ${id}`);
  await tx.insert(t.bookingServices).values(services.map((s) => ({ ...s, bookingId: id })));
}

/** A change's priced units, written over the old ones. */
export async function replaceUnits(tx: Executor, id: number, units: Omit<typeof t.bookingUnits.$inferInsert, 'bookingId'>[]): Promise<void> {
  await tx.execute(sql`delete from booking_units where booking_id = ${id}`);
  await tx.insert(t.bookingUnits).values(units.map((u) => ({ ...u, bookingId: id })));
}

/** A change's wheelchairs (whether each needs the slope), written over the old ones. */
export async function replaceWheelchairs(tx: Executor, id: number, needSlopes: readonly boolean[]): Promise<void> {
  await tx.execute(sql`delete from booking_wheelchairs where booking_id = ${id}`);
  if (needSlopes.length > 0) await tx.insert(t.bookingWheelchairs).values(needSlopes.map((needSlope) => ({ bookingId: id, needSlope })));
}

/** A change's people, group, note and price on the booking row; a person's version counts the changes of their data. */
export async function writeChangedBooking(
  tx: Executor,
  id: number,
  change: { applicant: unknown; tourConductor: unknown; group: unknown; groupType: string; groupName: string; note: string; participantQuantity: number; totalAmountE6: number; trainsChanged: boolean },
): Promise<void> {
  const { applicant, tourConductor } = change;
  await tx
    .update(t.bookings)
    .set({
      applicant,
      tourConductor,
      // jsonb compares values, not key order.
      applicantVersion: sql`${t.bookings.applicantVersion} + case when ${t.bookings.applicant} is distinct from ${JSON.stringify(applicant)}::jsonb then 1 else 0 end`,
      tourConductorVersion: sql`${t.bookings.tourConductorVersion} + case when ${t.bookings.tourConductor} is distinct from ${tourConductor === null ? null : JSON.stringify(tourConductor)}::jsonb then 1 else 0 end`,
      group: change.group,
      groupType: change.groupType,
      groupName: change.groupName,
      note: change.note,
      participantQuantity: change.participantQuantity,
      totalAmountE6: change.totalAmountE6,
      updateCount: sql`${t.bookings.updateCount} + ${change.trainsChanged ? 1 : 0}`,
    })
    .where(eq(t.bookings.id, id));
}

/** Marks the booking (when one) as made by the bulk run `bulkId`, inside the run's statement that finishes its line. */
export function markBulkReservationSql(bulkId: number, bookingId: string | null): SQL {
  return sql`update bookings set bulk_reservation_id = ${bulkId} where ${bookingId}::text is not null and booking_id = ${bookingId}`;
}
