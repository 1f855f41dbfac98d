/**
 * A booking's payments read as one account (pure: rows in, figures out): the rows as the domain's
 * ledger reads them, and how a cancellation would settle them now (payment-ledger.ts
 * settleCancellation), for the cancel page, the payment detail and the cancellation itself.
 */
import { heldE6, isRefundRecord, settleCancellation as settleByMethod, type CancellationSettlement, type LedgerPayment } from '@sagano/domain/payments/payment-ledger';
import type { PaymentMethod } from '@sagano/domain/payments/payment-state';
import { isUnsettledStatus } from '@sagano/domain/payments/money-terms';
import type { CancellationSettlementPreview } from '@sagano/domain/payments/payment-schemas';
import type { PaymentRow } from './payments.repository.ts';

/** A payments row as the booking's account reads it (payment-ledger.ts). */
export function ledgerPaymentOf(row: PaymentRow): LedgerPayment {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    direction: row.direction,
    refundReason: row.refundReason,
    parentPaymentId: row.parentPaymentId,
    totalE6: row.totalAmountE6,
    paidE6: row.paidAmountE6,
  };
}

/**
 * What a monthly agent gets back as a credit on its next monthly invoice: the charges already
 * invoiced (paid or not: the invoice stands), plus money paid toward charges not yet invoiced,
 * less refunds already decided.
 */
function monthlyCreditE6(payments: readonly PaymentRow[]): number {
  const ledger = payments.map(ledgerPaymentOf);
  let credit = 0;
  for (const [i, p] of payments.entries()) {
    const l = ledger[i]!;
    if (isRefundRecord(l)) {
      if (p.status !== 'NO_NEED_TO_PAY') credit -= p.totalAmountE6;
    } else if (p.kind !== 'CANCELLATION') {
      credit += p.monthlyInvoiceId !== null && p.status !== 'NO_NEED_TO_PAY' ? p.totalAmountE6 : p.paidAmountE6;
    }
  }
  return Math.max(0, credit);
}

/** An open (unsettled: money-terms.ts) charge (the fare, an extra) that stops being owed when the booking is cancelled or refused; a monthly one already on an invoice stands with it. */
export function closesOnCancellation(p: PaymentRow, monthly: boolean): boolean {
  return isUnsettledStatus(p.status) && p.kind !== 'CANCELLATION' && p.direction !== 'REFUND' && !(monthly && p.monthlyInvoiceId !== null);
}

/** The settlement a cancellation at `feeE6` would make now, as the payments stand (after the open charges close). */
export function planCancellation(payments: readonly PaymentRow[], method: PaymentMethod, feeE6: number): CancellationSettlement {
  const monthly = method === 'MONTHLY';
  // What closes: every open charge, except a monthly one already on an invoice (that invoice stands).
  const closed = payments.map((p): PaymentRow => (closesOnCancellation(p, monthly) ? { ...p, status: 'NO_NEED_TO_PAY' } : p));
  return settleByMethod({ feeE6, method, heldE6: heldE6(closed.map(ledgerPaymentOf)), invoicedE6: monthly ? monthlyCreditE6(closed) : undefined });
}

export function presentSettlement(s: CancellationSettlement): CancellationSettlementPreview {
  return {
    fee_amount: s.feeE6,
    paid_amount: s.paidE6,
    applied_to_fee_amount: s.appliedToFeeE6,
    refund_amount: s.refundE6,
    refund_route: s.refundRoute,
    still_owed_amount: s.stillOwedE6,
    on_monthly_invoice: s.onMonthlyInvoice,
  };
}

