/** The payment states the payment tests start from (test support: nothing in the product imports it). */
import { E6 } from '../money/yen-e6.ts';
import type { PaymentState } from './payment-state.ts';

export const yen = (n: number) => n * E6;
export const TOTAL = yen(10_000);

/** A ¥10,000 fare waiting for its card payment, due 2026-12-01, with `patch` applied. */
export const pendingFare = (patch: Partial<PaymentState> = {}): PaymentState => ({
  kind: 'FARE',
  status: 'PAYMENT_PENDING',
  method: 'ONLINE_CREDIT_CARD',
  totalE6: TOTAL,
  paidE6: 0,
  dueDate: '2026-12-01',
  isTotalAmountFixed: false,
  isCancellationFeeFixed: false,
  cancelPaymentFinished: false,
  ...patch,
});
