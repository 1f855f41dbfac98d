/**
 * The payment API's shapes (spec 000 §3 "Payment", spec 001 §9.5), shared by the server's
 * validation, the OpenAPI document and the web forms.
 *
 * Amounts on the wire are integers on the millionth scale of the yen, as every amount of the
 * booking API (PaymentSummary.total_amount, DESIGN §6): 1,200 yen is 1_200_000_000. Amounts
 * typed in by staff (a bank transfer, an adjusted total) must be whole yen on that scale.
 */
import { z } from 'zod';
import { E6 } from '../money/yen-e6.ts';
import { ADJUST_REASON_MAX, COUPON_NUMBER_MAX, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentFlagSet } from './payment-state.ts';
import { REFUND_REASONS, REFUND_ROUTES } from './payment-ledger.ts';

const DateString = z.iso.date();
const Id = z.coerce.number().int().positive();
const Amount = z.number().int();
export const MAX_TRANSFER_NOTE = 500;

/** The largest amount staff may type in: 100 million yen. */
const MAX_TYPED_AMOUNT_E6 = 100_000_000 * E6;
/** A whole-yen amount typed in by staff, on the millionth scale, ≥ 0. */
const WholeYenE6 = z
  .number()
  .int('enter a non-negative integer')
  .min(0, 'enter a non-negative integer')
  .max(MAX_TYPED_AMOUNT_E6, `at most ${MAX_TYPED_AMOUNT_E6 / E6}`)
  .refine((n) => n % E6 === 0, 'enter a whole yen amount');

/** One priced unit of a payment (spec 000 §3 "Payment" item lists). */
export const PaymentPriceItem = z.object({
  unit_id: z.number().int(),
  quantity: z.number().int(),
  calculated_quantity: z.number().int(),
  unit_price: Amount,
  decrement_quantity: z.number().int(),
  decrement_fee: Amount,
  final_remained_quantity: z.number().int(),
  record_largest_calculated_quantity: z.number().int(),
  subtotal_amount: Amount,
});
export type PaymentPriceItem = z.infer<typeof PaymentPriceItem>;

/** The can_* flags of a payment for the caller (paymentFlags in payment-state.ts says each rule). */
export const PaymentFlags = z.object({
  can_pay: z.boolean(),
  can_issue_coupon: z.boolean(),
  can_correct_coupon_number: z.boolean(),
  can_record_transfer: z.boolean(),
  can_adjust_amount: z.boolean(),
  can_finish_cancel_payment: z.boolean(),
  can_refund: z.boolean(),
  can_view_invoice: z.boolean(),
  can_view_receipt: z.boolean(),
});
export type PaymentFlags = z.infer<typeof PaymentFlags>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The wire flags are exactly what paymentFlags computes. */
const _flagsMatch: Same<PaymentFlags, PaymentFlagSet> = true;

/** A discrepancy payment after a change to a paid fare: what is charged extra or refunded, with its own status and due date. */
export const PaymentDiscrepancy = z.object({
  payment_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  due_date: DateString.nullable(),
  is_overdue: z.boolean(),
  total_amount: Amount,
  paid_amount: Amount,
  direction: z.enum(['EXTRA', 'REFUND']),
  /** The PDFs of the discrepancy: an invoice and a receipt for an extra charge, a return invoice for a refund (null when none now). */
  invoice_url: z.string().nullable(),
  receipt_url: z.string().nullable(),
  return_invoice_url: z.string().nullable(),
  flags: PaymentFlags,
});
export type PaymentDiscrepancy = z.infer<typeof PaymentDiscrepancy>;

/** A payment as it stood at a moment (discrepancy_details). */
export const PaymentSnapshot = z.object({
  total_amount: Amount,
  paid_amount: Amount,
  unit_quantity_price_items: z.array(PaymentPriceItem),
  /** When it stood so (the confirmation, the last change); null when not known. */
  recorded_at: z.string().nullable(),
});
export type PaymentSnapshot = z.infer<typeof PaymentSnapshot>;



/**
 * How cancelling now would settle the money (payment-ledger.ts settleCancellation), shown before
 * the agent agrees and in the operator's confirmation: the fee, what was paid, what of it pays
 * the fee, what goes back and how, and what is still to pay.
 */
export const CancellationSettlementPreview = z.object({
  fee_amount: Amount,
  paid_amount: Amount,
  applied_to_fee_amount: Amount,
  refund_amount: Amount,
  refund_route: z.enum(REFUND_ROUTES),
  still_owed_amount: Amount,
  on_monthly_invoice: z.boolean(),
});
export type CancellationSettlementPreview = z.infer<typeof CancellationSettlementPreview>;

/**
 * What cancelling costs: the rate in force, the amount it applies to, the fee, and how the fee is
 * settled against what was paid (null once the cancellation is confirmed: the refunds then show it).
 */
export const ExpectedCancellationPayment = z.object({
  cancellation_rate_percent: z.number().min(0).max(100),
  total_cancellation_amount: Amount,
  total_cancellation_fee: Amount,
  settlement: CancellationSettlementPreview.nullable(),
});

/** DESIGN §6: the payment first confirmed, the latest one, and what a cancellation would cost now (each null when none). */
export const DiscrepancyDetails = z.object({
  first_confirmed_payment: PaymentSnapshot.nullable(),
  last_payment: PaymentSnapshot.nullable(),
  expected_cancellation_payment: ExpectedCancellationPayment.nullable(),
});
export type DiscrepancyDetails = z.infer<typeof DiscrepancyDetails>;

/**
 * A booking's money as one account (payment-ledger.ts bookingMoney): what it costs now, what came
 * in, what went back, what is decided to go back but not yet made, and the balance (above 0 the
 * agent still owes it, below 0 it is owed back). The booking, its payment card, the payments
 * list, the sales screen and the CSVs show these same figures.
 */
export const BookingMoney = z.object({
  billed_amount: Amount,
  received_amount: Amount,
  refunded_amount: Amount,
  owed_back_amount: Amount,
  balance_amount: Amount,
});
export type BookingMoney = z.infer<typeof BookingMoney>;

/** A refund record: money going back to the agent, why, how, and where it stands. */
export const PaymentRefund = z.object({
  payment_id: z.number().int(),
  /** The payment it returns money of (the fare, or the cancellation fee). */
  parent_payment_id: z.number().int().nullable(),
  reason: z.enum(REFUND_REASONS),
  /** GATEWAY: back to the card; MONTHLY_INVOICE: a credit on the next monthly invoice; RECORDED: paid back by the operator, who records it. */
  route: z.enum(REFUND_ROUTES),
  /** PAYMENT_PENDING: decided, not yet made; PAYMENT_CONFIRMED: made. */
  status: z.enum(PAYMENT_STATUSES),
  total_amount: Amount,
  /** What has gone back so far. */
  refunded_amount: Amount,
  note: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  /** The return invoice (適格返還請求書), issued on its first download. */
  return_invoice_url: z.string().nullable(),
  /** The operator may record that a RECORDED refund was paid back. */
  can_record_refund: z.boolean(),
});
export type PaymentRefund = z.infer<typeof PaymentRefund>;

/** A payment record (spec 000 §3 "Payment"), on the booking and in the payments list. */
export const PaymentDetail = z.object({
  payment_id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The gateway's transaction for a card payment; null until one is captured. */
  transaction_id: z.string().nullable(),
  issued_at: z.string(),
  updated_at: z.string(),
  paid_amount: Amount,
  /** What had been paid when the payment was first confirmed (before refunds and discrepancies). */
  initial_paid_amount: Amount,
  unit_quantity_price_items: z.array(PaymentPriceItem),
  cancellation_unit_quantity_price_items: z.array(PaymentPriceItem),
  total_amount: Amount,
  commission: z.object({ value: Amount, is_automatically_calculated: z.boolean() }),
  /** The cancellation rate in force (percent), the amount it applies to and the fee; null while not cancelled. */
  cancellation_rate_percent: z.number().min(0).max(100).nullable(),
  total_cancellation_fee: Amount.nullable(),
  total_cancellation_amount: Amount.nullable(),
  is_cancellation_fee_fixed: z.boolean(),
  is_total_amount_fixed: z.boolean(),
  due_date: DateString.nullable(),
  /** The due date the group schedule gives (due_date may differ once set by an invoice). */
  normal_due_date: DateString.nullable(),
  is_overdue: z.boolean(),
  coupon_number: z.string().nullable(),
  monthly_invoice_id: z.number().int().nullable(),
  /** Later work (settlements): the agent's and the branch's settlement this payment is in. */
  agent_settlement_id: z.string().nullable(),
  agent_sub_group_settlement_id: z.string().nullable(),
  /**
   * A monthly agent's payment still waiting for its invoice (INVOICE_PENDING): the billing day of
   * the monthly invoice it will be on (settlements/billing-period.ts expectedBillingDate). Null
   * otherwise, and in the payments list.
   */
  expected_billing_date: DateString.nullable(),
  /** The PDFs (GET …/payments/{payment_id}/invoice.pdf, receipt.pdf), when the caller may have them now; else null. */
  invoice_url: z.string().nullable(),
  receipt_url: z.string().nullable(),
  /** Whether the cancellation payment was marked finished (irreversible). */
  is_cancel_payment_finished: z.boolean(),
  flags: PaymentFlags,
  discrepancy: PaymentDiscrepancy.nullable(),
  discrepancy_details: DiscrepancyDetails.nullable(),
  /** The refunds made or owed from this payment (oldest first). */
  refunds: z.array(PaymentRefund),
  /** The booking's account (the same on each of its payments). */
  booking_money: BookingMoney,
});
export type PaymentDetail = z.infer<typeof PaymentDetail>;

export const REFUND_NOTE_MAX = 500;

/**
 * POST /v1/bookings/{booking_id}/payments/{payment_id}/refund: the operator gives money back,
 * all or part of what the booking holds, with a reason. The `Idempotency-Key` header (or
 * `idempotency_key`) makes a double click or a retry one refund.
 */
export const RefundBody = z.object({
  amount: WholeYenE6.refine((n) => n > 0, 'enter a positive integer'),
  reason: z.string().trim().min(1, 'enter the reason').max(REFUND_NOTE_MAX),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});
export type RefundBody = z.infer<typeof RefundBody>;
export const RefundResponse = z.object({ refund: PaymentRefund, booking_money: BookingMoney });
export type RefundResponse = z.infer<typeof RefundResponse>;

/** POST …/payments/{refund_payment_id}/refund_paid: the operator records that a refund owed was paid back. */
export const RecordRefundPaidBody = z.object({
  paid_on: DateString,
  note: z.string().trim().max(MAX_TRANSFER_NOTE).default(''),
});
export type RecordRefundPaidBody = z.infer<typeof RecordRefundPaidBody>;



/** POST …/report_coupon: the agent reports the coupon issued. PUT …/coupon_number: the operator corrects it. */
export const ReportCouponBody = z.object({
  coupon_number: z.string().trim().min(1, 'enter the coupon number').max(COUPON_NUMBER_MAX),
});
export type ReportCouponBody = z.infer<typeof ReportCouponBody>;
export const CorrectCouponNumberBody = ReportCouponBody;
export type CorrectCouponNumberBody = ReportCouponBody;


/** The operator records a bank transfer (or other offline payment) received. */
export const RecordBankTransferBody = z.object({
  amount: WholeYenE6.refine((n) => n > 0, 'enter a positive integer'),
  transferred_on: DateString,
  note: z.string().trim().max(MAX_TRANSFER_NOTE).default(''),
});
export type RecordBankTransferBody = z.infer<typeof RecordBankTransferBody>;

/** POST /v1/bookings/{id}/adjust_amount: the operator's new total and why; fixes the total. */
export const AdjustAmountBody = z.object({
  total_amount: WholeYenE6,
  reason: z.string().trim().min(1, 'enter the reason').max(ADJUST_REASON_MAX),
});
export type AdjustAmountBody = z.infer<typeof AdjustAmountBody>;

/** The agent starts paying a payment by card. */
export const StartCardPaymentBody = z.object({ payment_id: Id });
export type StartCardPaymentBody = z.infer<typeof StartCardPaymentBody>;
/** Where the agent's browser goes: the provider's hosted page (the sandbox's is a path on our server). */
export const StartCardPaymentResponse = z.object({ checkout_url: z.string().min(1) });
export type StartCardPaymentResponse = z.infer<typeof StartCardPaymentResponse>;
