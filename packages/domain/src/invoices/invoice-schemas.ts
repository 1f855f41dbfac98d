/**
 * What an issued invoice, receipt or return invoice contains (`invoice_documents.content`): every
 * item it prints, frozen when it is issued, so the PDF renders the same document forever
 * (DESIGN §6). Amounts are integers on the e6 scale (1 yen = 1,000,000).
 */
import { z } from 'zod';
import { DOCUMENT_KINDS } from './document-numbers.ts';

const Amount = z.number().int();
const DateString = z.iso.date();

export const DocumentIssuer = z.object({
  name: z.string(),
  postal_code: z.string(),
  address: z.string(),
  tel: z.string(),
  fax: z.string(),
  /** The qualified invoice issuer's registration number (T + 13 digits) as set in the operator's basic info. */
  registration_number: z.string(),
  logo_file_key: z.string().nullable(),
  stamp_file_key: z.string().nullable(),
});
export type DocumentIssuer = z.infer<typeof DocumentIssuer>;

export const DocumentBankAccount = z.object({
  company_name: z.string(),
  bank_name: z.string(),
  branch_name: z.string(),
  branch_code: z.string(),
  account_type: z.enum(['ordinary', 'saving', 'checking']),
  account_code: z.string(),
  account_name: z.string(),
});
export type DocumentBankAccount = z.infer<typeof DocumentBankAccount>;

export const DocumentService = z.object({
  direction: z.enum(['down', 'up']),
  service_date: DateString,
  train_name: z.string(),
  from_station: z.string(),
  to_station: z.string(),
  departure_hhmm: z.string().nullable(),
  arrival_hhmm: z.string().nullable(),
});
export type DocumentService = z.infer<typeof DocumentService>;

/** One printed line: a fare per unit, a decrement fee, a discrepancy, a cancellation fee, an adjustment. */
export const DocumentLine = z.object({
  label: z.string(),
  /** Price per participant and how many (fares); null for a lump sum. */
  unit_price: Amount.nullable(),
  quantity: z.number().int().nullable(),
  amount: Amount,
  /** The consumption tax rate in percent (tax included), or null: 不課税 (a cancellation fee). */
  tax_rate_percent: z.number().int().min(0).max(100).nullable(),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

export const DocumentAmounts = z.object({
  taxed: z.array(z.object({ rate_percent: z.number().int(), total: Amount, tax: Amount })),
  not_taxable: Amount,
  total: Amount,
  tax: Amount,
});
export type DocumentAmounts = z.infer<typeof DocumentAmounts>;

/** How a receipt's money came in. */
export const PAID_BY = ['CARD', 'COUPON', 'BANK_TRANSFER'] as const;
export type PaidBy = (typeof PAID_BY)[number];

/** An earlier document this one names: the invoice it replaces, or the invoice a return invoice returns from. */
export const DocumentReference = z.object({
  document_number: z.string().nullable(),
  issue_date: DateString.nullable(),
});

export const InvoiceDocumentContent = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  document_number: z.string(),
  issue_date: DateString,
  issuer: DocumentIssuer,
  /** The agent the document is addressed to (「… 御中」), and the branch when not the agent itself. */
  recipient: z.object({ agent_name: z.string(), branch_name: z.string().nullable() }),
  booking: z.object({
    booking_id: z.string(),
    group_name: z.string(),
    group_type: z.string(),
    participants: z.number().int(),
    services: z.array(DocumentService),
  }),
  payment: z.object({
    payment_id: z.number().int(),
    kind: z.enum(['FARE', 'CANCELLATION', 'DISCREPANCY']),
    method: z.string(),
  }),
  lines: z.array(DocumentLine),
  amounts: DocumentAmounts,
  /** Invoices: when to pay and where to transfer to. */
  due_date: DateString.nullable(),
  bank_account: DocumentBankAccount.nullable(),
  /** Receipts: when the money came in and how. */
  paid_on: DateString.nullable(),
  paid_by: z.enum(PAID_BY).nullable(),
  /** The invoice this one replaces (its total changed), or the invoice a return invoice returns from. */
  refers_to: DocumentReference.nullable(),
  /** A monthly invoice (one branch, one billing period): its lines are the period's bookings. */
  monthly: z
    .object({
      period_from: DateString,
      period_to: DateString,
      bookings: z.number().int(),
      /** Already received toward the billed payments before this invoice (deducted: billed = total − received). */
      received: Amount.optional(),
    })
    .optional(),
});
export type InvoiceDocumentContent = z.infer<typeof InvoiceDocumentContent>;
