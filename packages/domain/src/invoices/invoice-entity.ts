/**
 * The Invoice entity (spec 000 §3 "Invoice") as `GET /v1/bookings/{booking_id}/invoices/{payment_id}`
 * answers it: the same frozen document content the PDF is drawn from (`invoice_documents.content`),
 * laid out under the specification's names (header, body, note, status, is_cancel). Amounts are on
 * the e6 scale, as every amount of the API.
 */
import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus } from '../payments/payment-state.ts';
import { DOCUMENT_KINDS } from './document-numbers.ts';
import { DocumentAmounts, DocumentBankAccount, DocumentLine, DocumentReference, DocumentService, PAID_BY, type InvoiceDocumentContent } from './invoice-schemas.ts';

const DateString = z.iso.date();

export const InvoiceOperatorInfo = z.object({
  name: z.string(),
  postal_code: z.string(),
  address: z.string(),
  phone_number: z.string(),
  fax: z.string(),
  /** The logo and the company stamp printed on this document (null when it printed none). */
  logo_url: z.string().nullable(),
  stamp_url: z.string().nullable(),
});
export type InvoiceOperatorInfo = z.infer<typeof InvoiceOperatorInfo>;

/** What the document bills: the payment, the booking it is for, its lines and its totals per tax rate. */
export const InvoicePayment = z.object({
  payment_id: z.number().int(),
  kind: z.enum(['FARE', 'CANCELLATION', 'DISCREPANCY']),
  payment_method: z.string(),
  /** Which document this is: INVOICE (請求書), RECEIPT (領収書) or RETURN_INVOICE (適格返還請求書). */
  document_kind: z.enum(DOCUMENT_KINDS),
  booking_id: z.string(),
  group_name: z.string(),
  participants: z.number().int(),
  lines: z.array(DocumentLine),
  amounts: DocumentAmounts,
  /** Where to transfer the money to (an invoice not paid by card), else null. */
  bank_account: DocumentBankAccount.nullable(),
  /** A receipt: when and how the money came in. */
  paid_on: DateString.nullable(),
  paid_by: z.enum(PAID_BY).nullable(),
  /** The document this one replaces, or the invoice a return invoice returns from. */
  refers_to: DocumentReference.nullable(),
});

export const InvoiceResponse = z.object({
  header: z.object({
    issue_date: DateString,
    /** The document's number (INV-000001). */
    invoice_id: z.string(),
    /** The issuer's qualified-invoice registration number (T + 13 digits). */
    corporate_number: z.string(),
    operator_info: InvoiceOperatorInfo,
    /** To whom it is addressed: the agent, with the branch when it is not the agent's head office. */
    agent_name: z.string(),
    /** The day the payment's receipt was issued, once one was; else null. */
    receipt_issue_date: DateString.nullable(),
  }),
  body: z.object({
    due_date: DateString.nullable(),
    /** What it is for, as printed (但し書き): 団体乗車運賃として, 団体乗車券の取消料として, … */
    reason: z.string(),
    group_type: z.string(),
    services: z.array(DocumentService),
    payment: InvoicePayment,
  }),
  /** The notes printed under the lines (※ …), one a line; null when none. */
  note: z.string().nullable(),
  /** The payment's status now (a paid invoice stays the same document). */
  status: z.enum(PAYMENT_STATUSES),
  /** The document bills a cancellation fee (取消料). */
  is_cancel: z.boolean(),
});
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

/** What a document is for (但し書き), by its kind and the payment's. */
export function invoiceReason(c: Pick<InvoiceDocumentContent, 'kind' | 'payment'>): string {
  if (c.kind === 'RETURN_INVOICE') return '団体乗車運賃の返還として';
  if (c.payment.kind === 'CANCELLATION') return '団体乗車券の取消料として';
  if (c.payment.kind === 'DISCREPANCY') return '予約内容の変更による追加料金として';
  return '団体乗車運賃として';
}

const japaneseDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/** The notes a document prints under its lines (the PDF prints each after ※). */
export function documentNotes(c: InvoiceDocumentContent): string[] {
  const list: string[] = [];
  if (c.kind === 'RECEIPT') list.push('上記の金額を正に領収いたしました。');
  if (c.kind === 'INVOICE' && c.refers_to?.document_number) {
    list.push(`本書は ${japaneseDate(c.refers_to.issue_date ?? c.issue_date)} 発行の請求書 ${c.refers_to.document_number} に代わるものです（金額変更のため再発行）。`);
  }
  if (c.kind === 'RECEIPT' && c.refers_to?.document_number) {
    list.push(`本書は ${japaneseDate(c.refers_to.issue_date ?? c.issue_date)} 発行の領収書 ${c.refers_to.document_number} に代わるものです。`);
  }
  if (c.kind === 'RETURN_INVOICE') list.push('本書は、元の請求書に記載の取引に係る対価の返還（減額）についての適格返還請求書です。');
  if (c.amounts.not_taxable !== 0) list.push('取消料は消費税の課税対象外（不課税）です。');
  if (c.amounts.taxed.length > 0) list.push('消費税額は税率ごとの合計金額から計算し、1円未満を切り捨てています。');
  return list;
}

/** What the frozen content does not hold: the payment's status now, its receipt's date, and where the document's images are served. */
export interface InvoiceEntityExtras {
  status: PaymentStatus;
  receiptIssueDate: string | null;
  logoUrl: string | null;
  stampUrl: string | null;
}

/** The Invoice entity of an issued document (spec 000 §3), from its frozen content. */
export function invoiceEntityOf(c: InvoiceDocumentContent, extras: InvoiceEntityExtras): InvoiceResponse {
  const notes = documentNotes(c);
  return {
    header: {
      issue_date: c.issue_date,
      invoice_id: c.document_number,
      corporate_number: c.issuer.registration_number,
      operator_info: {
        name: c.issuer.name,
        postal_code: c.issuer.postal_code,
        address: c.issuer.address,
        phone_number: c.issuer.tel,
        fax: c.issuer.fax,
        logo_url: c.issuer.logo_file_key ? extras.logoUrl : null,
        stamp_url: c.issuer.stamp_file_key ? extras.stampUrl : null,
      },
      agent_name: c.recipient.branch_name ? `${c.recipient.agent_name} ${c.recipient.branch_name}` : c.recipient.agent_name,
      receipt_issue_date: c.kind === 'RECEIPT' ? c.issue_date : extras.receiptIssueDate,
    },
    body: {
      due_date: c.due_date,
      reason: invoiceReason(c),
      group_type: c.booking.group_type,
      services: c.booking.services,
      payment: {
        payment_id: c.payment.payment_id,
        kind: c.payment.kind,
        payment_method: c.payment.method,
        document_kind: c.kind,
        booking_id: c.booking.booking_id,
        group_name: c.booking.group_name,
        participants: c.booking.participants,
        lines: c.lines,
        amounts: c.amounts,
        bank_account: c.bank_account,
        paid_on: c.paid_on,
        paid_by: c.paid_by,
        refers_to: c.refers_to,
      },
    },
    note: notes.length > 0 ? notes.join('\n') : null,
    status: extras.status,
    is_cancel: c.payment.kind === 'CANCELLATION',
  };
}
