/**
 * When a payment has which document (DESIGN §6). The invoice and the receipt follow the payment's
 * can_view_invoice / can_view_receipt flags; money owed back (a REFUND discrepancy) has neither:
 * it has a return invoice (適格返還請求書) instead, once the refund is owed.
 */
import { paymentFlags, type PaymentCaller, type PaymentState } from '../payments/payment-state.ts';
import type { DocumentKind } from './document-numbers.ts';

export interface DocumentPayment extends PaymentState {
  /** A discrepancy's direction; null for a fare or a cancellation fee. */
  direction: 'EXTRA' | 'REFUND' | null;
}

const isRefund = (p: DocumentPayment) => p.kind === 'DISCREPANCY' && p.direction === 'REFUND';

/** Whether `caller` may have the `kind` document of payment `p` now. */
export function mayHaveDocument(kind: DocumentKind, p: DocumentPayment, caller: PaymentCaller): boolean {
  const flags = paymentFlags(p, caller);
  switch (kind) {
    case 'INVOICE':
      return flags.can_view_invoice && !isRefund(p);
    case 'RECEIPT':
      return flags.can_view_receipt && !isRefund(p);
    case 'RETURN_INVOICE':
      return (caller === 'OPERATOR' || caller === 'AGENT') && isRefund(p) && p.status !== 'NO_NEED_TO_PAY' && p.totalE6 > 0;
  }
}

/**
 * The document flags a payment shows (spec 000 §3 "List view flags": can_view_invoice,
 * can_view_receipt), true exactly when the invoice or the receipt is served now. A refund record
 * has neither: its document is the return invoice (`return_invoice_url`), so both flags are false
 * for it, whatever paymentFlags says of its status and method.
 */
export function documentFlags(p: DocumentPayment, caller: PaymentCaller): { can_view_invoice: boolean; can_view_receipt: boolean } {
  return { can_view_invoice: mayHaveDocument('INVOICE', p, caller), can_view_receipt: mayHaveDocument('RECEIPT', p, caller) };
}

/** What each document states as its total: the amount billed, the amount received, the amount returned. */
export function documentTotalE6(kind: DocumentKind, p: PaymentState): number {
  return kind === 'RECEIPT' ? p.paidE6 : p.totalE6;
}

/**
 * Whether an issued document still stands: the same total means the same document (same number);
 * a changed total means a new one that refers to it.
 */
export function documentStillStands(issuedTotalE6: number, currentTotalE6: number): boolean {
  return issuedTotalE6 === currentTotalE6;
}
