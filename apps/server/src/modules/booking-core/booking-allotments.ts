/**
 * The allotment steps (DESIGN §4): holding a booking's group seats and wheelchair places on every
 * leg of its trains without overbooking, and releasing them (freed room goes to the waitlist job).
 */
import type { BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import { labelText } from '@sagano/domain/common/language';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { holdAllotments, releaseAllotments, type AllotmentRequest, type DirectionHold, promoteWaitlistAfterCommit } from '../inventory/index.ts';
import { beginStep, callerOf, nextStep, recordStep } from './booking-steps.ts';
import type { LockedBooking, LockedService } from './bookings.repository.ts';
import { clearHeld, heldDirectionSql } from './booking-rows.repository.ts';

export function byDateAndTrain(x: LockedService, y: LockedService): number {
  return x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId;
}

/** The seat demand a hold of a booking's direction answers for (DESIGN §4, seatability). */
export function seatsOf(bookingId: string, types: { group: number; wheelchair: number | null }, legs: readonly number[], group: number, wheelchair: number): DirectionHold['seats'] {
  return { demand: { bookingId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group, wheelchair }, types: { group: types.group, wheelchair: types.wheelchair } };
}

/** What a booking's directions hold, as release requests. */
export function heldOf(services: readonly LockedService[], types: { group: number; wheelchair: number | null; standing: number | null }): AllotmentRequest[] {
  return services.flatMap((s) => {
    const legs = legsBetween(s.fromStationId, s.toStationId);
    const base = { serviceDate: s.serviceDate, serviceId: s.serviceId, legs };
    return [
      { ...base, arrangementTypeId: types.group, quantity: s.heldGroup },
      ...(types.wheelchair !== null ? [{ ...base, arrangementTypeId: types.wheelchair, quantity: s.heldWheelchair }] : []),
      ...(types.standing !== null ? [{ ...base, arrangementTypeId: types.standing, quantity: s.heldStanding }] : []),
    ].filter((r) => r.quantity > 0);
  });
}

export function typesOf(booking: LockedBooking): { group: number; wheelchair: number | null; standing: number | null } {
  if (booking.types.group === null) throw new AppError('CONFLICT', 'no arrangement type is marked as the group allotment');
  return { group: booking.types.group, wheelchair: booking.types.wheelchair, standing: booking.types.standing };
}

/** Returns everything the booking holds and zeroes its held counts, in two statements. */
export async function releaseEverything(tx: Executor, booking: LockedBooking): Promise<void> {
  if (!booking.services.some((s) => s.heldGroup > 0 || s.heldWheelchair > 0 || s.heldStanding > 0)) return;
  await releaseAllotments(tx, heldOf([...booking.services].sort(byDateAndTrain), typesOf(booking)));
  await clearHeld(tx, booking.id);
}

/**
 * Holds the group seats (and wheelchair places) of every direction of the booking not yet held,
 * in date and train order: each direction all its legs or nothing (`holdAllotments`, DESIGN §4).
 * Answers why each direction that could not be held was refused; the held counts on `booking`
 * are updated. The one hold code of reserve_allotments and waitlist promotion.
 */
export async function holdDirections(tx: Tx, booking: LockedBooking): Promise<string[]> {
  const groupSeats = booking.participantQuantity - booking.wheelchairs;
  const todo = booking.services.filter((s) => s.heldGroup === 0 && s.heldWheelchair === 0).sort(byDateAndTrain);
  const types = todo.length > 0 ? typesOf(booking) : null;
  const failures: string[] = [];
  for (const s of todo) {
    try {
      if (booking.wheelchairs > 0 && types!.wheelchair === null) throw new AppError('NOT_ENOUGH_SEATS', 'no wheelchair places are configured');
      await holdAllotments(tx, {
        serviceDate: s.serviceDate,
        serviceId: s.serviceId,
        legs: legsBetween(s.fromStationId, s.toStationId),
        items: [
          { arrangementTypeId: types!.group, quantity: groupSeats },
          ...(booking.wheelchairs > 0 ? [{ arrangementTypeId: types!.wheelchair!, quantity: booking.wheelchairs }] : []),
        ],
        record: (done) => heldDirectionSql(booking.id, s.direction, groupSeats, booking.wheelchairs, done),
        seats: seatsOf(booking.bookingId, types!, legsBetween(s.fromStationId, s.toStationId), groupSeats, booking.wheelchairs),
      });
      s.heldGroup = groupSeats;
      s.heldWheelchair = booking.wheelchairs;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push(`${s.serviceDate} ${labelText(s.names, 'ja')}: ${error.message}`);
    }
  }
  return failures;
}

/** The index of the first direction not yet held whose train has already run (today in Japan), or -1. */
export function firstPastUnheld(booking: LockedBooking, today: string): number {
  return booking.services.findIndex((s) => s.serviceDate < today && s.heldGroup === 0 && s.heldWheelchair === 0);
}

/**
 * Holds the group seats (and wheelchair places) of every direction not yet held. Each
 * direction holds all its legs or nothing; a round trip with one direction held is PENDING;
 * nothing held releases everything and warns.
 */
export async function reserveAllotments(work: Work, principal: Principal, bookingId: string, clock: Clock): Promise<{ sub_status: BookingSubStatus; warning: string | null }> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'reserve_allotments');
  const today = clock.today();
  const past = firstPastUnheld(booking, today);
  if (past >= 0) {
    throw new AppError('VALIDATION_FAILED', `services.${past}.service_date: ${booking.services[past]!.serviceDate} has passed (today is ${today} in Japan)`, `services.${past}.service_date`);
  }
  const failures = await holdDirections(work.tx, booking);
  const heldNow = booking.services.filter((s) => s.heldGroup > 0 || s.heldWheelchair > 0).length;
  const outcome = heldNow === booking.services.length ? 'ALL' : heldNow === 0 ? 'NONE' : 'SOME';
  const next = nextStep(state, 'reserve_allotments', callerOf(principal), { outcome });
  let warning: string | null = null;
  if (next.subStatus === 'SAGANO_ALLOTMENT_NOT_AVAILABLE') {
    await releaseEverything(work.tx, booking);
    warning = `no allotment could be held; everything was released (${failures.join('; ')})`;
  } else if (failures.length > 0) {
    warning = `one direction could not be held (${failures.join('; ')})`;
  }
  // Agents' systems hear of the allotment once every train is held (webhook booking.reserved).
  await recordStep(work, principal, booking, { subStatus: next.subStatus }, 'UPDATE', undefined, next.subStatus === 'SAGANO_ALLOTMENT_CONFIRMED' ? 'booking.reserved' : undefined);
  return { sub_status: next.subStatus, warning };
}

export async function releaseAllotmentsStep(work: Work, principal: Principal, bookingId: string): Promise<void> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'release_allotments');
  await releaseEverything(work.tx, booking);
  const next = nextStep(state, 'release_allotments', callerOf(principal));
  // The room goes to the waitlist, not straight back to this booking if it is itself waitlisted.
  await promoteWaitlistAfterCommit(work, booking.services, 'RELEASE', { exceptBookingIds: [booking.bookingId] });
  await recordStep(work, principal, booking, { subStatus: next.subStatus });
}
