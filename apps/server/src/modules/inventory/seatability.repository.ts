/**
 * The statements of the seatability rule (seatability.ts): the train-day's advisory lock, the one
 * read of a train-day's seats, assignments and held demands, and the mark a fixing of seats puts
 * on the day's counter rows.
 */
import { sql } from 'drizzle-orm';
import { jsonParam, rowsOf, type Executor } from '../../db/client.ts';
import { seatTypeJoinsSql, seatTypeSql } from './seat-types.ts';

export interface TrainDayRef {
  serviceDate: string;
  serviceId: number;
}

export interface SeatTypes {
  group: number;
  wheelchair: number | null;
}

/** What readSeating reads about one train-day: its group and wheelchair seats, the fixed and movable assignments, the held demands. */
export interface TrainDaySeating {
  seats: { seat_id: string; type: number; car_number: number; row: number; letter: string }[];
  fixed: { seat_id: string; booking_id: string; first: number; last: number }[];
  demands: { booking_id: string; from_station_id: number; to_station_id: number; held_group: number; held_wheelchair: number }[];
  movable: { seat_id: string; booking_id: string; first: number; last: number; need_slope: boolean }[];
}

/** Serialises seat choice, seatability checks and the fixing of seats on one train on one day. */
export async function lockTrainDay(tx: Executor, day: TrainDayRef): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seats'), hashtext(${`${day.serviceDate}:${day.serviceId}`}))`);
}

/**
 * Everything the seatability rule reads about one train-day, in one statement. `fixAlso`: bookings
 * whose seats count as fixed for this read (the booking being fixed, or groups that cannot move now).
 */
export async function readSeating(executor: Executor, day: TrainDayRef, types: SeatTypes, options: { fixAlso?: readonly string[] } = {}): Promise<TrainDaySeating> {
  const fixAlso = jsonParam(options.fixAlso ?? []);
  const [row] = rowsOf<TrainDaySeating>(
    await executor.execute(sql`
      with seat_types as (
        select s.seat_id, ${seatTypeSql} as type, c.car_number, s.row, s.letter
        from services sv
        join seats s on s.train_id = sv.logical_train_id
        join cars c on c.train_id = s.train_id and c.logical_car_id = s.logical_car_id
        ${seatTypeJoinsSql(sql`${day.serviceDate}`, sql`sv.id`, sql`s.seat_id`)}
        where sv.id = ${day.serviceId}
      ), assignments as (
        select a.seat_id, a.booking_id, lower(a.legs) as first, upper(a.legs) - 1 as last, a.need_slope,
               a.fixed or a.booking_id in (select jsonb_array_elements_text(${fixAlso}::jsonb)) as fixed
        from seat_assignments a
        where a.service_date = ${day.serviceDate} and a.service_id = ${day.serviceId}
      )
      select
        (select coalesce(json_agg(json_build_object('seat_id', seat_id, 'type', type, 'car_number', car_number, 'row', row, 'letter', letter) order by car_number, row, letter), '[]'::json)
           from seat_types where type in (${types.group}, ${types.wheelchair ?? -1})) as seats,
        (select coalesce(json_agg(json_build_object('seat_id', seat_id, 'booking_id', booking_id, 'first', first, 'last', last)), '[]'::json)
           from assignments where fixed) as fixed,
        (select coalesce(json_agg(json_build_object('seat_id', seat_id, 'booking_id', booking_id, 'first', first, 'last', last, 'need_slope', need_slope)), '[]'::json)
           from assignments where not fixed) as movable,
        (select coalesce(json_agg(json_build_object('booking_id', b.booking_id, 'from_station_id', bs.from_station_id, 'to_station_id', bs.to_station_id,
                  'held_group', bs.held_group, 'held_wheelchair', bs.held_wheelchair) order by b.submitted_at, b.id), '[]'::json)
           from booking_services bs join bookings b on b.id = bs.booking_id
           where bs.service_date = ${day.serviceDate} and bs.service_id = ${day.serviceId} and (bs.held_group > 0 or bs.held_wheelchair > 0)) as demands`),
  );
  return row!;
}

/** Marks the train-day's counter rows `seats_fixed`, locking them in the order holds lock them (arrangement type, leg). */
export async function markSeatsFixedOnCounters(tx: Executor, day: TrainDayRef): Promise<void> {
  await tx.execute(sql`
    update inventory_counters c set seats_fixed = true
    from (select arrangement_type_id, leg from inventory_counters
          where service_date = ${day.serviceDate} and service_id = ${day.serviceId} and not seats_fixed
          order by arrangement_type_id, leg for update) l
    where c.service_date = ${day.serviceDate} and c.service_id = ${day.serviceId}
      and c.arrangement_type_id = l.arrangement_type_id and c.leg = l.leg`);
}
