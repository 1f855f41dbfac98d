/**
 * POST /v1/bookings/{id}/reserve (spec 001 §7.2, no body; DESIGN §10 "Reserve in one call"): the
 * back office's "hold and confirm" in one call. It holds every train not yet held
 * (reserve_allotments) and confirms the booking with the standard booking OK mail
 * (confirm_booking), all or nothing: a train that cannot be held refuses the whole call (409
 * NOT_ENOUGH_SEATS) and nothing is written. Each step keeps its own history revision, so the
 * booking's history reads as if the two steps were taken one after the other.
 */
import { mayTake, type BookingStatus, type BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { reserveAllotments, callerOf, stateOfLocked, loadBooking, lockBooking, type BookingPatch } from '../booking-core/index.ts';
import { confirm } from './booking-answer.ts';
import { mailTemplate } from './booking-presenter.ts';

export async function reserve(work: Work, principal: Principal, bookingId: string, clock: Clock, publicUrl: string, extra: Pick<BookingPatch, 'instantConfirmationRuleId'> = {}): Promise<{ status: BookingStatus; sub_status: BookingSubStatus }> {
  const locked = await lockBooking(work.tx, bookingId);
  if (!locked || !canSee(principal, locked)) throw notFound('booking');
  const caller = callerOf(principal);
  // Allotments already all held (a booking reserved earlier, or both trains of a half-held round trip): only the answer is left.
  if (mayTake('reserve_allotments', stateOfLocked(locked), caller)) {
    const held = await reserveAllotments(work, principal, bookingId, clock);
    if (held.sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') {
      // Thrown, the transaction rolls back: nothing stays held and no revision is written.
      throw new AppError('NOT_ENOUGH_SEATS', `not every train could be held, so nothing was reserved (${held.warning ?? held.sub_status})`);
    }
  }
  const booking = await loadBooking(work.tx, bookingId);
  const mail = await mailTemplate(work.tx, booking!, publicUrl, 'booking_ok');
  await confirm(work, principal, bookingId, { subject: mail.subject, body: mail.body }, clock, extra);
  return { status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' };
}
