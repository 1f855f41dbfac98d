/**
 * The group booking lifecycle (DESIGN §5), composed from one file per concern: the step kernel
 * (booking-steps), read answers (booking-presenter), submission, allotments, the answer,
 * cancellation, modification, notes and the payments a step opens (booking-payments). Routes
 * call this object; the files hold the steps (docs/decisions/007).
 */
import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import type { BookingResponse, CalculateAmountBody } from '@sagano/domain/bookings/booking-schemas';
import type { Db, Executor } from '../../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import { reserveAllotments, releaseAllotmentsStep } from './booking-allotments.ts';
import { confirm, refuse } from './booking-answer.ts';
import { cancel, cancellationQuote, confirmCancellation } from './booking-cancellation.ts';
import { bookingDocuments } from './booking-documents.ts';
import { acceptModification, calculate, rejectModification, updateFromToStation, updateParams } from './booking-modification.ts';
import { addNote, addSpecialNote, assignOperator, selectPriority, updateNote } from './booking-notes.ts';
import { loadVisible, mailTemplate, presentBooking, type MailTemplateName } from './booking-presenter.ts';
import { submit } from './booking-submission.ts';

/** A detached, plain-function service: methods may be passed around freely. */
export function createBookingsService(db: Db, options: { publicUrl: string }) {
  return {
    calculate: (principal: Principal, body: CalculateAmountBody) => calculate(db, principal, body),
    submit,
    /** The whole booking as the caller may see it (agents do not see private notes). */
    get: async (executor: Executor, principal: Principal, bookingId: string): Promise<BookingResponse> => {
      const a = await loadVisible(executor, principal, bookingId);
      return presentBooking(a, principal, await bookingDocuments(executor, a));
    },
    present: presentBooking,
    reserveAllotments,
    releaseAllotments: releaseAllotmentsStep,
    template: async (executor: Executor, principal: Principal, bookingId: string, template: MailTemplateName, reason?: RefusalReason) =>
      mailTemplate(executor, await loadVisible(executor, principal, bookingId), options.publicUrl, template, reason),
    confirm,
    refuse,
    cancellationQuote,
    cancel,
    updateParams,
    acceptModification,
    rejectModification,
    confirmCancellation,
    selectPriority,
    assignOperator,
    addSpecialNote,
    updateFromToStation,
    notes: async (executor: Executor, principal: Principal, bookingId: string) => presentBooking(await loadVisible(executor, principal, bookingId), principal).notes,
    addNote,
    updateNote,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
