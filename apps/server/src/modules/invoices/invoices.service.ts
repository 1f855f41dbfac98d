/**
 * Invoices, receipts and return invoices (DESIGN §6). A document is issued the first time it is
 * asked for, for the payment as it stands; asked again with the same total it is the same
 * document (same number); with another total a new one is issued that refers to the one it
 * replaces. Issuing is one transaction: the payment row locked (one document per request race),
 * the kind's counter incremented (sequential, never skipped or reused), the document inserted
 * with everything it prints frozen, and the operation log written (a GET that issues still logs).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { mayHaveDocument, documentStillStands, documentTotalE6, type DocumentPayment } from '@sagano/domain/invoices/document-rules';
import { documentNumber, type DocumentKind } from '@sagano/domain/invoices/document-numbers';
import { InvoiceDocumentContent } from '@sagano/domain/invoices/invoice-schemas';
import { invoiceEntityOf, type InvoiceResponse } from '@sagano/domain/invoices/invoice-entity';
import { tokyoDateOf } from '@sagano/domain/common/business-date';
import type { PaymentCaller } from '@sagano/domain/payments/payment-state';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertOperationLog } from '../audit/index.ts';
import { operatorLabel, type Principal } from '../auth/index.ts';
import { loadVisible, callerOf, loadBooking, type BookingAggregate } from '../booking-core/index.ts';
import { type FileStorage, readStoredFile } from '../files/index.ts';
import { stateOfPayment } from '../payments/index.ts';
import { documentContent } from './invoice-content.ts';
import { renderInvoiceDocumentPdf } from './invoice-pdf.ts';
import { findPayment, insertDocument, latestDocument, lockPaymentOfBooking, nextSequence, type InvoiceDocumentRow, type PaymentRow } from './invoices.repository.ts';

export const DOCUMENT_FILE_PREFIX: Record<DocumentKind, string> = { INVOICE: 'invoice', RECEIPT: 'receipt', RETURN_INVOICE: 'return-invoice' };

function documentPaymentOf(row: PaymentRow): DocumentPayment {
  return { ...stateOfPayment(row), direction: row.direction };
}

/** Whether `caller` may have the `kind` document of this payment now (the presenter's links use it too). */
export function paymentHasDocument(kind: DocumentKind, row: PaymentRow, caller: PaymentCaller): boolean {
  return mayHaveDocument(kind, documentPaymentOf(row), caller);
}

function tokenMatches(given: string, actual: string): boolean {
  const hash = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(hash(given), hash(actual));
}

export interface IssuedPdf {
  documentNumber: string;
  pdf: Buffer;
}

/** The images an issued document printed, served beside its Invoice entity (operator_info.logo_url, stamp_url). */
export const DOCUMENT_IMAGES = ['logo', 'stamp'] as const;
export type DocumentImage = (typeof DOCUMENT_IMAGES)[number];

/** The group's invoice of a payment: its address, so the entity names its images where the same link serves them. */
const customerInvoicePath = (bookingId: string, paymentId: number) => `/v1/bookings/${bookingId}/invoices/${paymentId}`;

export function createInvoicesService({ db, ...options }: { db: Db; clock: Clock; fileStorage: FileStorage }) {
  const { clock, fileStorage } = options;

  /** The standing document of this kind for the payment, issued now when there is none for its total. */
  async function standingDocument(aggregate: BookingAggregate, paymentId: number, kind: DocumentKind, caller: PaymentCaller, actor: { principal: Principal | null; request: unknown }, refusal: () => Error): Promise<InvoiceDocumentRow> {
    return db.transaction(async (tx) => {
      const payment = await lockPaymentOfBooking(tx, aggregate.booking.id, paymentId);
      if (!payment) throw notFound('payment');
      const state = documentPaymentOf(payment);
      if (!mayHaveDocument(kind, state, caller)) throw refusal();
      const totalE6 = documentTotalE6(kind, state);
      const latest = await latestDocument(tx, payment.id, kind);
      if (latest && documentStillStands(latest.totalAmountE6, totalE6)) return latest;

      // A return invoice names the invoice it returns from (the original fare's latest), else the day that fare was settled.
      const parent = kind === 'RETURN_INVOICE' && payment.parentPaymentId !== null ? await findPayment(tx, payment.parentPaymentId) : undefined;
      const original = parent ? await latestDocument(tx, parent.id, 'INVOICE') : undefined;
      const refersTo = kind === 'RETURN_INVOICE' ? (original ?? null) : (latest ?? null);
      const originalDate = kind === 'RETURN_INVOICE' && !original && parent?.confirmedAt ? tokyoDateOf(parent.confirmedAt) : null;

      const issueDate = clock.today();
      const sequence = await nextSequence(tx, kind);
      const content = InvoiceDocumentContent.parse(await documentContent(tx, { kind, sequence, issueDate, aggregate, payment, totalE6, refersTo, originalDate }));
      const row = await insertDocument(tx, {
        kind,
        sequenceNumber: sequence,
        documentNumber: documentNumber(kind, sequence),
        paymentId: payment.id,
        bookingId: aggregate.booking.id,
        issuedOn: issueDate,
        issuedAt: clock.now(),
        refersToId: refersTo?.id ?? null,
        totalAmountE6: totalE6,
        content,
        issuedByAccountId: actor.principal?.accountId ?? null,
      });
      await insertOperationLog(tx, {
        category: 'payments',
        operator: operatorLabel(actor.principal, 'customer'),
        operatorAccountId: actor.principal?.accountId ?? null,
        operation: 'invoices.issue',
        bookingId: aggregate.booking.bookingId,
        isError: false,
        statusCode: 200,
        requestJson: actor.request,
        responseJson: { kind, document_number: row.documentNumber, payment_id: payment.id, total_amount: totalE6, refers_to: refersTo?.documentNumber ?? null },
      });
      return row;
    });
  }

  async function render(executor: Executor, row: InvoiceDocumentRow): Promise<Buffer> {
    const content = InvoiceDocumentContent.parse(row.content);
    const image = async (key: string | null) => (key ? ((await readStoredFile(executor, fileStorage, key))?.bytes ?? null) : null);
    const [logo, stamp] = await Promise.all([image(content.issuer.logo_file_key), image(content.issuer.stamp_file_key)]);
    return renderInvoiceDocumentPdf(content, { logo, stamp });
  }

  /** The booking the group's link opens; 404 for an unknown booking or a wrong token alike. */
  async function withToken(bookingId: string, token: string): Promise<BookingAggregate> {
    const aggregate = await loadBooking(db, bookingId);
    if (!aggregate || !tokenMatches(token, aggregate.booking.bookingToken)) throw notFound('booking');
    return aggregate;
  }

  /** The group's standing invoice of the payment, issued now when there is none for its total (as its agent would have it). */
  async function customerInvoiceDocument(bookingId: string, token: string, paymentId: number): Promise<InvoiceDocumentRow> {
    const aggregate = await withToken(bookingId, token);
    return standingDocument(aggregate, paymentId, 'INVOICE', 'AGENT', { principal: null, request: { params: { booking_id: bookingId, payment_id: paymentId }, kind: 'INVOICE', via: 'customer token' } }, () => notFound('invoice'));
  }

  return {
    /** GET …/payments/:payment_id/{invoice,receipt,return-invoice}.pdf: back office and the booking's agent or branch. */
    async staffPdf(principal: Principal, bookingId: string, paymentId: number, kind: DocumentKind): Promise<IssuedPdf> {
      const aggregate = await loadVisible(db, principal, bookingId);
      const row = await standingDocument(aggregate, paymentId, kind, callerOf(principal), { principal, request: { params: { booking_id: bookingId, payment_id: paymentId }, kind } }, () => new AppError('STEP_NOT_ALLOWED', `the payment has no ${DOCUMENT_FILE_PREFIX[kind].replace('-', ' ')} now`));
      return { documentNumber: row.documentNumber, pdf: await render(db, row) };
    },

    /** GET /v1/bookings/:id/invoices/:payment_id.pdf?token= (or with Accept: application/pdf): the group's invoice, as its agent would have it. */
    async customerInvoicePdf(bookingId: string, token: string, paymentId: number): Promise<IssuedPdf> {
      const row = await customerInvoiceDocument(bookingId, token, paymentId);
      return { documentNumber: row.documentNumber, pdf: await render(db, row) };
    },

    /**
     * GET /v1/bookings/:id/invoices/:payment_id?token=: the same document as the PDF, as the Invoice
     * entity (spec 000 §3), from its frozen content; its status is the payment's now.
     */
    async customerInvoice(bookingId: string, token: string, paymentId: number): Promise<InvoiceResponse> {
      const row = await customerInvoiceDocument(bookingId, token, paymentId);
      const [payment, receipt] = await Promise.all([findPayment(db, paymentId), latestDocument(db, paymentId, 'RECEIPT')]);
      const image = (name: DocumentImage) => `${customerInvoicePath(bookingId, paymentId)}/${name}?token=${encodeURIComponent(token)}`;
      return invoiceEntityOf(InvoiceDocumentContent.parse(row.content), {
        status: payment!.status,
        receiptIssueDate: receipt?.issuedOn ?? null,
        logoUrl: image('logo'),
        stampUrl: image('stamp'),
      });
    },

    /** GET …/invoices/:payment_id/{logo,stamp}?token=: the image the group's issued invoice printed (404 before it is issued, or when it printed none). */
    async customerInvoiceImage(bookingId: string, token: string, paymentId: number, image: DocumentImage): Promise<{ bytes: Buffer; contentType: string }> {
      const aggregate = await withToken(bookingId, token);
      const payment = aggregate.payments.find((p) => p.id === paymentId);
      if (!payment || !paymentHasDocument('INVOICE', payment, 'AGENT')) throw notFound('invoice');
      const issued = await latestDocument(db, payment.id, 'INVOICE');
      if (!issued) throw notFound('invoice');
      const content = InvoiceDocumentContent.parse(issued.content);
      const key = image === 'logo' ? content.issuer.logo_file_key : content.issuer.stamp_file_key;
      const file = key ? await readStoredFile(db, fileStorage, key) : null;
      if (!file) throw notFound(image);
      return file;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
