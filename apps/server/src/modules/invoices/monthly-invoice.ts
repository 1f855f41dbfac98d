/**
 * Monthly invoices (DESIGN §6 "Settlements"): one qualified invoice per branch per billing period,
 * issued by the settlements module's billing in its own transaction. Its lines are the branch's
 * bookings of the period (one line per billed payment: fare, extra charge, cancellation fee), its
 * tax computed once per rate over the document; `payment_id` is null and `group_settlement_id`
 * names the settlement it bills. Numbered from the same INVOICE counter as every invoice.
 */
import { documentNumber } from '@sagano/domain/invoices/document-numbers';
import { NOT_TAXABLE, STANDARD_TAX, documentAmounts, type AmountLine } from '@sagano/domain/invoices/invoice-amounts';
import { InvoiceDocumentContent, type DocumentLine } from '@sagano/domain/invoices/invoice-schemas';
import type { Executor } from '../../db/client.ts';
import { type FileStorage, readStoredFile } from '../files/index.ts';
import { amountsOf } from './invoice-content.ts';
import { renderInvoiceDocumentPdf } from './invoice-pdf.ts';
import { insertDocument, nextSequence, readIssuer, readTransferAccount, type InvoiceDocumentRow } from './invoices.repository.ts';

export interface MonthlyInvoiceLine {
  bookingDbId: number;
  bookingNumber: string;
  groupName: string;
  serviceDate: string;
  kind: 'FARE' | 'CANCELLATION' | 'DISCREPANCY';
  /** A discrepancy owed back, netted against the charges: its amount is negative. */
  refund?: boolean;
  amountE6: number;
  paymentId: number;
}

export interface MonthlyInvoiceInput {
  groupSettlementId: number;
  agentName: string;
  /** null: the agent's root group (the invoice is addressed to the agent alone). */
  branchName: string | null;
  periodFrom: string;
  periodTo: string;
  issueDate: string;
  issuedAt: Date;
  dueDate: string;
  lines: readonly MonthlyInvoiceLine[];
  /** Already received toward the billed payments (a transfer before the invoice): deducted from what is billed. */
  receivedE6?: number;
}

const KIND_LABEL: Record<MonthlyInvoiceLine['kind'], string> = { FARE: '団体乗車運賃', CANCELLATION: '取消料', DISCREPANCY: '変更による追加料金' };
const REFUND_LABEL = '変更による返金（相殺）';

function lineOf(l: MonthlyInvoiceLine): AmountLine & { row: DocumentLine } {
  const tax = l.kind === 'CANCELLATION' ? NOT_TAXABLE : STANDARD_TAX;
  const row: DocumentLine = {
    label: `${l.serviceDate.slice(5).replace('-', '/')} 予約番号 ${l.bookingNumber} ${l.groupName} ${l.refund ? REFUND_LABEL : KIND_LABEL[l.kind]}`,
    unit_price: null,
    quantity: null,
    amount: l.amountE6,
    tax_rate_percent: tax.kind === 'TAXED' ? tax.ratePercent : null,
  };
  return { amountE6: l.amountE6, tax, row };
}

/** Issues the branch's monthly invoice in the caller's transaction; the caller stores its id on the group settlement. */
export async function issueMonthlyInvoice(tx: Executor, input: MonthlyInvoiceInput): Promise<InvoiceDocumentRow> {
  const [issuer, account] = await Promise.all([readIssuer(tx), readTransferAccount(tx)]);
  const lines = input.lines.map(lineOf);
  const amounts = documentAmounts(lines);
  const sequence = await nextSequence(tx, 'INVOICE');
  const first = input.lines[0]!;
  const bookings = new Set(input.lines.map((l) => l.bookingDbId)).size;
  const content = InvoiceDocumentContent.parse({
    kind: 'INVOICE',
    document_number: documentNumber('INVOICE', sequence),
    issue_date: input.issueDate,
    issuer,
    recipient: { agent_name: input.agentName, branch_name: input.branchName },
    booking: { booking_id: '', group_name: '', group_type: '', participants: 0, services: [] },
    payment: { payment_id: first.paymentId, kind: 'FARE', method: 'MONTHLY' },
    lines: lines.map((l) => l.row),
    amounts: amountsOf(amounts),
    due_date: input.dueDate,
    bank_account: account ?? null,
    paid_on: null,
    paid_by: null,
    refers_to: null,
    monthly: { period_from: input.periodFrom, period_to: input.periodTo, bookings, ...(input.receivedE6 ? { received: input.receivedE6 } : {}) },
  });
  return insertDocument(tx, {
    kind: 'INVOICE',
    sequenceNumber: sequence,
    documentNumber: content.document_number,
    paymentId: null,
    groupSettlementId: input.groupSettlementId,
    // The column is required: a monthly invoice names its first booking; its lines name them all.
    bookingId: first.bookingDbId,
    issuedOn: input.issueDate,
    issuedAt: input.issuedAt,
    totalAmountE6: amounts.totalE6,
    content,
    issuedByAccountId: null,
  });
}

/** The PDF of an issued monthly invoice, as frozen at issue. */
export async function renderMonthlyInvoice(db: Executor, fileStorage: FileStorage, row: InvoiceDocumentRow): Promise<Buffer> {
  const content = InvoiceDocumentContent.parse(row.content);
  const image = async (key: string | null) => (key ? ((await readStoredFile(db, fileStorage, key))?.bytes ?? null) : null);
  const [logo, stamp] = await Promise.all([image(content.issuer.logo_file_key), image(content.issuer.stamp_file_key)]);
  return renderInvoiceDocumentPdf(content, { logo, stamp });
}
