/**
 * The group booking lifecycle (DESIGN §5), composed from one file per concern: the step kernel
 * (booking-steps), read answers (booking-presenter), submission, allotments, the answer,
 * cancellation, modification, notes and the payments a step opens (booking-payments). Routes
 * call this object; the files hold the steps (docs/decisions/007). Steps that decide by the
 * business date get the service's clock here.
 */
import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import { UpdateParamsBody, type BookingResponse, type CalculateAmountBody, type CreateBookingBody } from '@sagano/domain/bookings/booking-schemas';
import type { BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { reserveAllotments, releaseAllotmentsStep, loadVisible } from '../booking-core/index.ts';
import { confirm, refuse } from './booking-answer.ts';
import { cancel, cancelAtOnce, cancellationQuote, confirmCancellation, declineCancellation } from './booking-cancellation.ts';
import { acceptModification, calculate, rejectModification, updateFromToStation, updateParams } from './booking-modification.ts';
import { addNote, addSpecialNote, assignOperator, selectPriority, updateNote } from './booking-notes.ts';
import { mailTemplate, presentBooking, readBookingAnswer, type MailTemplateName } from './booking-presenter.ts';
import { submit } from './booking-submission.ts';
import { applyInstantConfirmation, type InstantConfirmationDeps } from './instant-confirmation.ts';
import { pendingSummary } from './change-summary.ts';
import { reserve } from './booking-reserve.ts';
import { requestSeatAssignment } from './booking-seat-request.ts';

/** A detached, plain-function service: methods may be passed around freely. */
export function createBookingsService({ db, ...options }: {
  db: Db;
  publicUrl: string;
  clock: Clock;
  /** The instant confirmation rules turned on (the instant-confirmation module's service); none: every request waits. */
  enabledRules?: InstantConfirmationDeps['enabledRules'];
  /** The seats module's assign_seats, for rules that seat automatically. */
  assignSeats?: InstantConfirmationDeps['assignSeats'];
}) {
  const { clock } = options;
  const instant: InstantConfirmationDeps = { clock, publicUrl: options.publicUrl, enabledRules: options.enabledRules ?? (async () => []), assignSeats: options.assignSeats };
  const applyInstant = (work: Work, bookingId: string) => applyInstantConfirmation(work, bookingId, instant);
  return {
    calculate: (principal: Principal, body: CalculateAmountBody) => calculate(db, principal, body),
    /**
     * Submits a booking request and, in the same transaction, tries the operator's instant
     * confirmation rules on it (a replayed request is not tried again). `channel` when the caller
     * cannot tell it (the OCTO reseller API passes 'OCTO').
     */
    submit: async (work: Work, principal: Principal, body: CreateBookingBody, channel?: BookingChannel): Promise<{ booking_id: string }> => {
      const { booking_id, created, instantRules } = await submit(work, principal, body, clock, channel);
      // The rules came with the submit's read; none apply where no rules module is wired in.
      if (created) await applyInstantConfirmation(work, booking_id, instant, options.enabledRules ? instantRules : []);
      return { booking_id };
    },
    /** Tries the instant confirmation rules on a booking just submitted (the front door for other modules, e.g. OCTO's confirm). */
    applyInstantConfirmation: applyInstant,
    /** The whole booking as the caller may see it (agents do not see private notes). */
    get: async (executor: Executor, principal: Principal, bookingId: string): Promise<BookingResponse> => {
      const { aggregate: a, answer } = await readBookingAnswer(executor, principal, bookingId, clock.today());
      const change = a.booking.pendingChange === null ? null : UpdateParamsBody.safeParse(a.booking.pendingChange);
      return { ...answer, pending_change_summary: change?.success ? await pendingSummary(executor, a, change.data) : null };
    },
    reserveAllotments: (work: Work, principal: Principal, bookingId: string) => reserveAllotments(work, principal, bookingId, clock),
    releaseAllotments: releaseAllotmentsStep,
    /** reserve_allotments and confirm_booking in one call, all or nothing (booking-reserve.ts). */
    reserve: (work: Work, principal: Principal, bookingId: string) => reserve(work, principal, bookingId, clock, options.publicUrl),
    template: async (executor: Executor, principal: Principal, bookingId: string, template: MailTemplateName, reason?: RefusalReason) =>
      mailTemplate(executor, await loadVisible(executor, principal, bookingId), options.publicUrl, template, reason),
    confirm: (work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }) => confirm(work, principal, bookingId, mail, clock),
    refuse,
    cancellationQuote: (executor: Executor, principal: Principal, bookingId: string) => cancellationQuote(executor, principal, bookingId, clock),
    cancel: (work: Work, principal: Principal, bookingId: string, body: { agree_cancellation_policy: boolean }) => cancel(work, principal, bookingId, body, clock, options.publicUrl),
    /** A channel's cancellation that waits for nobody (OCTO, ADR 039): the policy's fee, settled at once. */
    cancelAtOnce: (work: Work, principal: Principal, bookingId: string) => cancelAtOnce(work, principal, bookingId, clock, options.publicUrl),
    updateParams: (work: Work, principal: Principal, bookingId: string, change: UpdateParamsBody) => updateParams(work, principal, bookingId, change, clock, options.publicUrl),
    acceptModification: (work: Work, principal: Principal, bookingId: string) => acceptModification(work, principal, bookingId, clock, options.publicUrl),
    rejectModification: (work: Work, principal: Principal, bookingId: string, reason: string) => rejectModification(work, principal, bookingId, reason, options.publicUrl),
    confirmCancellation: (work: Work, principal: Principal, bookingId: string) => confirmCancellation(work, principal, bookingId, clock, options.publicUrl),
    declineCancellation: (work: Work, principal: Principal, bookingId: string, reason: string) => declineCancellation(work, principal, bookingId, reason, clock, options.publicUrl),
    selectPriority,
    assignOperator,
    addSpecialNote,
    updateFromToStation,
    notes: async (executor: Executor, principal: Principal, bookingId: string) => presentBooking(await loadVisible(executor, principal, bookingId), principal, clock.today()).notes,
    addNote,
    updateNote,
    requestSeatAssignment,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
