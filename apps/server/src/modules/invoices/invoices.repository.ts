/**
 * Reads and writes of issued documents. The invoices module is the only writer of
 * `invoice_documents` and `document_counters`; what a document prints is read from other modules'
 * tables with plain selects (ADR 007: reading is fine, writing is not).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DocumentKind } from '@sagano/domain/invoices/document-numbers';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type InvoiceDocumentRow = typeof t.invoiceDocuments.$inferSelect;
export type PaymentRow = typeof t.payments.$inferSelect;

/** The payment of a booking, locked so two requests for its document issue it once. */
export async function lockPaymentOfBooking(db: Executor, bookingDbId: number, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(t.payments).where(and(eq(t.payments.id, paymentId), eq(t.payments.bookingId, bookingDbId))).for('update');
  return row;
}

export async function findPayment(db: Executor, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(t.payments).where(eq(t.payments.id, paymentId));
  return row;
}

/** The latest document of a kind issued for a payment. */
export async function latestDocument(db: Executor, paymentId: number, kind: DocumentKind): Promise<InvoiceDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(t.invoiceDocuments)
    .where(and(eq(t.invoiceDocuments.paymentId, paymentId), eq(t.invoiceDocuments.kind, kind)))
    .orderBy(desc(t.invoiceDocuments.id))
    .limit(1);
  return row;
}

/**
 * The next number of a kind: the counter row stays locked until the transaction ends, so numbers
 * are handed out one after the other, never skipped (a rollback takes its number back) or reused.
 */
export async function nextSequence(db: Executor, kind: DocumentKind): Promise<number> {
  const [row] = rowsOf<{ last_number: number }>(await db.execute(sql`update document_counters set last_number = last_number + 1 where kind = ${kind} returning last_number`));
  if (!row) throw new Error(`document_counters has no row for ${kind}: migration 0022 makes it`);
  return Number(row.last_number);
}

export async function insertDocument(db: Executor, values: typeof t.invoiceDocuments.$inferInsert): Promise<InvoiceDocumentRow> {
  const [row] = await db.insert(t.invoiceDocuments).values(values).returning();
  return row!;
}

/** The issuer block of a document: the operator's basic info as it is now (frozen into the document). */
export async function readIssuer(db: Executor) {
  const [row] = await db.select().from(t.operatorBasicInfo).where(eq(t.operatorBasicInfo.id, 1));
  if (!row) throw new Error('operator_basic_info has no row: migration 0015 makes it');
  return {
    name: row.name,
    postal_code: row.postalCode,
    address: row.address,
    tel: row.tel,
    fax: row.fax,
    registration_number: row.invoiceNumber,
    logo_file_key: row.logoFileKey,
    stamp_file_key: row.stampFileKey,
  };
}

/** The bank account marked for transfers, as an invoice prints it; null when none is marked. */
export async function readTransferAccount(db: Executor) {
  const [row] = await db.select().from(t.bankAccounts).where(eq(t.bankAccounts.isTransferAccount, true)).limit(1);
  if (!row) return null;
  return {
    company_name: row.companyName,
    bank_name: row.bankName,
    branch_name: row.branchName,
    branch_code: row.branchCode,
    account_type: row.accountType,
    account_code: row.accountCode,
    account_name: row.accountName,
  };
}

export async function readStationsAndUnits(db: Executor) {
  const [stations, units] = await Promise.all([db.select().from(t.stations), db.select({ id: t.units.id, name: t.units.nameLabel }).from(t.units)]);
  return { stations, units };
}

/** The money that came in on a payment, latest first (card captures and bank transfers). */
export async function receivedMoney(db: Executor, paymentId: number) {
  return db
    .select({ kind: t.paymentTransactions.kind, occurredOn: t.paymentTransactions.occurredOn })
    .from(t.paymentTransactions)
    .where(and(eq(t.paymentTransactions.paymentId, paymentId), sql`${t.paymentTransactions.amountE6} > 0`))
    .orderBy(desc(t.paymentTransactions.id));
}

/** The monthly invoice of a group settlement, if issued. */
export async function monthlyInvoiceOf(db: Executor, groupSettlementId: number): Promise<InvoiceDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(t.invoiceDocuments)
    .where(and(eq(t.invoiceDocuments.groupSettlementId, groupSettlementId), eq(t.invoiceDocuments.kind, 'INVOICE')))
    .orderBy(desc(t.invoiceDocuments.id))
    .limit(1);
  return row;
}
