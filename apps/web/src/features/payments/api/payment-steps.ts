import type { AdjustAmountBody, RecordBankTransferBody, RecordRefundPaidBody, RefundBody, RefundResponse, ReportCouponBody, StartCardPaymentResponse } from '@sagano/domain/payments/payment-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useStepMutation } from '../../../lib/step-mutation.ts';

type Ok = { ok: true };
const bookingPath = (bookingId: string, rest: string) => `${apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId })}/${rest}`;
const paymentPath = (bookingId: string, paymentId: number, step: string) => bookingPath(bookingId, `${apiPath('payments/{payment_id}', { payment_id: paymentId })}/${step}`);

/** POST …/payments/{payment_id}/checkout (agent): where the browser goes to pay by card (the provider's hosted page). */
export const startCardPayment = (bookingId: string, paymentId: number) =>
  apiClient.post<StartCardPaymentResponse>(paymentPath(bookingId, paymentId, 'checkout'), {});
/** POST …/payments/{payment_id}/report_coupon (agent): the coupon is issued → COUPON_CONFIRMED. */
export const reportCoupon = (bookingId: string, paymentId: number, body: ReportCouponBody) =>
  apiClient.post<Ok>(paymentPath(bookingId, paymentId, 'report_coupon'), body);
/** PUT …/payments/{payment_id}/coupon_number (operator): corrects a reported coupon number. */
export const correctCouponNumber = (bookingId: string, paymentId: number, body: ReportCouponBody) =>
  apiClient.put<Ok>(paymentPath(bookingId, paymentId, 'coupon_number'), body);
/** POST …/payments/{payment_id}/bank_transfers (operator): money received; confirms the payment once covered. */
export const recordBankTransfer = (bookingId: string, paymentId: number, body: RecordBankTransferBody) =>
  apiClient.post<Ok>(paymentPath(bookingId, paymentId, 'bank_transfers'), body);
/** POST /v1/bookings/{id}/adjust_amount (operator): the fare's new total, fixed from then on. */
export const adjustAmount = (bookingId: string, body: AdjustAmountBody) =>
  apiClient.post<{ discrepancy_payment_id: number | null }>(bookingPath(bookingId, 'adjust_amount'), body);
/**
 * POST …/payments/{payment_id}/refund (operator): gives back all or part of what the booking holds.
 * The same `idempotency_key` (one per refund dialog) makes a double click or a retry one refund.
 */
export const refundPayment = (bookingId: string, paymentId: number, body: RefundBody) =>
  apiClient.post<RefundResponse>(paymentPath(bookingId, paymentId, 'refund'), body);
/** POST …/payments/{refund_payment_id}/refund_paid (operator): a refund the operator pays back was paid (204). */
export const recordRefundPaid = (bookingId: string, refundPaymentId: number, body: RecordRefundPaidBody) =>
  apiClient.post<void>(paymentPath(bookingId, refundPaymentId, 'refund_paid'), body);
/** PUT /v1/bookings/{id}/set_cancel_payment_finished (operator): irreversible. */
export const finishCancelPayment = (bookingId: string) => apiClient.put<Ok>(bookingPath(bookingId, 'set_cancel_payment_finished'), {});

/**
 * A payment step as a mutation. The payment lives on the booking, so a success refreshes the
 * booking views and the notifications by their roots (ADR 008). `silent`: the screen shows the
 * errors itself (a form puts them on its fields).
 */
export function usePaymentStep<V, R>(run: (vars: V) => Promise<R>, options: { silent?: boolean } = {}) {
  return useStepMutation(run, [queryRoots.bookings, queryRoots.notifications, queryRoots.payments], options);
}
