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
import { legsBetween } from '@sagano/domain/inventory/legs';
import { packSeats, type PackDemand, type PackResult } from '@sagano/domain/seats/seatability';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockTrainDay, markSeatsFixedOnCounters, readSeating, type SeatTypes, type TrainDayRef, type TrainDaySeating } from './seatability.repository.ts';

export const LEG_COUNT = 3;

/** What one booking will hold on one train once the hold in hand is done. */
export interface SeatDemand {
  /** The public booking number; its rows already stored for this train are replaced by this demand. */
  bookingId: string;
  firstLeg: number;
  lastLeg: number;
  group: number;
  wheelchair: number;
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
  await markSeatsFixedOnCounters(tx, day);
  const plan = planSeating(await readSeating(tx, day, types, { fixAlso: [bookingId] }), types);
  if (!plan.group.ok || !plan.wheelchair.ok) throw refusal(day, plan, `fixing the seats of booking ${bookingId}`);
}
