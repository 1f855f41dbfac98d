/**
 * What the monthly billing asks of payments (settlements call these; only the payments module
 * writes the payment tables): a payment billed on a monthly invoice, and the invoice's transfer
 * settling what it billed — charges by the transfer, refunds owed back by netting them on it.
 */
import { remainderE6 } from '@sagano/domain/payments/payment-state';
import type { Work } from '../../lib/unit-of-work.ts';
import { stateOfPayment } from './payment-presenter.ts';
import { recordMoney, settleRefund, takeStep, takeSystemSteps } from './payment-steps.ts';
import { findPayment, findPayments, lockBookingById, lockBookingsByIds } from './payments.repository.ts';

/** Locks the bookings (in id order), the payments module's lock order before any of their payments. */
export async function lockBookingsForBilling(work: Work, bookingDbIds: Iterable<number>): Promise<void> {
  await lockBookingsByIds(work.tx, [...new Set(bookingDbIds)].sort((a, b) => a - b));
}

/**
 * Payments billed on a monthly invoice (the branch's group settlement), their rows locked in one
 * statement in id order: a fare or fee waiting for the invoice takes issue_monthly_invoice
 * (PAYMENT_PENDING, due on the invoice's due date); every billed payment names the invoice. One
 * already billed is left alone. The steps' results are written in one statement.
 */
export async function billOnMonthlyInvoices(work: Work, paymentIds: readonly number[], invoice: { groupSettlementId: number; dueDate: string }): Promise<void> {
  const unbilled = (await findPayments(work.tx, paymentIds, { lock: true })).filter((row) => row.monthlyInvoiceId === null);
  await takeSystemSteps(
    work,
    unbilled.map((row) =>
      row.status === 'INVOICE_PENDING'
        ? { payment: row, step: 'issue_monthly_invoice', input: { dueDate: invoice.dueDate }, extra: { normalDueDate: row.normalDueDate ?? invoice.dueDate, monthlyInvoiceId: invoice.groupSettlementId } }
        : { payment: row, step: null, extra: { monthlyInvoiceId: invoice.groupSettlementId } },
    ),
  );
}

/**
 * The monthly invoice was paid: a charge still owed takes record_bank_transfer for its remainder
 * (a BANK_TRANSFER entry on the day paid); a refund owed back was netted against the invoice's
 * charges, so it is made by that same transfer (a REFUND entry noting 相殺). Answers whether the
 * payment moved.
 */
export async function settleByMonthlyTransfer(work: Work, paymentId: number, transfer: { paidOn: string; invoiceNumber: string; note: string; actor: string; publicUrl?: string }): Promise<boolean> {
  const row = await findPayment(work.tx, paymentId, { lock: true });
  if (!row || row.status !== 'PAYMENT_PENDING') return false;
  const amountE6 = remainderE6(stateOfPayment(row));
  if (amountE6 <= 0) return false;
  const invoice = `月次請求 ${transfer.invoiceNumber}`.trim();
  if (row.direction === 'REFUND') {
    const booking = await lockBookingById(work.tx, row.bookingId);
    if (!booking) return false;
    const note = [`${invoice} で相殺`, transfer.note].filter(Boolean).join(' / ');
    await settleRefund(work, booking, row, { amountE6, occurredOn: transfer.paidOn, recordedBy: transfer.actor, note, caller: 'OPERATOR' }, { publicUrl: transfer.publicUrl });
    return true;
  }
  await takeStep(work, row, 'record_bank_transfer', 'OPERATOR', { amountE6 });
  await recordMoney(work, { paymentId: row.id, kind: 'BANK_TRANSFER', amountE6, occurredOn: transfer.paidOn, note: [invoice, transfer.note].filter(Boolean).join(' / '), recordedBy: transfer.actor });
  return true;
}
