import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { paymentFlags } from '../payments/payment-state.ts';
import { documentFlags, documentStillStands, documentTotalE6, mayHaveDocument, type DocumentPayment } from './document-rules.ts';

const base: DocumentPayment = {
  kind: 'FARE',
  status: 'PAYMENT_PENDING',
  method: 'ONLINE_CREDIT_CARD',
  totalE6: 10_000 * E6,
  paidE6: 0,
  dueDate: '2030-01-10',
  isTotalAmountFixed: false,
  isCancellationFeeFixed: false,
  cancelPaymentFinished: false,
  direction: null,
};
const at = (patch: Partial<DocumentPayment>): DocumentPayment => ({ ...base, ...patch });

describe('which documents a payment has', () => {
  it('an invoice while billed (card or monthly), for the operator and the agent, never for station staff', () => {
    expect(mayHaveDocument('INVOICE', base, 'AGENT')).toBe(true);
    expect(mayHaveDocument('INVOICE', base, 'OPERATOR')).toBe(true);
    expect(mayHaveDocument('INVOICE', base, 'STATION')).toBe(false);
    expect(mayHaveDocument('INVOICE', at({ method: 'MONTHLY', status: 'INVOICE_PENDING' }), 'AGENT')).toBe(false);
    expect(mayHaveDocument('INVOICE', at({ method: 'MONTHLY', status: 'PAYMENT_PENDING' }), 'AGENT')).toBe(true);
    expect(mayHaveDocument('INVOICE', at({ totalE6: 0 }), 'AGENT')).toBe(false);
  });

  it('a receipt once paid', () => {
    expect(mayHaveDocument('RECEIPT', base, 'AGENT')).toBe(false);
    expect(mayHaveDocument('RECEIPT', at({ status: 'PAYMENT_CONFIRMED', paidE6: 10_000 * E6 }), 'AGENT')).toBe(true);
  });

  it('money owed back has a return invoice, and neither an invoice nor a receipt', () => {
    const refund = at({ kind: 'DISCREPANCY', direction: 'REFUND', totalE6: 1_000 * E6 });
    expect(mayHaveDocument('RETURN_INVOICE', refund, 'AGENT')).toBe(true);
    expect(mayHaveDocument('RETURN_INVOICE', refund, 'STATION')).toBe(false);
    expect(mayHaveDocument('INVOICE', refund, 'AGENT')).toBe(false);
    expect(mayHaveDocument('RECEIPT', at({ ...refund, status: 'PAYMENT_CONFIRMED', paidE6: 1_000 * E6 }), 'AGENT')).toBe(false);
    expect(mayHaveDocument('RETURN_INVOICE', base, 'OPERATOR')).toBe(false);
    expect(mayHaveDocument('RETURN_INVOICE', at({ kind: 'DISCREPANCY', direction: 'EXTRA' }), 'OPERATOR')).toBe(false);
  });

  it('flags a refund record as having no invoice and no receipt, even where its status and method would give a charge both', () => {
    // Owed back by card (PAYMENT_PENDING), then made (PAYMENT_CONFIRMED, paid = what went back).
    const owed = at({ kind: 'DISCREPANCY', direction: 'REFUND', totalE6: 1_000 * E6 });
    const made = at({ ...owed, status: 'PAYMENT_CONFIRMED', paidE6: 1_000 * E6 });
    for (const refund of [owed, made]) {
      for (const caller of ['OPERATOR', 'AGENT'] as const) {
        expect(documentFlags(refund, caller)).toEqual({ can_view_invoice: false, can_view_receipt: false });
        expect(mayHaveDocument('RETURN_INVOICE', refund, caller)).toBe(true);
      }
    }
    // The payment's own flags alone would offer them: the document flags are the ones shown.
    expect(paymentFlags(owed, 'AGENT').can_view_invoice).toBe(true);
    expect(paymentFlags(made, 'AGENT').can_view_receipt).toBe(true);
    // A charge keeps the payment's flags, document for document.
    const paid = at({ status: 'PAYMENT_CONFIRMED', paidE6: 10_000 * E6 });
    for (const charge of [base, paid, at({ kind: 'DISCREPANCY', direction: 'EXTRA', totalE6: 2_000 * E6 })]) {
      const { can_view_invoice, can_view_receipt } = paymentFlags(charge, 'AGENT');
      expect(documentFlags(charge, 'AGENT')).toEqual({ can_view_invoice, can_view_receipt });
    }
    expect(documentFlags(paid, 'STATION')).toEqual({ can_view_invoice: false, can_view_receipt: false });
  });

  it('states the total billed, or received for a receipt; a changed total is a new document', () => {
    const paid = at({ status: 'PAYMENT_CONFIRMED', totalE6: 9_000 * E6, paidE6: 10_000 * E6 });
    expect(documentTotalE6('INVOICE', paid)).toBe(9_000 * E6);
    expect(documentTotalE6('RECEIPT', paid)).toBe(10_000 * E6);
    expect(documentStillStands(9_000 * E6, 9_000 * E6)).toBe(true);
    expect(documentStillStands(9_000 * E6, 8_000 * E6)).toBe(false);
  });
});
