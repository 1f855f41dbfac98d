import type { PaymentStatus } from '@sagano/domain/payments/payment-state';

/**
 * The one colour of each payment status, wherever a badge shows it (the booking page and its
 * payment panel, the payment lists, the monthly report): grey before anything is asked or when
 * nothing is, yellow while the invoice is being made, orange while money is awaited, teal once it
 * is settled. The colour only repeats the badge's words.
 */
const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  INITED: 'gray',
  INVOICE_PENDING: 'yellow',
  PAYMENT_PENDING: 'orange',
  PAYMENT_CONFIRMED: 'teal',
  COUPON_CONFIRMED: 'teal',
  NO_NEED_TO_PAY: 'gray',
};

/** Money owed back is the operator's to send, not awaited from the payer: blue until it has gone back (返金待ち), then teal. */
const REFUND_PENDING_COLOR = 'blue';

/** A payment's badge colour; `refund` for money owed back (a refund or a refund discrepancy). */
export function paymentStatusColor(status: PaymentStatus, refund = false): string {
  return refund && status === 'PAYMENT_PENDING' ? REFUND_PENDING_COLOR : PAYMENT_STATUS_COLORS[status];
}
