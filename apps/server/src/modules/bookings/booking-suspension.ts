/**
 * Suspensions reach the bookings (DESIGN §3, §10 "Documents for agents, suspensions and demo
 * data"): when a train will not run on a day (suspended by the operator, or stopped by a
 * pattern-calendar or special-day change), every live booking on it is refused with the
 * suspension reason, whatever step it was at: seats and allotments released, unpaid fares
 * waived, the refusal mail in the outbox and the agent's notification, a history revision.
 */
import { bookingsOnStoppedTrains, type StoppedTrain, type SuspensionReason, promoteWaitlistAfterCommit } from '../inventory/index.ts';
import { holdsAllotments, refusedBySuspension } from '@sagano/domain/bookings/booking-state';
import { mailSignature } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Work } from '../../lib/unit-of-work.ts';
import { enqueueMail } from '../mail/index.ts';
import { readOperatorBasicInfo } from '../master-data/index.ts';
import { suspensionMail, loadBooking, lockBooking, recordSystemStep, type LockedBooking, notify, stateOfLocked, releaseEverything, toMailBooking } from '../booking-core/index.ts';
import { waiveForRefusal } from '../payments/index.ts';
import { freeBookingSeats } from '../seats/index.ts';

/**
 * Refuses every live booking on the stopped trains in the caller's transaction; answers the
 * booking numbers refused. Bookings are locked first, in id order, before any counter is
 * touched (the lock order of every booking step). `actor` is recorded on the history revision.
 */
export async function refuseBookingsOnStoppedTrains(work: Work, actor: string, trains: readonly StoppedTrain[]): Promise<string[]> {
  const { tx } = work;
  const affected = await bookingsOnStoppedTrains(tx, trains);
  const reasonOf = new Map<string, SuspensionReason>();
  // A booking on a day that stops entirely is refused for the day; otherwise for its train.
  for (const a of affected) if (reasonOf.get(a.booking_id) !== 'SERVICEDAY_SUSPENSION') reasonOf.set(a.booking_id, a.reason);
  const locked: LockedBooking[] = [];
  for (const id of reasonOf.keys()) {
    const booking = await lockBooking(tx, id);
    if (booking) locked.push(booking);
  }
  const stopped = new Set(trains.map((x) => `${x.serviceDate}|${x.serviceId}`));
  const signature = locked.length > 0 ? mailSignature(await readOperatorBasicInfo(tx)) : '';
  const refused: string[] = [];
  for (const booking of locked) {
    const state = stateOfLocked(booking);
    const next = refusedBySuspension(state);
    if (!next) continue; // ended meanwhile
    const reason = reasonOf.get(booking.bookingId)!;
    await freeBookingSeats(tx, booking.bookingId);
    if (holdsAllotments(state)) await releaseEverything(tx, booking);
    // Nothing is owed any more; what was already paid goes back in full (a card through the gateway).
    await waiveForRefusal(work, booking, actor, 'SUSPENSION');
    const aggregate = await loadBooking(tx, booking.bookingId);
    const mail = suspensionMail(toMailBooking(aggregate!), reason, signature);
    await enqueueMail(work, { kind: 'booking.ng', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId: booking.bookingId });
    await notify(tx, booking, 'AGENT', 'BOOKING_REFUSED');
    // Seats freed on the booking's other trains (a round trip's running direction) go to the waitlist.
    const running = booking.services.filter((s) => !stopped.has(`${s.serviceDate}|${s.serviceId}`));
    if (holdsAllotments(state)) await promoteWaitlistAfterCommit(work, running, 'REFUSAL');
    await recordSystemStep(work, booking.id, { status: next.status, subStatus: next.subStatus, voucherConfirmed: false, refusalReason: reason, pendingChange: null }, actor, 'booking.refused');
    refused.push(booking.bookingId);
  }
  return refused;
}
