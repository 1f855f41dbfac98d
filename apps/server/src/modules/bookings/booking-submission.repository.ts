/**
 * The two statements of a booking submission: one read of everything the request is checked
 * against (agent and branches, an earlier request with the same idempotency key, each train's
 * running, sales and vacancy on its legs, the pricing reference, the special contract terms
 * closed over its dates), and one write of the booking
 * with its trains, units, wheelchairs, first history revision, notifications and fare; then its live
 * updates (booking.changed; notification.changed to the operator when it notifies).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonParam, rowsOf } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { roomsOfAgentData, roomsOfNotification } from '@sagano/domain/realtime/realtime-events';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { capacityOnLegsSql, GROUP_TYPE_ID_SQL, vacantOnLegsSql } from '../inventory/index.ts';
import { runningServiceDaysSql } from '../timetable/index.ts';
import { closedTermsSql, type ClosedTerm } from './contract-term-deadline.ts';
import { pricingReferenceSql, type PricingReference } from './pricing-reference.ts';

export interface SubmitDirection {
  direction: 'down' | 'up';
  serviceDate: string;
  serviceId: number;
  /** The first and last leg of the segment (legs are contiguous). */
  firstLeg: number;
  lastLeg: number;
}

export interface SubmitContext {
  agent: { id: number; agent_type: string; ignore_cancellation_policy: boolean } | null;
  groups: { id: number; is_root: boolean }[];
  existing: { booking_id: string; request_hash: string | null; agent_sub_group_id: number } | null;
  group_type_id: number | null;
  services: {
    /** The train's direction, or null for an unknown train. */
    direction: 'down' | 'up' | null;
    running: boolean;
    day_status: string | null;
    arrangement_pattern_id: number | null;
    /** Group seats free on every leg of the segment (0 when a leg has no counter). */
    vacant: number;
    /** The group allotment of the segment on the train, whatever is taken (the smallest leg's; 0 when a leg has no counter). */
    capacity: number;
  }[];
  /** The operator's minimum group size (participants). */
  min_group_size: number;
  pricing: PricingReference;
  /** The special contract terms closed before `closedTermsBefore` over the trains' dates (only when it is given). */
  closed_terms?: ClosedTerm[];
}

export async function readSubmitContext(
  db: Executor,
  input: { agentId: number; idempotentId: string | null; groupType: string; priceDate: string; directions: SubmitDirection[]; closedTermsBefore?: string | undefined },
): Promise<SubmitContext> {
  const dates = input.directions.map((d) => d.serviceDate).sort();
  const directions = JSON.stringify(
    input.directions.map((d, i) => ({ ord: i, service_date: d.serviceDate, service_id: d.serviceId, first_leg: d.firstLeg, last_leg: d.lastLeg })),
  );
  const [row] = rowsOf<SubmitContext>(
    await executePrepared(db, sql`
      with group_type as (
        select ${GROUP_TYPE_ID_SQL} as id
      ), dirs as (
        select * from json_to_recordset(${directions}::json) as d(ord int, service_date date, service_id int, first_leg int, last_leg int)
      ), running as ${runningServiceDaysSql(dates[0]!, dates[dates.length - 1]!)}
      select
        (select json_build_object('id', a.id, 'agent_type', a.agent_type, 'ignore_cancellation_policy', a.ignore_cancellation_policy)
           from agents a where a.id = ${input.agentId}) as agent,
        (select coalesce(json_agg(json_build_object('id', g.id, 'is_root', g.is_root) order by g.id), '[]')
           from agent_groups g where g.agent_id = ${input.agentId}) as groups,
        ${
          input.idempotentId === null
            ? sql`null::json`
            : sql`(select json_build_object('booking_id', x.booking_id, 'request_hash', x.request_hash, 'agent_sub_group_id', x.agent_sub_group_id)
                     from bookings x where x.agent_id = ${input.agentId} and x.external_idempotent_id = ${input.idempotentId})`
        } as existing,
        (select id from group_type) as group_type_id,
        (select b.min_group_size from operator_basic_info b where b.id = 1) as min_group_size,
        (select json_agg(json_build_object(
                  'direction', s.direction,
                  'running', exists (select 1 from running r where r.service_date = d.service_date and r.service_id = d.service_id),
                  'day_status', st.status,
                  'arrangement_pattern_id', i.arrangement_pattern_id,
                  'vacant', ${vacantOnLegsSql(sql`d.service_date`, sql`d.service_id`, sql`(select id from group_type)`, sql`d.first_leg`, sql`d.last_leg`)},
                  'capacity', ${capacityOnLegsSql(sql`d.service_date`, sql`d.service_id`, sql`(select id from group_type)`, sql`d.first_leg`, sql`d.last_leg`)})
                order by d.ord)
           from dirs d
           -- Lateral lookups, kept apart by "limit 1": one index probe per train (as a plain join the
           -- planner guesses 100 trains from json_to_recordset and scans the season's inventories).
           left join lateral (select s.direction from services s where s.id = d.service_id limit 1) s on true
           left join lateral (select st.status from service_day_statuses st
                              where st.service_date = d.service_date and st.service_id = d.service_id limit 1) st on true
           left join lateral (select i.arrangement_pattern_id from service_day_inventories i
                              where i.service_date = d.service_date and i.service_id = d.service_id limit 1) i on true) as services,
        ${pricingReferenceSql(input.groupType, input.priceDate)} as pricing
        ${input.closedTermsBefore === undefined ? sql`` : sql`, ${closedTermsSql(input.closedTermsBefore, dates)} as closed_terms`}`),
  );
  return row!;
}

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
                              external_idempotent_id, request_hash, created_by, first_service_date, last_service_date)
        values (${b.bookingId}, ${b.bookingToken}, ${b.agentId}, ${b.agentSubGroupId}, ${b.status}, 'INITIAL', ${b.waitListing}, ${b.groupType}, ${b.groupName},
                ${jsonParam(b.group)}::jsonb, ${jsonParam(b.applicant)}::jsonb, ${jsonParam(b.tourConductor)}::jsonb, ${jsonParam(b.author)}::jsonb, ${b.note}, ${b.operatorName},
                ${b.participantQuantity}, ${b.totalAmountE6}, ${b.externalIdempotentId}, ${b.requestHash}, ${b.createdBy},
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
        insert into notifications (audience, category, kind, booking_id, agent_id, agent_sub_group_id)
        select 'ADMIN', 'booking', k.value, b.id, b.agent_id, b.agent_sub_group_id
        from b, json_array_elements_text(${JSON.stringify(b.notificationKinds)}::json) with ordinality as k(value, ord)
        order by k.ord
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
