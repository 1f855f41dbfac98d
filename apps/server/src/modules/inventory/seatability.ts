/**
 * "Confirmed means seatable" (DESIGN §4): the allotment counters are per leg, so on their own
 * they would accept a booking for which no single seat is free on all of its legs. Wherever a
 * train-day has fixed seats (sent in a seat table or a voucher, or chosen by the group), a hold
 * on it is accepted only when every booking holding group seats or wheelchair places there can
 * still be seated: the movable demands are packed around the fixed seats by the pure rule
 * `packSeats`. Without fixed seats the counters are proof enough (interval colouring).
 *
 * Serialisation: every check and every fixing of seats on a train-day takes the train-day's
 * advisory lock (the one seat choice takes) and reads after it; fixing also marks the day's
 * counter rows (`seats_fixed`), so a hold that did not take the lock and raced a fixing sees the
 * mark on the rows it locks and comes back for the check.
 */
import { sql } from 'drizzle-orm';
import { legsBetween } from '@sagano/domain/inventory/legs';
import { packSeats, type PackDemand, type PackResult } from '@sagano/domain/seats/seatability';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { seatTypeJoinsSql, seatTypeSql } from './seat-types.ts';

export const LEG_COUNT = 3;

export interface TrainDayRef {
  serviceDate: string;
  serviceId: number;
}

/** What one booking will hold on one train once the hold in hand is done. */
export interface SeatDemand {
  /** The public booking number; its rows already stored for this train are replaced by this demand. */
  bookingId: string;
  firstLeg: number;
  lastLeg: number;
  group: number;
  wheelchair: number;
}

export interface SeatTypes {
  group: number;
  wheelchair: number | null;
}

interface TrainDaySeating {
  seats: { seat_id: string; type: number; car_number: number; row: number; letter: string }[];
  fixed: { seat_id: string; booking_id: string; first: number; last: number }[];
  demands: { booking_id: string; from_station_id: number; to_station_id: number; held_group: number; held_wheelchair: number }[];
  movable: { seat_id: string; booking_id: string; first: number; last: number; need_slope: boolean }[];
}

/** Serialises seat choice, seatability checks and the fixing of seats on one train on one day. */
export async function lockTrainDay(tx: Executor, day: TrainDayRef): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seats'), hashtext(${`${day.serviceDate}:${day.serviceId}`}))`);
}

/** Everything the seatability rule reads about one train-day, in one statement. */
export async function readSeating(executor: Executor, day: TrainDayRef, types: SeatTypes, options: { fixAlso?: string } = {}): Promise<TrainDaySeating> {
  const fixAlso = options.fixAlso ?? '';
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
               a.fixed or a.booking_id = ${fixAlso} as fixed
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

export interface SeatingPlan {
  group: PackResult;
  wheelchair: PackResult;
  /** The legs of every demand packed, by booking. */
  legsOf: Map<string, { first: number; last: number }>;
}

/**
 * Packs the train-day's movable demands (with `extra` in place of that booking's stored rows)
 * around its fixed seats, group seats and wheelchair places apart, as the counters count them.
 */
export function planSeating(data: TrainDaySeating, types: SeatTypes, extra?: SeatDemand): SeatingPlan {
  const typeOf = new Map(data.seats.map((s) => [s.seat_id, s.type]));
  const blocked = new Map<string, number[]>();
  const fixedCount = new Map<string, { group: number; wheelchair: number }>();
  for (const f of data.fixed) {
    const legs = blocked.get(f.seat_id) ?? [];
    for (let leg = f.first; leg <= f.last; leg++) legs.push(leg);
    blocked.set(f.seat_id, legs);
    const count = fixedCount.get(f.booking_id) ?? { group: 0, wheelchair: 0 };
    if (typeOf.get(f.seat_id) === types.wheelchair) count.wheelchair++;
    else count.group++;
    fixedCount.set(f.booking_id, count);
  }
  const rows = data.demands
    .filter((d) => d.booking_id !== extra?.bookingId)
    .map((d) => {
      const legs = legsBetween(d.from_station_id, d.to_station_id);
      return { bookingId: d.booking_id, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group: d.held_group, wheelchair: d.held_wheelchair };
    });
  if (extra) rows.push(extra);
  const groupDemands: PackDemand[] = [];
  const wheelchairDemands: PackDemand[] = [];
  const legsOf = new Map<string, { first: number; last: number }>();
  for (const d of rows) {
    legsOf.set(d.bookingId, { first: d.firstLeg, last: d.lastLeg });
    const done = fixedCount.get(d.bookingId) ?? { group: 0, wheelchair: 0 };
    // Fixed seats count first against the booking's own kind; an ordinary participant on a spare wheelchair place counts against the group.
    const wheelchairLeft = Math.max(0, d.wheelchair - done.wheelchair);
    const groupLeft = Math.max(0, d.group + d.wheelchair - done.group - done.wheelchair - wheelchairLeft);
    if (groupLeft > 0) groupDemands.push({ key: d.bookingId, first_leg: d.firstLeg, last_leg: d.lastLeg, quantity: groupLeft });
    if (wheelchairLeft > 0) wheelchairDemands.push({ key: d.bookingId, first_leg: d.firstLeg, last_leg: d.lastLeg, quantity: wheelchairLeft });
  }
  const seatsOfType = (type: number | null) => data.seats.filter((s) => s.type === type).map((s) => ({ seat_id: s.seat_id, blocked_legs: blocked.get(s.seat_id) ?? [] }));
  return {
    group: packSeats({ leg_count: LEG_COUNT, seats: seatsOfType(types.group), demands: groupDemands }),
    wheelchair: packSeats({ leg_count: LEG_COUNT, seats: seatsOfType(types.wheelchair), demands: wheelchairDemands }),
    legsOf,
  };
}

function refusal(day: TrainDayRef, plan: SeatingPlan, what: string): AppError {
  const failed = !plan.group.ok ? plan.group : !plan.wheelchair.ok ? plan.wheelchair : null;
  const detail = failed && !failed.ok ? ` (from leg ${failed.short_leg}, ${failed.unplaced} without a seat)` : '';
  const kind = !plan.group.ok ? 'group seat' : 'wheelchair place';
  return new AppError('SEATS_FRAGMENTED', `${day.serviceDate} train ${day.serviceId}: ${what}: no ${kind} stays free on every leg of the segment once the seats already sent are kept${detail}`);
}

/**
 * Refuses (409 SEATS_FRAGMENTED) when the train-day's held bookings, with `extra` in place of
 * its booking's stored demand, could not all be seated. Takes the train-day lock first.
 */
export async function assertSeatable(tx: Executor, day: TrainDayRef, types: SeatTypes, extra?: SeatDemand): Promise<void> {
  await lockTrainDay(tx, day);
  const plan = planSeating(await readSeating(tx, day, types), types, extra);
  if (!plan.group.ok || !plan.wheelchair.ok) throw refusal(day, plan, 'the hold would leave a group without a seat');
}

/**
 * Inventory's part of fixing the booking's seats on one train-day (a seat table or voucher is
 * being sent, or the group chose them): proves that every other held booking can still be seated
 * around them. The counter rows are marked first so racing holds come back for the check. The
 * caller (seats, the owner of seat_assignments) then marks the assignments fixed in the same
 * transaction (markSeatsFixed).
 */
export async function prepareSeatFixing(tx: Executor, day: TrainDayRef, types: SeatTypes, bookingId: string): Promise<void> {
  await lockTrainDay(tx, day);
  // Counter rows are locked in the order holds lock them (arrangement type, leg), so the two never deadlock.
  await tx.execute(sql`
    update inventory_counters c set seats_fixed = true
    from (select arrangement_type_id, leg from inventory_counters
          where service_date = ${day.serviceDate} and service_id = ${day.serviceId} and not seats_fixed
          order by arrangement_type_id, leg for update) l
    where c.service_date = ${day.serviceDate} and c.service_id = ${day.serviceId}
      and c.arrangement_type_id = l.arrangement_type_id and c.leg = l.leg`);
  const plan = planSeating(await readSeating(tx, day, types, { fixAlso: bookingId }), types);
  if (!plan.group.ok || !plan.wheelchair.ok) throw refusal(day, plan, `fixing the seats of booking ${bookingId}`);
}
