/** The operator's answer to a booking request: confirmed (fare opened, booking OK mailed) or refused. */
import { holdsAllotments, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import { DEFAULT_PAYMENT_DAY_BEFORE } from '@sagano/domain/master-data/group-schedule-schemas';
import { fareDueDate } from '@sagano/domain/payments/due-dates';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { paymentDayBeforeOn } from '../master-data/index.ts';
import { releaseEverything, beginStep, callerOf, nextStep, notify, recordStep, readCancellationPolicy, type BookingPatch } from '../booking-core/index.ts';
import { openFare, waiveForRefusal } from '../payments/index.ts';
import { promoteWaitlistAfterCommit } from '../inventory/index.ts';

/** Confirms the reservation, opens its payment and mails the booking OK. */
export async function confirm(work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }, clock: Clock, extra: Pick<BookingPatch, 'instantConfirmationRuleId'> = {}): Promise<void> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'confirm_booking');
  const next = nextStep(state, 'confirm_booking', callerOf(principal));
  // A card payment is due the group schedule's payment_day_before days before the first train,
  // but never before the agent has had a few days to pay (the domain's fareDueDate).
  const firstDate = booking.services.map((s) => s.serviceDate).sort()[0]!;
  const daysBefore = (await paymentDayBeforeOn(work.tx, firstDate)) ?? DEFAULT_PAYMENT_DAY_BEFORE;
  const cardDueDate = fareDueDate({ firstServiceDate: firstDate, paymentDayBefore: daysBefore, confirmedOn: clock.today() });
  const fareStatus = await openFare(work, booking, cardDueDate);
  const policy = await readCancellationPolicy(work.tx);
  await enqueueMail(work, { kind: 'booking.ok', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId });
  await notify(work.tx, booking, 'AGENT', 'BOOKING_CONFIRMED');
  // Monthly agents are invoiced by the operator; card and coupon agents pay or report it themselves.
  if (fareStatus === 'INVOICE_PENDING') {
    await notify(work.tx, booking, 'ADMIN', 'INVOICE_REQUEST', 'payment');
  } else {
    await notify(work.tx, booking, 'ADMIN', 'PAYMENT_REQUEST', 'payment');
    await notify(work.tx, booking, 'AGENT', 'PAYMENT_REQUEST', 'payment');
  }
  await recordStep(work, principal, booking, { status: next.status, cancellationPolicy: policy, ...extra }, 'UPDATE', undefined, 'booking.confirmed');
}

/** Refuses the request with a reason: everything held is released, nothing is owed. */
export async function refuse(work: Work, principal: Principal, bookingId: string, reason: RefusalReason, mail: { subject: string; body: string }): Promise<void> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'refuse_booking');
  const next = nextStep(state, 'refuse_booking', callerOf(principal));
  if (holdsAllotments(state)) await releaseEverything(work.tx, booking);
  await waiveForRefusal(work, booking, principal.user.email, 'OVERPAYMENT');
  await enqueueMail(work, { kind: 'booking.ng', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId });
  await notify(work.tx, booking, 'AGENT', 'BOOKING_REFUSED');
  if (holdsAllotments(state)) await promoteWaitlistAfterCommit(work, booking.services, 'REFUSAL');
  await recordStep(work, principal, booking, { status: next.status, subStatus: next.subStatus, refusalReason: reason }, 'UPDATE', undefined, 'booking.refused');
}
