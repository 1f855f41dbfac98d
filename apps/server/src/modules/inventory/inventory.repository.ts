/** Reads of the inventory: one service day seat by seat, the group counters over a range, the live bookings on stopped trains. */
import { sql } from 'drizzle-orm';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { ServiceDayPattern, ServiceStatus } from '@sagano/domain/inventory/inventory-schemas';
import type { Executor } from '../../db/client.ts';
import { jsonParam, rowsOf } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { runningServiceDaysSql } from '../timetable/index.ts';
import type { AffectedBooking, StoppedTrain } from './stopped-trains.ts';

export interface ServiceOnDay {
  serviceId: number;
  names: LocalizedLabel[];
  direction: 'down' | 'up';
  isSpecial: boolean;
  logicalTrainId: number;
  status: ServiceStatus;
  arrangementPatternId: number | null;
  legs: number[];
  stops: { stationId: number; arrivalHhmm: string | null; departureHhmm: string | null }[];
}

/** The trains that run on a day with their status, stops and inventory pattern. */
export async function servicesOnDay(db: Executor, date: string, serviceIds?: number[]): Promise<ServiceOnDay[]> {
  const rows = rowsOf<{
    service_id: number;
    names: LocalizedLabel[];
    direction: 'down' | 'up';
    is_special: boolean;
    logical_train_id: number;
    day_status: string | null;
    pattern: string | null;
    arrangement_pattern_id: number | null;
    stops: { station_id: number; arrival_hhmm: string | null; departure_hhmm: string | null }[] | null;
  }>(
    await db.execute(sql`
      select s.id as service_id, s.names, s.direction, s.is_special, s.logical_train_id,
             st.status as day_status, p.pattern, i.arrangement_pattern_id,
             (select json_agg(json_build_object('station_id', d.station_id, 'arrival_hhmm', d.arrival_hhmm, 'departure_hhmm', d.departure_hhmm) order by d.display_order)
                from diagram_items d where d.service_id = s.id) as stops
      from ${runningServiceDaysSql(date, date)} r
      join services s on s.id = r.service_id
        and ${serviceIds ? (serviceIds.length ? sql`s.id in (${sql.join(serviceIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`) : sql`true`}
      left join service_day_patterns p on p.service_date = r.service_date
      left join service_day_statuses st on st.service_date = r.service_date and st.service_id = s.id
      left join service_day_inventories i on i.service_date = r.service_date and i.service_id = s.id
      order by s.direction, (select min(d.departure_hhmm) from diagram_items d where d.service_id = s.id), s.id`),
  );
  return rows.map((r) => {
      const stops = (r.stops ?? []).map((d) => ({ stationId: d.station_id, arrivalHhmm: d.arrival_hhmm, departureHhmm: d.departure_hhmm }));
      const ids = stops.map((s) => s.stationId);
      const legs: number[] = [];
      if (ids.length > 1) for (let leg = Math.min(...ids); leg < Math.max(...ids); leg++) legs.push(leg);
      const status: ServiceStatus =
        r.day_status === 'suspended' ? 'suspended' : r.day_status === 'pending' ? 'pending' : r.is_special ? 'special' : 'ordinary';
      return {
        serviceId: r.service_id,
        names: r.names,
        direction: r.direction,
        isSpecial: r.is_special,
        logicalTrainId: r.logical_train_id,
        status,
        arrangementPatternId: r.arrangement_pattern_id,
        legs,
        stops,
      };
    });
}

export interface CounterRow {
  serviceDate: string;
  serviceId: number;
  arrangementTypeId: number;
  leg: number;
  capacity: number;
  held: number;
}

export async function countersOf(db: Executor, date: string, serviceId: number): Promise<CounterRow[]> {
  const rows = rowsOf<{ service_date: string; service_id: number; arrangement_type_id: number; leg: number; capacity: number; held: number }>(
    await db.execute(sql`
      select service_date::text as service_date, service_id, arrangement_type_id, leg, capacity, held
      from inventory_counters where service_date = ${date} and service_id = ${serviceId}
      order by arrangement_type_id, leg`),
  );
  return rows.map((r) => ({ serviceDate: r.service_date, serviceId: r.service_id, arrangementTypeId: r.arrangement_type_id, leg: r.leg, capacity: r.capacity, held: r.held }));
}

/** Group-allotment capacity and holds per service day, train and leg over a date range. */
export async function groupCountersInRange(db: Executor, fromDate: string, toDate: string): Promise<CounterRow[]> {
  const rows = rowsOf<{ service_date: string; service_id: number; leg: number; capacity: number; held: number }>(
    await db.execute(sql`
      select g.service_date::text as service_date, g.service_id, g.leg, g.capacity, g.held
      from inventory_group_legs g
      where g.service_date between ${fromDate} and ${toDate} and g.counters > 0`),
  );
  return rows.map((r) => ({ serviceDate: r.service_date, serviceId: r.service_id, arrangementTypeId: 0, leg: r.leg, capacity: r.capacity, held: r.held }));
}

/** One direction of one day of the month calendar, totalled by the database. */
export interface CalendarDirectionFigures {
  direction: 'down' | 'up';
  /** Trains on sale (neither suspended nor on hold). */
  serviceCount: number;
  /** Of those, the trains with group-allotment counters (the rest are not set up, not sold out). */
  inventoryServiceCount: number;
  /** Sum over those trains of the group seats on the whole line (the tightest leg's). */
  groupSeats: number;
  /** Sum over those trains of the vacant group seats on the whole line (none below 0). */
  vacantSeats: number;
  /** The most vacant seats any of those trains has on the whole line (its level is the direction's), null without one. */
  bestVacant: number | null;
}

export interface CalendarDayFigures {
  date: string;
  pattern: ServiceDayPattern | null;
  approvalPending: boolean;
  directions: CalendarDirectionFigures[];
}

/**
 * Every day of a date range with its pattern, whether an approval waiting (SUBMITTED or
 * JOB_PENDING) touches it, and per direction the totals of its trains on sale, in one statement:
 * the group counters summed per train and leg (inventory_group_legs, kept by the database's
 * triggers on the counters), each train takes its tightest leg over the
 * whole line (a leg without a counter counts 0), and the trains are totalled per day and
 * direction in the database, so a month answers one row a day instead of every counter row.
 */
export async function calendarFigures(db: Executor, fromDate: string, toDate: string): Promise<CalendarDayFigures[]> {
  const rows = rowsOf<{ date: string; pattern: ServiceDayPattern | null; approval_pending: boolean; directions: CalendarDirectionFigures[] | null }>(
    await executePrepared(db, sql`
      with on_sale as (
        select r.service_date, r.service_id, s.direction
        from ${runningServiceDaysSql(fromDate, toDate)} r
        join services s on s.id = r.service_id
        left join service_day_statuses st on st.service_date = r.service_date and st.service_id = r.service_id
        where st.status is null or st.status not in ('suspended', 'pending')
      ), legs as (
        select g.service_date, g.service_id, g.leg, g.capacity, g.capacity - g.held as vacant
        from inventory_group_legs g
        where g.service_date between ${fromDate}::date and ${toDate}::date and g.counters > 0
      ), trains as (
        -- The counter's CHECK keeps legs to 1..3: a train with fewer rows lacks a leg, which counts 0.
        select service_date, service_id,
               case when count(*) = 3 then min(capacity) else least(0, min(capacity)) end as group_seats,
               case when count(*) = 3 then min(vacant) else least(0, min(vacant)) end as vacant
        from legs group by 1, 2
      ), directions as (
        select o.service_date, o.direction, count(*)::int as service_count, count(t.service_id)::int as inventory_service_count,
               coalesce(sum(t.group_seats), 0)::int as group_seats, coalesce(sum(greatest(t.vacant, 0)), 0)::int as vacant_seats,
               max(t.vacant)::int as best_vacant
        from on_sale o left join trains t on t.service_date = o.service_date and t.service_id = o.service_id
        group by 1, 2
      ), days as (
        select service_date,
               json_agg(json_build_object('direction', direction, 'serviceCount', service_count, 'inventoryServiceCount', inventory_service_count,
                                          'groupSeats', group_seats, 'vacantSeats', vacant_seats, 'bestVacant', best_vacant)) as directions
        from directions group by 1
      )
      select d.day::date::text as date, p.pattern,
             exists (select 1 from approvals a
                      where a.status in ('SUBMITTED', 'JOB_PENDING') and a.from_date <= d.day and a.to_date >= d.day) as approval_pending,
             x.directions
      from generate_series(${fromDate}::date, ${toDate}::date, interval '1 day') as d(day)
      left join service_day_patterns p on p.service_date = d.day::date and p.service_date between ${fromDate}::date and ${toDate}::date
      left join days x on x.service_date = d.day::date
      order by d.day`),
  );
  return rows.map((r) => ({ date: r.date, pattern: r.pattern, approvalPending: r.approval_pending, directions: r.directions ?? [] }));
}

export interface SeatRow {
  seatId: string;
  arrangementTypeId: number;
  state: 'FREE' | 'HELD' | 'ASSIGNED';
  bookingIds: string[];
}

/** Every seat of the train on that day: its type (pattern, or the day's adjustment) and state. */
export async function seatsOf(db: Executor, date: string, serviceId: number, patternId: number): Promise<SeatRow[]> {
  const rows = rowsOf<{ seat_id: string; arrangement_type_id: number; states: string[] | null; booking_ids: string[] | null }>(
    await db.execute(sql`
      select ps.seat_id, coalesce(o.arrangement_type_id, ps.arrangement_type_id) as arrangement_type_id,
             (select array_agg(distinct a.state) from seat_assignments a where a.service_date = ${date} and a.service_id = ${serviceId} and a.seat_id = ps.seat_id) as states,
             (select array_agg(distinct a.booking_id) from seat_assignments a where a.service_date = ${date} and a.service_id = ${serviceId} and a.seat_id = ps.seat_id) as booking_ids
      from arrangement_pattern_seats ps
      left join inventory_seat_overrides o on o.service_date = ${date} and o.service_id = ${serviceId} and o.seat_id = ps.seat_id
      where ps.arrangement_pattern_id = ${patternId}`),
  );
  return rows.map((r) => ({
    seatId: r.seat_id,
    arrangementTypeId: r.arrangement_type_id,
    state: r.states?.includes('ASSIGNED') ? 'ASSIGNED' : r.states?.includes('HELD') ? 'HELD' : 'FREE',
    bookingIds: r.booking_ids ?? [],
  }));
}

export async function standingsOf(db: Executor, patternId: number): Promise<{ logicalCarId: number; arrangementTypeId: number; capacity: number }[]> {
  const rows = rowsOf<{ logical_car_id: number; arrangement_type_id: number; capacity: number }>(
    await db.execute(sql`select logical_car_id, arrangement_type_id, capacity from arrangement_pattern_standings where arrangement_pattern_id = ${patternId}`),
  );
  return rows.map((r) => ({ logicalCarId: r.logical_car_id, arrangementTypeId: r.arrangement_type_id, capacity: r.capacity }));
}

/** The operator's minimum group size (participants): the booking form says it with the day's trains. */
export async function minGroupSize(db: Executor): Promise<number> {
  const [row] = rowsOf<{ min_group_size: number }>(await db.execute(sql`select min_group_size from operator_basic_info where id = 1`));
  return Number(row?.min_group_size ?? 1);
}

export async function patternsOfMonth(db: Executor, fromDate: string, toDate: string): Promise<Map<string, ServiceDayPattern>> {
  const rows = rowsOf<{ service_date: string; pattern: ServiceDayPattern }>(
    await db.execute(sql`select service_date::text as service_date, pattern from service_day_patterns where service_date between ${fromDate} and ${toDate}`),
  );
  return new Map(rows.map((r) => [r.service_date, r.pattern]));
}

/** Per train of a day: seats asked for by requests not yet holding allotments, and waitlisted requests. */
export async function requestsOnDay(db: Executor, date: string): Promise<{ serviceId: number; fromStationId: number; toStationId: number; quantity: number; waitlisted: boolean }[]> {
  const rows = rowsOf<{ service_id: number; from_station_id: number; to_station_id: number; quantity: number; waitlisted: boolean }>(
    await db.execute(sql`
      select bs.service_id, bs.from_station_id, bs.to_station_id, b.participant_quantity as quantity, b.status = 'WAITLIST' as waitlisted
      from booking_services bs join bookings b on b.id = bs.booking_id
      where bs.service_date = ${date} and b.status in ('SUBMITTED', 'WAITLIST')
        and bs.held_group = 0 and bs.held_wheelchair = 0`),
  );
  return rows.map((r) => ({ serviceId: r.service_id, fromStationId: r.from_station_id, toStationId: r.to_station_id, quantity: r.quantity, waitlisted: r.waitlisted }));
}

/** The arrangement types a group books on: the group allotment, wheelchair places and standing places. */
export async function groupBookableTypes(db: Executor): Promise<number[]> {
  const rows = rowsOf<{ arrangement_type_id: number }>(
    await db.execute(sql`select arrangement_type_id from arrangement_types where is_group_allotment or seat_type in ('WHEELCHAIR', 'STANDING') order by arrangement_type_id`),
  );
  return rows.map((r) => r.arrangement_type_id);
}

/** One seat changing arrangement type on a train-day: the caller has checked that no booking holds it. */
export interface SeatMove {
  seat_id: string;
  from_type: number;
  to_type: number;
}

/**
 * Moves seats of one train-day between arrangement types in one statement (a release moves a
 * whole train's group allotment at once, and on the embedded database every statement holds the
 * one connection): each seat's day override (dropped where the seat goes back to its pattern's
 * type), and each type's counter on every leg by its seats in less those out; a counter left
 * empty goes. A type left with fewer seats than it holds on a leg breaks the counter's CHECK and
 * nothing changes (the caller names the error: isCheckViolation).
 */
export async function moveSeats(tx: Executor, day: { serviceDate: string; serviceId: number; legs: readonly number[] }, moves: readonly SeatMove[]): Promise<void> {
  if (moves.length === 0) return;
  const { serviceDate: date, serviceId: id } = day;
  await tx.execute(sql`
    with m as (
      select * from jsonb_to_recordset(${jsonParam(moves)}::jsonb) as m(seat_id text, from_type int, to_type int)
    ), pat as (
      select m.seat_id, m.to_type, ps.arrangement_type_id is not distinct from m.to_type as back
      from m
      left join service_day_inventories i on i.service_date = ${date} and i.service_id = ${id}
      left join arrangement_pattern_seats ps on ps.arrangement_pattern_id = i.arrangement_pattern_id and ps.seat_id = m.seat_id
    ), dropped as (
      delete from inventory_seat_overrides o using pat
      where o.service_date = ${date} and o.service_id = ${id} and o.seat_id = pat.seat_id and pat.back
      returning 1
    ), overridden as (
      insert into inventory_seat_overrides (service_date, service_id, seat_id, arrangement_type_id)
      select ${date}, ${id}, seat_id, to_type from pat where not back
      on conflict (service_date, service_id, seat_id) do update set arrangement_type_id = excluded.arrangement_type_id
      returning 1
    ), delta as (
      select c.type, l.leg, c.d
      from (select type, sum(d)::int as d
            from (select from_type as type, -1 as d from m union all select to_type, 1 from m) x
            group by type having sum(d) <> 0) c
      cross join (select value::int as leg from jsonb_array_elements_text(${jsonParam(day.legs)}::jsonb)) l
    ), emptied as (
      delete from inventory_counters k using delta c
      where k.service_date = ${date} and k.service_id = ${id} and k.arrangement_type_id = c.type and k.leg = c.leg
        and c.d < 0 and k.capacity + c.d = 0 and k.held = 0
      returning 1
    ), fewer as (
      update inventory_counters k set capacity = k.capacity + c.d from delta c
      where k.service_date = ${date} and k.service_id = ${id} and k.arrangement_type_id = c.type and k.leg = c.leg
        and c.d < 0 and not (k.capacity + c.d = 0 and k.held = 0)
      returning 1
    ), more as (
      -- A CHECK is tested on the row proposed for insertion too, so only gains go through the upsert.
      insert into inventory_counters (service_date, service_id, arrangement_type_id, leg, capacity, held)
      select ${date}, ${id}, c.type, c.leg, c.d, 0 from delta c where c.d > 0
      on conflict (service_date, service_id, arrangement_type_id, leg) do update set capacity = inventory_counters.capacity + excluded.capacity
      returning 1
    )
    select (select count(*) from dropped) + (select count(*) from overridden) as seats,
           (select count(*) from emptied) + (select count(*) from fewer) + (select count(*) from more) as counters`);
}

/** Every arrangement type's id. */
export async function arrangementTypeIds(tx: Executor): Promise<number[]> {
  return rowsOf<{ arrangement_type_id: number }>(await tx.execute(sql`select arrangement_type_id from arrangement_types`)).map((r) => r.arrangement_type_id);
}

/** Sales of the train open again on that day (its pending hold is lifted). */
export async function liftPending(tx: Executor, date: string, serviceId: number): Promise<void> {
  await tx.execute(sql`delete from service_day_statuses where service_date = ${date} and service_id = ${serviceId} and status = 'pending'`);
}

/** The train's day is suspended, or its sales on hold. */
export async function setDayStatus(tx: Executor, date: string, serviceId: number, status: 'suspended' | 'pending'): Promise<void> {
  await tx.execute(sql`
            insert into service_day_statuses (service_date, service_id, status) values (${date}, ${serviceId}, ${status})
            on conflict (service_date, service_id) do update set status = excluded.status, updated_at = now()`);
}

/** The trains with a live booking (not refused nor cancelled) between two dates. */
export async function bookedTrainsBetween(tx: Executor, span: { fromDate: string; toDate: string }): Promise<{ service_date: string; service_id: number }[]> {
  return rowsOf<{ service_date: string; service_id: number }>(
    await tx.execute(sql`
      select distinct bs.service_date::text as service_date, bs.service_id
      from booking_services bs join bookings b on b.id = bs.booking_id
      where b.status not in ('NOT_RESERVED', 'CANCELLED') and bs.service_date between ${span.fromDate}::date and ${span.toDate}::date`),
  );
}

/** Every arrangement type's seat type and whether it is a group allotment, in display order. */
export async function arrangementTypeKinds(db: Executor): Promise<{ arrangement_type_id: number; seat_type: string; is_group_allotment: boolean }[]> {
  return rowsOf<{ arrangement_type_id: number; seat_type: string; is_group_allotment: boolean }>(
    await db.execute(sql`select arrangement_type_id, seat_type, is_group_allotment from arrangement_types order by display_order, arrangement_type_id`),
  );
}

/** One arrangement type's counters of a train-day, every leg, locked in leg order (the order holds lock them). */
export async function lockTypeCounters(tx: Executor, day: { serviceDate: string; serviceId: number }, arrangementTypeId: number): Promise<{ leg: number; capacity: number; held: number; seats_fixed: boolean }[]> {
  return rowsOf<{ leg: number; capacity: number; held: number; seats_fixed: boolean }>(
    await tx.execute(sql`
      select leg, capacity, held, seats_fixed from inventory_counters
      where service_date = ${day.serviceDate} and service_id = ${day.serviceId} and arrangement_type_id = ${arrangementTypeId}
      order by leg for update`),
  );
}

const LIVE = sql`b.status not in ('NOT_RESERVED', 'CANCELLED')`;

function trainsJson(trains: readonly StoppedTrain[]): string {
  return JSON.stringify(trains.map((x) => ({ service_date: x.serviceDate, service_id: x.serviceId, reason: x.reason })));
}

/** The live bookings on the stopped trains, oldest booking first (one row per booking and train). */
export async function bookingsOnStoppedTrains(executor: Executor, trains: readonly StoppedTrain[]): Promise<AffectedBooking[]> {
  if (trains.length === 0) return [];
  return rowsOf<AffectedBooking>(
    await executor.execute(sql`
      with stopped as (
        select * from json_to_recordset(${trainsJson(trains)}::json) as x(service_date date, service_id int, reason text)
      )
      select b.booking_id, b.status, b.sub_status, b.group_name, a.name_ja as agent_name, a.name_en as agent_name_en, g.name_ja as agent_sub_group_name, g.name_en as agent_sub_group_name_en,
             b.participant_quantity, bs.service_date::text as service_date, bs.service_id, s.names as service_names, bs.direction, x.reason
      from stopped x
      join booking_services bs on bs.service_date = x.service_date and bs.service_id = x.service_id
      join services s on s.id = bs.service_id
      join bookings b on b.id = bs.booking_id
      join agents a on a.id = b.agent_id
      join agent_groups g on g.id = b.agent_sub_group_id
      where ${LIVE}
      order by b.id, bs.service_date, bs.service_id`),
  ).map((r) => ({ ...r, service_id: Number(r.service_id), participant_quantity: Number(r.participant_quantity) }));
}

export interface TrainDayDue {
  serviceDate: string;
  serviceId: number;
  releaseDate: string;
}

/** Train-days whose release day has come (today or missed) and that have not run yet: not passed, not released. */
export async function trainDaysDue(db: Executor, today: string): Promise<TrainDayDue[]> {
  return rowsOf<{ service_date: string; service_id: number; release_date: string }>(
    await db.execute(sql`
      select i.service_date::text as service_date, i.service_id, (i.service_date - gs.group_arrangement_release_day_before)::text as release_date
      from service_day_inventories i
      join group_schedules gs on i.service_date between gs.service_from_date and gs.service_to_date
      where i.service_date >= ${today}::date
        -- implied by the next line; bounds the index range to the days any schedule can release today
        and i.service_date <= ${today}::date + (select coalesce(max(group_arrangement_release_day_before), 0) from group_schedules)
        and i.service_date - gs.group_arrangement_release_day_before <= ${today}::date
        and not exists (select 1 from scheduled_effects e
                        where e.kind = 'ALLOTMENT_RELEASE' and e.effect_date = i.service_date
                          and e.subject = 'service:' || i.service_id || ':' || i.service_date::text)
      order by i.service_date, i.service_id`),
  ).map((r) => ({ serviceDate: r.service_date, serviceId: Number(r.service_id), releaseDate: r.release_date }));
}

/** Service days from today on with trains released but the operator not yet told (no `day:` notice claimed): a run stopped half way. */
export async function releasedDaysUntold(db: Executor, today: string): Promise<{ serviceDate: string; serviceIds: number[] }[]> {
  return rowsOf<{ service_date: string; service_ids: number[] }>(
    await db.execute(sql`
      select e.effect_date::text as service_date, array_agg(split_part(e.subject, ':', 2)::int order by e.subject) as service_ids
      from scheduled_effects e
      where e.kind = 'ALLOTMENT_RELEASE' and e.effect_date >= ${today}::date and e.subject like 'service:%'
        and not exists (select 1 from scheduled_effects d
                        where d.kind = 'ALLOTMENT_RELEASE' and d.effect_date = e.effect_date and d.subject = 'day:' || e.effect_date::text)
      group by e.effect_date
      order by e.effect_date`),
  ).map((r) => ({ serviceDate: r.service_date, serviceIds: r.service_ids.map(Number) }));
}

/** The requests still unanswered (SUBMITTED, WAITLIST) riding some trains of one day, as the allotment release flags them. */
export async function unansweredOnTrainDays(tx: Executor, serviceDate: string, serviceIds: readonly number[]): Promise<{ id: number; agent_id: number; agent_sub_group_id: number }[]> {
  return rowsOf<{ id: number; agent_id: number; agent_sub_group_id: number }>(
    await tx.execute(sql`
      select distinct b.id, b.agent_id, b.agent_sub_group_id from bookings b join booking_services bs on bs.booking_id = b.id
      where bs.service_date = ${serviceDate} and bs.service_id in (select jsonb_array_elements_text(${jsonParam(serviceIds)}::jsonb)::int)
        and b.status in ('SUBMITTED', 'WAITLIST')
      order by b.id`),
  );
}
