/**
 * The seat table and the voucher as documents (DESIGN §4–§5): their PDFs as staff, station staff
 * and the booking's agent download them, the steps that mail them (send_seat_table, send_voucher,
 * confirm_voucher) and the resending of those the booking has since outdated. A step decides the
 * mailing in its transaction, what the document prints frozen with it; the delivery job lays out
 * the PDF and queues the mail after the commit (seat-document-delivery.ts, ADR 035). Seats being
 * sent stay where they are from then on.
 */
import { bookingFlags, mayShowSeatTable } from '@sagano/domain/bookings/booking-state';
import type { ResendDocumentsBody, SendVoucherBody } from '@sagano/domain/seats/seat-schemas';
import { resendable, type ResendableDocument } from '@sagano/domain/bookings/booking-progress';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { typesOf, customerUrl, loadVisible, toMailBooking, beginStep, callerOf, nextStep, recordStep, loadBooking, type BookingAggregate, type HistoryStepNote, type LockedBooking } from '../booking-core/index.ts';
import { bookingDocuments, documentFingerprints, voucherWaitsForPayment } from './booking-documents.ts';
import { readSeatsKey } from './booking-documents.repository.ts';
import { recipientLanguage } from '../mail/index.ts';
import { reissueMail } from './reissue-mails.ts';
import { prepareSeatFixing } from '../inventory/index.ts';
import { renderSeatSheetPdf } from '../documents/index.ts';
import { seatSheetOf, voucherOf, voucherPdfOf } from './seat-documents.ts';
import { decideMailing, mailDocument, prepareMailing } from './seat-document-delivery.ts';
import { undeliveredMailings } from './seat-document-mailings.repository.ts';
import { bookingStateOf } from './seat-views.ts';
import { markSeatsFixed } from './seats.repository.ts';

export function createSeatDocumentSteps(options: { publicUrl: string }) {
  /**
   * GET /seat_table.pdf: the seat sheet as it stands. The back office any time (a preview);
   * station staff and the booking's own agent or branch when can_show_seat_table says so.
   */
  async function seatSheetPdf(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (!mayShowSeatTable(bookingStateOf(aggregate), callerOf(principal))) throw new AppError('STEP_NOT_ALLOWED', 'the seat table is not issued yet');
    return renderSeatSheetPdf(await seatSheetOf(executor, aggregate));
  }

  /**
   * GET /voucher.pdf: the back office previews it before or after confirmation; station staff
   * and the booking's own agent or branch download it once confirmed (can_show_voucher).
   */
  async function voucherPreview(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (callerOf(principal) !== 'OPERATOR' && !bookingFlags(bookingStateOf(aggregate), callerOf(principal)).can_show_voucher) {
      throw new AppError('STEP_NOT_ALLOWED', 'the voucher is not issued yet');
    }
    return voucherPdfOf(executor, aggregate, options.publicUrl);
  }

  /** Seats on their way to the group (seat table, voucher) stay where they are from now on. */
  async function fixAll(tx: Executor, booking: LockedBooking): Promise<void> {
    for (const s of [...booking.services].sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId)) {
      const day = { serviceDate: s.serviceDate, serviceId: s.serviceId };
      await prepareSeatFixing(tx, day, typesOf(booking), booking.bookingId);
      await markSeatsFixed(tx, day, booking.bookingId);
    }
  }

  /**
   * POST /send_seat_table: the seat sheet mailed to the applicant (decided here, its PDF laid out
   * and mailed through the outbox by the delivery job after the commit); SEAT_TABLE_SENT.
   */
  async function sendSeatTable(work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }): Promise<void> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'confirm_seats');
    await fixAll(work.tx, booking);
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    await decideMailing(work, {
      bookingDbId: booking.id,
      document: 'seat_table',
      mailKind: 'booking.seat_table',
      fingerprint: documentFingerprints(aggregate, await readSeatsKey(work.tx, bookingId)).seat_table,
      content: { sheet: await seatSheetOf(work.tx, aggregate) },
      toAddress: booking.applicantEmail,
      subject: mail.subject,
      bodyText: mail.body,
    });
    await recordStep(work, principal, booking, { subStatus: nextStep(state, 'confirm_seats', 'OPERATOR').subStatus });
  }

  async function confirmVoucher(work: Work, principal: Principal, bookingId: string, note: string): Promise<void> {
    const { booking } = await beginStep(work, principal, bookingId, 'confirm_voucher');
    await recordStep(work, principal, booking, { voucherConfirmed: true, voucherNote: note });
  }

  /** A prepaid voucher with its fare unpaid goes out only with the operator's reason (kept in the history). */
  function checkVoucherPayment(aggregate: BookingAggregate, overrideReason: string | undefined): HistoryStepNote | undefined {
    if (!voucherWaitsForPayment(aggregate)) return undefined;
    if (!overrideReason) throw new AppError('VOUCHER_AWAITS_PAYMENT', 'the fare of this prepaid booking is not paid yet; send the voucher once paid, or give override_unpaid_reason');
    return { voucher_override_unpaid_reason: overrideReason };
  }

  /**
   * POST /send_voucher: the voucher mailed with the customer link (its PDF laid out and mailed by
   * the delivery job after the commit); a prepaid one once its fare is paid (or with the operator's reason).
   */
  async function sendVoucher(work: Work, principal: Principal, bookingId: string, body: SendVoucherBody): Promise<void> {
    const { booking } = await beginStep(work, principal, bookingId, 'send_voucher');
    const before = (await loadBooking(work.tx, bookingId))!;
    const stepNote = checkVoucherPayment(before, body.override_unpaid_reason);
    await fixAll(work.tx, booking);
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    await decideMailing(work, {
      bookingDbId: booking.id,
      document: 'voucher',
      mailKind: 'booking.voucher',
      fingerprint: documentFingerprints(aggregate, await readSeatsKey(work.tx, bookingId)).voucher,
      content: await voucherOf(work.tx, aggregate, options.publicUrl),
      toAddress: booking.applicantEmail,
      subject: body.mail.subject,
      bodyText: body.mail.body,
    });
    await recordStep(work, principal, booking, {}, 'UPDATE', stepNote, 'booking.voucher_sent');
  }

  /**
   * POST /resend_documents: every mailed seat table and voucher the booking has since changed
   * (documents.outdated) that can go as it stands is mailed again, the current PDF attached (by the
   * delivery job, after the commit), with a mail saying it replaces the earlier one
   * (booking.*_reissued, in the applicant's language). A prepaid voucher waits for its fare as on
   * the first sending.
   */
  async function resendDocuments(work: Work, principal: Principal, bookingId: string, body: ResendDocumentsBody): Promise<{ resent: ResendableDocument[] }> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'confirm_seats');
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    const documents = await bookingDocuments(work.tx, aggregate);
    const resent = resendable(state, documents.voucher_sent_at !== null, documents.outdated);
    if (resent.length === 0) throw new AppError('NOTHING_TO_RESEND', 'no mailed seat table or voucher is outdated and ready to be sent again');
    const stepNote = resent.includes('voucher') ? checkVoucherPayment(aggregate, body.override_unpaid_reason) : undefined;
    const seatsKey = await readSeatsKey(work.tx, bookingId);
    const fingerprints = documentFingerprints(aggregate, seatsKey);
    const to = booking.applicantEmail;
    const lang = await recipientLanguage(work.tx, to);
    const params = { booking: toMailBooking(aggregate), link: `${options.publicUrl}/bookings/${bookingId}`, customerUrl: customerUrl(options.publicUrl, bookingId, aggregate.booking.bookingToken) };
    for (const doc of resent) {
      const mail = reissueMail(doc, lang, params);
      await decideMailing(work, {
        bookingDbId: booking.id,
        document: doc,
        mailKind: doc === 'seat_table' ? 'booking.seat_table_reissued' : 'booking.voucher_reissued',
        fingerprint: fingerprints[doc],
        content: doc === 'seat_table' ? { sheet: await seatSheetOf(work.tx, aggregate) } : await voucherOf(work.tx, aggregate, options.publicUrl),
        toAddress: to,
        subject: mail.subject,
        bodyText: mail.bodyText,
      });
    }
    await recordStep(work, principal, booking, {}, 'UPDATE', stepNote, resent.includes('voucher') ? 'booking.voucher_sent' : undefined);
    return { resent };
  }

  /**
   * Delivers every mailing not delivered yet in the caller's transaction, PDFs laid out inside it:
   * for a caller with no queue and nobody waiting (the demo data's seeding). Answers how many
   * mails were queued.
   */
  async function deliverDocumentsNow(work: Work): Promise<number> {
    let mails = 0;
    for (const id of await undeliveredMailings(work.tx)) {
      const prepared = await prepareMailing(work.tx, id);
      if (prepared) mails += await mailDocument(work, prepared);
    }
    return mails;
  }

  return { seatSheetPdf, voucherPreview, sendSeatTable, confirmVoucher, sendVoucher, resendDocuments, deliverDocumentsNow };
}
