/**
 * Cancellation (DESIGN §5): the fee quoted on the policy, an agent's request or the operator's
 * start, the agreement or confirmation that ends the booking.
 */
import { holdsAllotments, type BookingState, type BookingStatus, type BookingStep } from '@sagano/domain/bookings/booking-state';
import type { CancellationQuoteResponse } from '@sagano/domain/bookings/booking-schemas';
import { quoteCancellation } from '@sagano/domain/bookings/cancellation';
import type { Executor } from '../../db/client.ts';
import { AppError, alreadyConfirmed } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { releaseEverything, loadVisible, beginStep, callerOf, nextStep, notify, recordStep, findBookingRow, readCancellationTerms, type LockedBooking } from '../booking-core/index.ts';
import { previewCancellation, settleCancellation } from '../payments/index.ts';
import { promoteWaitlistAfterCommit } from '../inventory/index.ts';
import { enqueueMail, recipientLanguage } from '../mail/index.ts';
import { freeBookingSeats } from '../seats/index.ts';
import { cancellationDeclinedMail } from './cancellation-mails.ts';
import { lastCancelRevision, quotedCancellation, statusBeforeCancellation } from './booking-cancellation.repository.ts';

/** The fee the booking would owe if cancelled today (the clock's), with the policy it is priced on. */
export async function cancellationQuote(executor: Executor, principal: Principal, bookingId: string, clock: Clock): Promise<CancellationQuoteResponse> {
  const a = await loadVisible(executor, principal, bookingId);
  const terms = await readCancellationTerms(executor, a.booking.id);
  const quote = quoteCancellation({
    policy: terms.policy,
    totalAmountE6: a.booking.totalAmountE6,
    serviceDate: a.services.map((s) => s.serviceDate).sort()[0]!,
    today: clock.today(),
    confirmed: terms.fareOwed,
  });
  // The fee quoted when the cancellation was asked for or started is the one that will be charged.
  const feeE6 = a.booking.cancellationFeeE6 ?? quote.cancellation_fee;
  const settlement = terms.fareOwed ? await previewCancellation(executor, { id: a.booking.id, agentType: a.agent.agentType }, feeE6) : null;
  return { ...quote, policy: terms.policy, ignore_cancellation_policy: a.agent.ignoreCancellationPolicy, settlement };
}

/** The fee the locked booking owes if cancelled on `today`. */
export async function quoteFor(tx: Executor, booking: LockedBooking, today: string) {
  const terms = await readCancellationTerms(tx, booking.id);
  const serviceDate = booking.services.map((s) => s.serviceDate).sort()[0]!;
  return quoteCancellation({ policy: terms.policy, totalAmountE6: booking.totalAmountE6, serviceDate, today, confirmed: terms.fareOwed });
}

/**
 * Ends the booking: seats and allotments are returned (the waitlist promotion job runs for its
 * trains), the money is settled by the payments module (the fee against what was paid, by method:
 * DESIGN §6 "Cancellation and refunds"), and a CANCEL revision is written.
 */
export async function finishCancellation(work: Work, principal: Principal, booking: LockedBooking, state: BookingState, feeE6: number, rateE6: number, today: string, publicUrl: string) {
  const { tx } = work;
  await freeBookingSeats(tx, booking.bookingId);
  if (holdsAllotments(state)) await releaseEverything(tx, booking);
  await settleCancellation(work, booking, feeE6, { today, actor: principal.user.email, publicUrl });
  await notify(tx, booking, 'AGENT', 'CANCELLATION_CONFIRMED');
  if (holdsAllotments(state)) await promoteWaitlistAfterCommit(work, booking.services, 'CANCELLATION');
  await recordStep(work, principal, booking, { status: 'CANCELLED', subStatus: 'INITIAL', voucherConfirmed: false, cancellationRateE6: rateE6, cancellationFeeE6: feeE6, cancelledAt: 'now' }, 'CANCEL', undefined, 'booking.cancellation_confirmed');
}

/**
 * POST /cancel. An agent asks (agreeing to the policy and the fee shown, unless its agent
 * ignores the policy): CANCELLATION_SUBMITTED, for the operator to confirm. The operator
 * starts one: CANCELLATION_PENDING with the fee quoted, for the agent to agree, or cancelled
 * at once for an agent that ignores the policy.
 */
export async function cancel(work: Work, principal: Principal, bookingId: string, body: { agree_cancellation_policy: boolean }, clock: Clock, publicUrl: string): Promise<{ status: BookingStatus; cancellation_fee: number }> {
  const caller = callerOf(principal);
  const step: BookingStep = caller === 'AGENT' ? 'request_cancellation' : 'start_cancellation';
  const { booking, state } = await beginStep(work, principal, bookingId, step);
  if (caller === 'AGENT' && !booking.ignoreCancellationPolicy && !body.agree_cancellation_policy) {
    throw new AppError('VALIDATION_FAILED', 'agree_cancellation_policy: agree to the cancellation policy to cancel', 'agree_cancellation_policy');
  }
  const next = nextStep(state, step, caller);
  const today = clock.today();
  const quote = await quoteFor(work.tx, booking, today);
  if (next.status === 'CANCELLED') {
    await finishCancellation(work, principal, booking, state, quote.cancellation_fee, quote.rate_e6, today, publicUrl);
  } else {
    // The operator hears of an agent's request; the agent is asked to agree to the fee the operator quoted.
    await notify(work.tx, booking, caller === 'AGENT' ? 'ADMIN' : 'AGENT', caller === 'AGENT' ? 'CANCELLATION' : 'CANCELLATION_FEE_QUOTED');
    // The status to go back to if the cancellation is declined (the seats and allotments stay held meanwhile).
    await recordStep(work, principal, booking, { status: next.status, cancellationRateE6: quote.rate_e6, cancellationFeeE6: quote.cancellation_fee, statusBeforeCancellation: state.status, cancellationDeclined: null });
  }
  return { status: next.status, cancellation_fee: quote.cancellation_fee };
}

/**
 * A reseller's cancellation over OCTO (ADR 039): the standard has no cancellation waiting for the
 * supplier, and the reseller cancels on the policy published with the product. The agent's
 * request and its end in one step: the policy's fee today, the seats and allotments returned, the
 * money settled and a CANCEL revision, exactly as a confirmed cancellation; the operator is told.
 */
export async function cancelAtOnce(work: Work, principal: Principal, bookingId: string, clock: Clock, publicUrl: string): Promise<{ status: BookingStatus; cancellation_fee: number }> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'request_cancellation');
  const today = clock.today();
  const quote = await quoteFor(work.tx, booking, today);
  await notify(work.tx, booking, 'ADMIN', 'CANCELLATION');
  await finishCancellation(work, principal, booking, state, quote.cancellation_fee, quote.rate_e6, today, publicUrl);
  return { status: 'CANCELLED', cancellation_fee: quote.cancellation_fee };
}

/** The operator confirms an agent's request, or the agent agrees to the fee the operator quoted: CANCELLED (irreversible). */
export async function confirmCancellation(work: Work, principal: Principal, bookingId: string, clock: Clock, publicUrl: string): Promise<void> {
  const caller = callerOf(principal);
  await refuseSecondConfirmation(work, principal, bookingId);
  const step: BookingStep = caller === 'AGENT' ? 'agree_cancellation' : 'confirm_cancellation';
  const { booking, state } = await beginStep(work, principal, bookingId, step);
  const quoted = await quotedCancellation(work.tx, booking.id);
  // The fee quoted when the cancellation was asked for or started is the one agreed to.
  const today = clock.today();
  const quote = quoted?.fee != null ? { fee: quoted.fee, rate: quoted.rate ?? 0 } : await quoteFor(work.tx, booking, today).then((q) => ({ fee: q.cancellation_fee, rate: q.rate_e6 }));
  await finishCancellation(work, principal, booking, state, quote.fee, quote.rate, today, publicUrl);
}

/**
 * A cancellation already confirmed (a second window, a retry): 409 ALREADY_CONFIRMED saying when
 * and by whom, rather than "not possible in this state". Visibility first: another agent's
 * booking stays 404.
 */
async function refuseSecondConfirmation(work: Work, principal: Principal, bookingId: string): Promise<void> {
  // One row read (the step kernel locks and checks everything else right after).
  const booking = await findBookingRow(work.tx, bookingId);
  if (!booking || !canSee(principal, booking) || booking.status !== 'CANCELLED') return;
  const cancelled = await lastCancelRevision(work.tx, booking.id);
  throw alreadyConfirmed('the cancellation', cancelled?.at ?? booking.cancelledAt ?? new Date(), cancelled?.by ?? null);
}

/**
 * POST /decline_cancellation. The operator declines an agent's request, or the agent declines the
 * fee the operator quoted: the booking returns to the status it had before (a request or start
 * changed nothing else: seats and allotments are still held), the quoted fee is dropped, and the
 * other side is told (the agent by notification and mail, with the reason; the operator by notification).
 */
export async function declineCancellation(work: Work, principal: Principal, bookingId: string, reason: string, clock: Clock, publicUrl: string): Promise<void> {
  const caller = callerOf(principal);
  const { booking, state } = await beginStep(work, principal, bookingId, 'decline_cancellation');
  const next = nextStep(state, 'decline_cancellation', caller, { statusBeforeCancellation: await statusBeforeCancellation(work.tx, booking.id) });
  const declined = { reason, declined_by: caller === 'AGENT' ? 'AGENT' : 'OPERATOR', declined_at: clock.now().toISOString() } as const;
  if (caller === 'AGENT') {
    await notify(work.tx, booking, 'ADMIN', 'CANCELLATION_FEE_DECLINED');
  } else {
    await notify(work.tx, booking, 'AGENT', 'CANCELLATION_DECLINED');
    const mail = cancellationDeclinedMail(await recipientLanguage(work.tx, booking.applicantEmail), {
      bookingId: booking.bookingId,
      groupName: booking.groupName,
      reason,
      link: `${publicUrl}/bookings/${booking.bookingId}`,
    });
    await enqueueMail(work, { kind: 'CANCELLATION_DECLINED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
  }
  await recordStep(work, principal, booking, { status: next.status, cancellationRateE6: null, cancellationFeeE6: null, statusBeforeCancellation: null, cancellationDeclined: declined });
}

