import type { BookingMoney, PaymentDetail, PaymentDiscrepancy, PaymentFlags } from '@sagano/domain/payments/payment-schemas';
import { E6 } from '@sagano/domain/money/yen-e6';

/** Every payment flag off: a test turns on what its case allows. */
export const NO_PAYMENT_FLAGS: PaymentFlags = {
  can_pay: false,
  can_issue_coupon: false,
  can_correct_coupon_number: false,
  can_record_transfer: false,
  can_adjust_amount: false,
  can_finish_cancel_payment: false,
  can_refund: false,
  can_view_invoice: false,
  can_view_receipt: false,
};

/** A fare of 48,000 円 waiting for a card payment, due 2027-06-03, with no flag on unless told. */
export function paymentDetail(over: Partial<PaymentDetail> = {}, flags: Partial<PaymentFlags> = {}): PaymentDetail {
  return {
    payment_id: 71,
    kind: 'FARE',
    status: 'PAYMENT_PENDING',
    payment_method: 'ONLINE_CREDIT_CARD',
    transaction_id: null,
    issued_at: '2027-05-01T10:00:00+09:00',
    updated_at: '2027-05-01T10:00:00+09:00',
    paid_amount: 0,
    initial_paid_amount: 0,
    unit_quantity_price_items: [],
    cancellation_unit_quantity_price_items: [],
    total_amount: 48_000 * E6,
    commission: { value: 0, is_automatically_calculated: true },
    cancellation_rate_percent: null,
    total_cancellation_fee: null,
    total_cancellation_amount: null,
    is_cancellation_fee_fixed: false,
    is_total_amount_fixed: false,
    due_date: '2027-06-03',
    normal_due_date: '2027-06-03',
    is_overdue: false,
    coupon_number: null,
    monthly_invoice_id: null,
    agent_settlement_id: null,
    agent_sub_group_settlement_id: null,
    expected_billing_date: null,
    invoice_url: null,
    receipt_url: null,
    is_cancel_payment_finished: false,
    flags: { ...NO_PAYMENT_FLAGS, ...flags },
    discrepancy: null,
    discrepancy_details: null,
    refunds: [],
    booking_money: settledBy(over.total_amount ?? 48_000 * E6, over.paid_amount ?? 0),
    ...over,
  };
}

/** The account of a booking with one payment and no refund: billed its total, received what was paid. */
export function settledBy(billedE6: number, receivedE6: number): BookingMoney {
  return { billed_amount: billedE6, received_amount: receivedE6, refunded_amount: 0, owed_back_amount: 0, balance_amount: billedE6 - receivedE6 };
}

/** An extra charge of 6,000 円 on a settled fare, due 2027-06-20, with no flag on unless told. */
export function paymentDiscrepancy(over: Partial<PaymentDiscrepancy> = {}, flags: Partial<PaymentFlags> = {}): PaymentDiscrepancy {
  return { payment_id: 72, status: 'PAYMENT_PENDING', due_date: '2027-06-20', is_overdue: false, total_amount: 6_000 * E6, paid_amount: 0, direction: 'EXTRA', invoice_url: null, receipt_url: null, return_invoice_url: null, flags: { ...NO_PAYMENT_FLAGS, ...flags }, ...over };
}
