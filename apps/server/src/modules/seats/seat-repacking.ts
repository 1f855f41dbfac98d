/**
 * Automatic seating of one booking on one train, moving other groups' held-but-unsent seats
 * when that is what it takes (DESIGN §4, seatability). In order:
 * 1. the seat choice among the seats nobody holds on the booking's legs (as before);
 * 2. the seat choice among the seats no *fixed* seat blocks, the groups sitting there moved
 *    elsewhere whole by the seat choice;
 * 3. the interval packing of every movable demand around the fixed seats, which exists because
 *    every hold on the train proved it (the groups are kept on neighbouring seats as far as the
 *    packing allows).
 * Each step is accepted only when the booking's new seats, kept as if fixed, still leave every
 * other held booking seatable, so sending its seat table later cannot be refused by this train.
 * A group whose seats moved gets a history revision (by `seat-repacking`). Only groups whose
 * booking rows this transaction can lock without waiting are moved; a group busy in a step of its
 * own keeps its seats for now, as if they were fixed (one lock order, ADR 029).
 */
import { labelText } from '@sagano/domain/common/language';
import { chooseSeats, type SeatChoiceResult } from '@sagano/domain/seats/seat-choice';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordRevision, type LockedBooking, type LockedService, notify } from '../booking-core/index.ts';
import { planSeating, readSeating, type SeatTypes } from '../inventory/index.ts';
import { fixedSeatIds, lockIdleBookings, movableSeats, replaceSeats, seatsOf, type IdleBooking, type MapSeat, type MovableRow, type TrainDay } from './seats.repository.ts';

export interface AutomaticSeating {
  booking: LockedBooking;
  service: LockedService;
  day: TrainDay;
  seatCount: number;
  wheelchairCount: number;
  preferredCarIds?: readonly number[];
  /** need_slope of the wheelchair places, in the order they are given. */
  slopes: readonly boolean[];
}

const PACKER = 'seat-repacking';

function assignableType(seat: MapSeat, types: SeatTypes): boolean {
  return seat.arrangement_type_id !== 0 && (seat.arrangement_type_id === types.group || (types.wheelchair !== null && seat.arrangement_type_id === types.wheelchair));
}

function carsOfSeats(seats: readonly MapSeat[]) {
  return [...new Map(seats.map((x) => [x.logical_car_id, { logical_car_id: x.logical_car_id, car_number: x.car_number }])).values()];
}

function byBooking(rows: readonly MovableRow[]): Map<string, MovableRow[]> {
  const map = new Map<string, MovableRow[]>();
  for (const r of rows) map.set(r.booking_id, [...(map.get(r.booking_id) ?? []), r]);
  return map;
}

/** A group whose seats moved: a history revision, and its agent is told (the seats show on the agent's booking page). */
async function markMoved(tx: Executor, moved: readonly IdleBooking[]): Promise<void> {
  for (const booking of moved) {
    await recordRevision(tx, booking.id, 'UPDATE', {}, PACKER);
    await notify(tx, booking, 'AGENT', 'SEATS_REARRANGED');
  }
}

/** Seats the booking automatically on one train; answers the bookings whose seats were moved to make room. */
export async function seatAutomatically(tx: Executor, request: AutomaticSeating): Promise<string[]> {
  const { booking, day } = request;
  const types: SeatTypes = { group: booking.types.group!, wheelchair: booking.types.wheelchair };
  const place = (result: Extract<SeatChoiceResult, { ok: true }>) =>
    replaceSeats(tx, day, booking.bookingId, [
      ...result.wheelchairSeatIds.map((seatId, i) => ({ seatId, needSlope: request.slopes[i] ?? false })),
      ...result.seatIds.map((seatId) => ({ seatId, needSlope: false })),
    ], 'HELD');
  /** The booking's new seats, kept as if fixed, leave every other held booking seatable. */
  const othersStillSeatable = async () => {
    const plan = planSeating(await readSeating(tx, day, types, { fixAlso: [booking.bookingId] }), types);
    return plan.group.ok && plan.wheelchair.ok;
  };
  const choose = (seats: readonly MapSeat[], available: Set<string>) =>
    chooseSeats({ cars: carsOfSeats(seats), seats, available, seatCount: request.seatCount, wheelchairCount: request.wheelchairCount, preferredCarIds: request.preferredCarIds });

  const onTheseLegs = (r: MovableRow) => r.first <= day.lastLeg && r.last >= day.firstLeg;
  /**
   * The other groups' held-but-unsent seats on this train: those this transaction may move (their
   * booking rows locked here, once) and those busy in a transaction of their own, which may be
   * waiting for this train-day's lock while holding their row, and so stay where they are.
   */
  let idle: Map<string, IdleBooking> | undefined;
  const othersSeats = async () => {
    const all = byBooking(await movableSeats(tx, day, types, booking.bookingId));
    const free = (idle ??= await lockIdleBookings(tx, [...all.keys()]));
    return { movable: new Map([...all].filter(([id]) => free.has(id))), busy: [...all].filter(([id]) => !free.has(id)) };
  };
  /** Only groups othersSeats locked are ever moved, so each has its row here. */
  const tellMoved = (bookingIds: readonly string[]) => markMoved(tx, bookingIds.map((id) => idle!.get(id)!));

  const seats = await seatsOf(tx, day, booking.bookingId);
  // 0. Seats kept after a headcount change: the newcomers join them, in the same cars where possible.
  const kept = seats.filter((x) => x.mine);
  const keptWheelchair = kept.filter((x) => x.is_wheelchair).length;
  const missing = { seats: request.seatCount - (kept.length - Math.min(keptWheelchair, request.wheelchairCount)), wheelchair: request.wheelchairCount - Math.min(keptWheelchair, request.wheelchairCount) };
  if (kept.length > 0 && missing.seats >= 0 && missing.wheelchair >= 0 && missing.seats + missing.wheelchair > 0) {
    const extra = chooseSeats({
      cars: carsOfSeats(seats),
      seats,
      available: new Set(seats.filter((x) => !x.mine && x.taken_by === null && assignableType(x, types)).map((x) => x.seat_id)),
      seatCount: missing.seats,
      wheelchairCount: missing.wheelchair,
      preferredCarIds: [...new Set(kept.map((x) => x.logical_car_id))],
    });
    if (extra.ok) {
      const keptWheelchairIds = kept.filter((x) => x.is_wheelchair).map((x) => x.seat_id).slice(0, request.wheelchairCount);
      const keptOrdinaryIds = kept.map((x) => x.seat_id).filter((id) => !keptWheelchairIds.includes(id));
      await place({ ok: true, seatIds: [...keptOrdinaryIds, ...extra.seatIds], wheelchairSeatIds: [...keptWheelchairIds, ...extra.wheelchairSeatIds] });
      if (await othersStillSeatable()) return [];
    }
  }

  // 1. Among the seats nobody holds on the booking's legs.
  const first = choose(seats, new Set(seats.filter((x) => x.taken_by === null && assignableType(x, types)).map((x) => x.seat_id)));
  if (first.ok) {
    await place(first);
    if (await othersStillSeatable()) return [];
  }

  // 2. Among the seats no fixed seat blocks; groups sitting there (held, not sent) move elsewhere whole.
  const { movable, busy } = await othersSeats();
  const fixed = await fixedSeatIds(tx, day, booking.bookingId);
  for (const [, rows] of busy) for (const r of rows) if (onTheseLegs(r)) fixed.add(r.seat_id);
  const second = choose(seats, new Set(seats.filter((x) => !fixed.has(x.seat_id) && assignableType(x, types)).map((x) => x.seat_id)));
  if (second.ok) {
    const wanted = new Set([...second.seatIds, ...second.wheelchairSeatIds]);
    const displaced = [...movable.entries()].filter(([, rows]) => rows.some((r) => wanted.has(r.seat_id) && onTheseLegs(r)));
    for (const [other, rows] of displaced) await replaceSeats(tx, { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last }, other, [], 'HELD');
    await place(second);
    let reseated = true;
    for (const [other, rows] of displaced) {
      const otherDay = { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last };
      const around = await seatsOf(tx, otherDay, other);
      const wheelchairs = rows.filter((r) => r.is_wheelchair_type && r.need_slope).length;
      const wheelchairPlaces = rows.filter((r) => r.is_wheelchair_type).length;
      const result = chooseSeats({
        cars: carsOfSeats(around),
        seats: around,
        available: new Set(around.filter((x) => x.taken_by === null && assignableType(x, types)).map((x) => x.seat_id)),
        seatCount: rows.length - wheelchairPlaces,
        wheelchairCount: wheelchairPlaces,
      });
      if (!result.ok) {
        reseated = false;
        break;
      }
      await replaceSeats(tx, otherDay, other, [
        ...result.wheelchairSeatIds.map((seatId, i) => ({ seatId, needSlope: i < wheelchairs })),
        ...result.seatIds.map((seatId) => ({ seatId, needSlope: false })),
      ], rows[0]!.state);
    }
    if (reseated && (await othersStillSeatable())) {
      const moved = displaced.map(([other]) => other);
      await tellMoved(moved);
      return moved;
    }
    // Put everyone back where they were before trying the packing.
    await replaceSeats(tx, day, booking.bookingId, [], 'HELD');
    for (const [other, rows] of displaced) await replaceSeats(tx, { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last }, other, [], 'HELD');
    for (const [other, rows] of displaced) {
      await replaceSeats(tx, { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last }, other, rows.map((r) => ({ seatId: r.seat_id, needSlope: r.need_slope })), rows[0]!.state);
    }
  }

  // 3. The packing of every movable demand around the fixed seats.
  await replaceSeats(tx, day, booking.bookingId, [], 'HELD');
  const others = await othersSeats();
  const plan = planSeating(await readSeating(tx, day, types, { fixAlso: others.busy.map(([id]) => id) }), types);
  if (!plan.group.ok || !plan.wheelchair.ok) {
    const train = `${day.serviceDate} ${labelText(request.service.names, 'ja')}`;
    if (others.busy.length > 0) throw new AppError('CONFLICT', `${train}: groups whose seats would have to move are being changed at this moment; try again`);
    throw new AppError('NOT_ENOUGH_SEATS', `${train}: the held groups cannot all be seated around the seats already sent`);
  }
  for (const [other, rows] of others.movable) await replaceSeats(tx, { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last }, other, [], 'HELD');
  const seatsFor = (key: string) => ({ group: plan.group.ok ? (plan.group.placement.get(key) ?? []) : [], wheelchair: plan.wheelchair.ok ? (plan.wheelchair.placement.get(key) ?? []) : [] });
  const mine = seatsFor(booking.bookingId);
  await replaceSeats(tx, day, booking.bookingId, [
    ...mine.wheelchair.map((seatId, i) => ({ seatId, needSlope: request.slopes[i] ?? false })),
    ...mine.group.map((seatId) => ({ seatId, needSlope: false })),
  ], 'HELD');
  const moved: string[] = [];
  for (const [other, rows] of others.movable) {
    const theirs = seatsFor(other);
    const slopes = rows.filter((r) => r.need_slope).length;
    const next = [...theirs.wheelchair.map((seatId, i) => ({ seatId, needSlope: i < slopes })), ...theirs.group.map((seatId) => ({ seatId, needSlope: false }))];
    await replaceSeats(tx, { ...day, firstLeg: rows[0]!.first, lastLeg: rows[0]!.last }, other, next, rows[0]!.state);
    const before = new Set(rows.map((r) => r.seat_id));
    if (next.length !== before.size || next.some((x) => !before.has(x.seatId))) moved.push(other);
  }
  await tellMoved(moved);
  return moved;
}
