import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { documentStillStands, documentTotalE6, mayHaveDocument, type DocumentPayment } from './document-rules.ts';

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

  it('states the total billed, or received for a receipt; a changed total is a new document', () => {
    const paid = at({ status: 'PAYMENT_CONFIRMED', totalE6: 9_000 * E6, paidE6: 10_000 * E6 });
    expect(documentTotalE6('INVOICE', paid)).toBe(9_000 * E6);
    expect(documentTotalE6('RECEIPT', paid)).toBe(10_000 * E6);
    expect(documentStillStands(9_000 * E6, 9_000 * E6)).toBe(true);
    expect(documentStillStands(9_000 * E6, 8_000 * E6)).toBe(false);
  });
});
