/**
 * Issued documents of a payment: invoices (請求書), receipts (領収書) and return invoices
 * (適格返還請求書). A document, once issued, never changes: `content` is everything it prints,
 * frozen at issue; a correction is a new document that refers to the one it replaces. Numbers
 * come from `document_counters` in the issuing transaction, so they are never skipped or reused.
 * Written only by modules/invoices.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { bookings } from './bookings.ts';
import { payments } from './payments.ts';
import { groupSettlements } from './settlements.ts';

export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').primaryKey(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('document_counters_kind', sql`${t.kind} in ('INVOICE', 'RECEIPT', 'RETURN_INVOICE')`), check('document_counters_last', sql`${t.lastNumber} >= 0`)],
);

export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** 1, 2, 3… per kind, from document_counters. */
    sequenceNumber: integer('sequence_number').notNull(),
    /** What the document prints as its number, e.g. INV-000001. */
    documentNumber: text('document_number').notNull(),
    /** The payment the document is for; null for a monthly invoice, which covers a group settlement's payments. */
    paymentId: integer('payment_id').references(() => payments.id),
    /** A monthly invoice: the group settlement (one branch, one billing period) it bills. */
    groupSettlementId: integer('group_settlement_id').references((): AnyPgColumn => groupSettlements.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** The business date of issue (Asia/Tokyo). */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** A correction replaces an earlier document; a return invoice refers to the invoice it returns from. */
    refersToId: integer('refers_to_id').references((): AnyPgColumn => invoiceDocuments.id),
    /** The total the document states (tax included), on the e6 scale. */
    totalAmountE6: bigint('total_amount_e6', { mode: 'number' }).notNull(),
    /** Everything the document prints, frozen at issue. */
    content: jsonb('content').notNull(),
    /** Who asked for the document first (null for the group's own link). */
    issuedByAccountId: uuid('issued_by_account_id').references(() => accounts.id),
  },
  (t) => [
    uniqueIndex('invoice_documents_number_uq').on(t.kind, t.sequenceNumber),
    uniqueIndex('invoice_documents_document_number_uq').on(t.documentNumber),
    index('invoice_documents_payment_idx').on(t.paymentId),
    index('invoice_documents_booking_idx').on(t.bookingId),
    check('invoice_documents_kind', sql`${t.kind} in ('INVOICE', 'RECEIPT', 'RETURN_INVOICE')`),
    check('invoice_documents_sequence', sql`${t.sequenceNumber} > 0`),
    check('invoice_documents_subject', sql`(${t.paymentId} is null) <> (${t.groupSettlementId} is null)`),
    index('invoice_documents_group_settlement_idx').on(t.groupSettlementId),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const invoicesTableOwners = {
  document_counters: 'invoices',
  invoice_documents: 'invoices',
} as const;
