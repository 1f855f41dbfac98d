/**
 * Seating one direction of a booking, by hand (exactly the seats it needs) or by the seat choice,
 * with standing places exchanged when asked: the one way seats are taken, whether staff seat a
 * group (seats.service.ts) or the group changes its own seats (customer-seats.service.ts).
 */
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { SeatRequest } from '@sagano/domain/seats/seat-schemas';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { exchangeHeldStanding, typesOf, type LockedBooking, type LockedService } from '../booking-core/index.ts';
import { holdAllotments, releaseAllotments } from '../inventory/index.ts';
import { assignable, trainDay } from './seat-views.ts';
import { seatAutomatically } from './seat-repacking.ts';
import { lockTrainDay, replaceSeats, seatsOf } from './seats.repository.ts';

/**
 * Seats one direction: by hand (exactly the seats it needs) or by the seat choice, moving
 * other groups' unsent seats when needed. Answers the bookings whose seats were moved.
 */
export async function seatDirection(tx: Executor, booking: LockedBooking, s: LockedService, req: SeatRequest | undefined, index: number, slopes: boolean[]): Promise<string[]> {
  const day = trainDay(s);
  await lockTrainDay(tx, day);
  const seats = await seatsOf(tx, day, booking.bookingId);
  const standing = req?.standing ?? s.heldStanding;
  if (standing !== s.heldStanding) await exchangeStanding(tx, booking, s, standing, index);
  const seatCount = booking.participantQuantity - booking.wheelchairs - standing;
  const wheelchairCount = booking.wheelchairs;
  const field = `seat_req.${index}.seat_ids`;
  let chosen: { ordinary: string[]; wheelchair: string[] };
  if (req?.seat_ids) {
    const byId = new Map(seats.map((x) => [x.seat_id, x]));
    const unique = new Set(req.seat_ids);
    if (unique.size !== req.seat_ids.length) throw new AppError('VALIDATION_FAILED', `${field}: a seat is named twice`, field);
    for (const id of req.seat_ids) {
      const seat = byId.get(id);
      if (!seat) throw new AppError('VALIDATION_FAILED', `${field}: ${id} is not a seat of this train`, field);
      if (seat.taken_by !== null) throw new AppError('SEAT_TAKEN', `${field}: ${id} is held by another booking`, field);
      if (!assignable(seat, booking.types)) throw new AppError('VALIDATION_FAILED', `${field}: ${id} is not a group seat`, field);
    }
    const wheelchairIds = req.seat_ids.filter((id) => byId.get(id)!.is_wheelchair);
    const ordinary = req.seat_ids.filter((id) => !byId.get(id)!.is_wheelchair);
    if (req.seat_ids.length !== seatCount + wheelchairCount) {
      throw new AppError('VALIDATION_FAILED', `${field}: choose exactly ${seatCount + wheelchairCount} seats (${req.seat_ids.length} chosen)`, field);
    }
    if (wheelchairIds.length < wheelchairCount) throw new AppError('VALIDATION_FAILED', `${field}: ${wheelchairCount} wheelchair places are needed`, field);
    // Wheelchair places beyond the wheelchairs seat ordinary participants.
    chosen = { ordinary: [...ordinary, ...wheelchairIds.slice(wheelchairCount)], wheelchair: wheelchairIds.slice(0, wheelchairCount) };
  } else {
    return seatAutomatically(tx, { booking, service: s, day, seatCount, wheelchairCount, preferredCarIds: req?.preferred_car_ids, slopes });
  }
  await replaceSeats(
    tx,
    day,
    booking.bookingId,
    [...chosen.wheelchair.map((seatId, i) => ({ seatId, needSlope: slopes[i] ?? false })), ...chosen.ordinary.map((seatId) => ({ seatId, needSlope: false }))],
    'HELD',
  );
  return [];
}

/**
 * Standing places only when asked: that many participants move from group seats to the
 * standing allotment (or back), both counters changed in the same transaction.
 */
async function exchangeStanding(tx: Executor, booking: LockedBooking, s: LockedService, standing: number, index: number): Promise<void> {
  const field = `seat_req.${index}.standing`;
  const types = typesOf(booking);
  if (types.standing === null) throw new AppError('VALIDATION_FAILED', `${field}: no standing places are set up`, field);
  const ordinarySeats = booking.participantQuantity - booking.wheelchairs;
  if (standing > ordinarySeats) throw new AppError('VALIDATION_FAILED', `${field}: at most ${ordinarySeats} participants can stand`, field);
  const delta = standing - s.heldStanding;
  const legs = legsBetween(s.fromStationId, s.toStationId);
  const base = { serviceDate: s.serviceDate, serviceId: s.serviceId, legs };
  if (delta > 0) {
    await holdAllotments(tx, { ...base, items: [{ arrangementTypeId: types.standing, quantity: delta }], seats: null });
    await releaseAllotments(tx, [{ ...base, arrangementTypeId: types.group, quantity: delta }]);
  } else {
    await holdAllotments(tx, {
      ...base,
      items: [{ arrangementTypeId: types.group, quantity: -delta }],
      seats: { demand: { bookingId: booking.bookingId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group: s.heldGroup - delta, wheelchair: s.heldWheelchair }, types },
    });
    await releaseAllotments(tx, [{ ...base, arrangementTypeId: types.standing, quantity: -delta }]);
  }
  await exchangeHeldStanding(tx, booking.id, s.direction, delta, standing);
  s.heldGroup -= delta;
  s.heldStanding = standing;
}
