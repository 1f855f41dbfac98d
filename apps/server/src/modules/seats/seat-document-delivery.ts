/**
 * Delivering a mailed seat table or voucher (DESIGN §5, ADR 035 "decide, then deliver"). The step
 * (send_seat_table, send_voucher, resend_documents) decides in its transaction: the booking's
 * state and history, and the mailing (seat_document_mailings) with what the document prints,
 * frozen, its fingerprint and the mail's words. Once it has committed it sends this job per
 * mailing; the job lays the PDF out from the frozen content outside any transaction, then, in a
 * short transaction of its own, claims the delivery (scheduled_effects SEAT_DOCUMENT_MAIL
 * `mailing:<id>`, on the Tokyo date it was decided) and puts the mail, the PDF attached, in the
 * outbox. A retried or repeated job finds the claim taken and mails nothing. A mailing whose job
 * was lost (a crash after the step's commit, its retries spent) goes out at the queue's next start
 * and when the next mailing's delivery runs.
 */
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { jobKey } from '../../jobs/define-job.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { renderSeatSheetPdf, type SeatSheet } from '../documents/index.ts';
import { claimEffect } from '../jobs/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { DocumentName } from './booking-documents.repository.ts';
import { renderVoucher, type VoucherContent } from './seat-documents.ts';
import { findMailing, insertMailing, mailingSubject, SEAT_DOCUMENT_MAIL, type MailingRead, type NewMailing } from './seat-document-mailings.repository.ts';

/** Sent by the step after its commit, one per mailed document. */
export const DELIVER_SEAT_DOCUMENT = jobKey('seats.deliver-document', z.object({ mailing_id: z.number().int().positive() }));

/** What a mailed document prints, frozen by the step: the seat sheet's data, or the voucher's (seat-documents.ts). */
export type SeatDocumentContent = { sheet: SeatSheet } | VoucherContent;

const PDF = 'application/pdf';
const FILE_PREFIX: Record<DocumentName, string> = { seat_table: 'seat-table', voucher: 'voucher' };

/**
 * Records a mailing in the step's transaction (the document's frozen content, its fingerprint, the
 * mail's recipient and words) and sends its delivery once the transaction has committed.
 */
export async function decideMailing(work: Work, mailing: Omit<NewMailing, 'content'> & { content: SeatDocumentContent }): Promise<number> {
  const id = await insertMailing(work.tx, { ...mailing, content: mailing.content as unknown as Record<string, unknown> });
  work.enqueue(DELIVER_SEAT_DOCUMENT, { mailing_id: id });
  return id;
}

/** A mailing ready to go: its PDF laid out. */
export interface PreparedMailing {
  mailing: MailingRead;
  pdf: Buffer;
}

/** The PDF of a mailing's frozen content. */
function layOut(mailing: MailingRead): Promise<Buffer> {
  const content = mailing.content as unknown as SeatDocumentContent;
  return 'sheet' in content ? renderSeatSheetPdf(content.sheet) : renderVoucher(content);
}

/**
 * Reads a mailing and lays out its PDF, with `executor` outside any transaction; undefined when it
 * is unknown, was delivered already, or has nothing to lay out (copied from the outbox).
 */
export async function prepareMailing(executor: Executor, mailingId: number): Promise<PreparedMailing | undefined> {
  const mailing = await findMailing(executor, mailingId);
  if (!mailing || mailing.delivered || mailing.content === null) return undefined;
  return { mailing, pdf: await layOut(mailing) };
}

/**
 * Claims the mailing's delivery and puts its mail, the PDF attached, in the outbox, in the caller's
 * transaction. Answers how many mails were queued: 0 when another run had the claim.
 */
export async function mailDocument(work: Work, prepared: PreparedMailing): Promise<number> {
  const { mailing, pdf } = prepared;
  const claimed = await claimEffect(work.tx, {
    kind: SEAT_DOCUMENT_MAIL,
    subject: mailingSubject(mailing.id),
    effectDate: mailing.effectDate,
    bookingId: mailing.bookingDbId,
    detail: { booking_id: mailing.bookingId, mail_kind: mailing.mailKind },
  });
  if (!claimed) return 0;
  await enqueueMail(work, {
    kind: mailing.mailKind,
    toAddress: mailing.toAddress,
    subject: mailing.subject,
    bodyText: mailing.bodyText,
    bookingId: mailing.bookingId,
    attachments: [{ filename: `${FILE_PREFIX[mailing.document]}-${mailing.bookingId}.pdf`, contentType: PDF, content: pdf }],
    ...(mailing.fingerprint !== null ? { documentFingerprint: mailing.fingerprint } : {}),
  });
  return 1;
}
