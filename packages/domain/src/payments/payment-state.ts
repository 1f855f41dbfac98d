/**
 * A payment's own state machine (DESIGN §6, spec 000 §3 "Payment" and §4, spec 001 §9.5): what
 * each step does to a payment's status and amounts, who may take it and when, and the can_*
 * flags the screens show. Pure, like booking-state.ts: the server refuses a step this module
 * refuses (409), and the screens offer only the steps the flags allow.
 *
 * Amounts are integers on the millionth scale (`*E6`, DESIGN §6). Dates are yyyy-MM-dd strings.
 * "The booking's agent" is checked by the server's tenant scope; here AGENT means the booking's
 * own agent staff.
 */
import { PAYMENT_TYPE_OF_AGENT, type AgentType } from '../agents/agent-constants.ts';
import type { BookingCaller } from '../bookings/booking-state.ts';
import { isPendingStatus, isSettledStatus, owedE6, PENDING_PAYMENT_STATUSES, SETTLED_PAYMENT_STATUSES, UNSETTLED_PAYMENT_STATUSES } from './money-terms.ts';

export const PAYMENT_STATUSES = ['INITED', 'INVOICE_PENDING', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'COUPON_CONFIRMED', 'NO_NEED_TO_PAY'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The booking-level payment methods (spec 000 §4). */
export const PAYMENT_METHODS = ['UNKNOWN', 'ONLINE_CREDIT_CARD', 'OFFLINE_CREDIT_CARD', 'CASH', 'MONTHLY', 'COUPON', 'OTA_DEFERRED', 'OFFLINE_NOT_SPECIFIED'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a payment is for: the fare, a cancellation fee, or the difference after a change to a paid fare. */
export const PAYMENT_KINDS = ['FARE', 'CANCELLATION', 'DISCREPANCY'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Group payment types (spec 000 §4, spec 001 §9.5). */
export const PAYMENT_TYPES = ['PREPAID', 'COUPON', 'MONTHLY', 'CASH', 'OTHER'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The payment type an agent's bookings are paid by: FREE → PREPAID, CONTRACTED → COUPON, SPECIAL_CONTRACTED → MONTHLY (spec 001 §9.5). */
export function paymentTypeOf(agentType: AgentType): 'PREPAID' | 'COUPON' | 'MONTHLY' {
  return PAYMENT_TYPE_OF_AGENT[agentType];
}

const METHOD_OF_TYPE: Record<PaymentType, PaymentMethod> = {
  /** Prepaid is paid by card online, on the gateway's hosted page. */
  PREPAID: 'ONLINE_CREDIT_CARD',
  COUPON: 'COUPON',
  MONTHLY: 'MONTHLY',
  CASH: 'CASH',
  OTHER: 'OFFLINE_NOT_SPECIFIED',
};

/** The method a payment of this type is opened with. */
export function methodOfPaymentType(type: PaymentType): PaymentMethod {
  return METHOD_OF_TYPE[type];
}

/** The method an agent's payments are opened with: FREE → ONLINE_CREDIT_CARD, CONTRACTED → COUPON, SPECIAL_CONTRACTED → MONTHLY. */
export function paymentMethodOf(agentType: AgentType): PaymentMethod {
  return methodOfPaymentType(paymentTypeOf(agentType));
}

/**
 * The payment type a method belongs to: ONLINE_CREDIT_CARD is PREPAID, COUPON, MONTHLY and CASH
 * are themselves, every other method (offline card, OTA, not specified, unknown) is OTHER.
 */
export function paymentTypeOfMethod(method: PaymentMethod): PaymentType {
  switch (method) {
    case 'ONLINE_CREDIT_CARD':
      return 'PREPAID';
    case 'COUPON':
    case 'MONTHLY':
    case 'CASH':
      return method;
    default:
      return 'OTHER';
  }
}

/**
 * The status a payment opens in: MONTHLY waits for the monthly invoice (INVOICE_PENDING), every
 * other method is payable at once (PAYMENT_PENDING). With `totalE6` 0 there is nothing to pay
 * (NO_NEED_TO_PAY, spec 000 §4: a cancellation with a zero fee).
 */
export function openingStatus(method: PaymentMethod, totalE6?: number): PaymentStatus {
  if (totalE6 === 0) return 'NO_NEED_TO_PAY';
  return method === 'MONTHLY' ? 'INVOICE_PENDING' : 'PAYMENT_PENDING';
}

export const PAYMENT_STEPS = [
  'open',
  'start_card_payment',
  'confirm_card_payment',
  'report_coupon_issued',
  'correct_coupon_number',
  'record_bank_transfer',
  'issue_monthly_invoice',
  'waive',
  'reprice',
  'adjust_amount',
  'finish_cancellation_payment',
  'refund',
  'close',
  'apply_credit',
  'net_out',
  'settle_refund',
  'receive_unowed',
] as const;
export type PaymentStep = (typeof PAYMENT_STEPS)[number];

/** The booking's callers plus the system itself (jobs, webhooks, booking steps calling payments). */
export type PaymentCaller = BookingCaller | 'SYSTEM';
export const PAYMENT_CALLERS: readonly PaymentCaller[] = ['OPERATOR', 'AGENT', 'STATION', 'SYSTEM'];

export interface PaymentState {
  kind: PaymentKind;
  status: PaymentStatus;
  method: PaymentMethod;
  totalE6: number;
  paidE6: number;
  /** yyyy-MM-dd, or null while none is set (a monthly payment before its invoice, a coupon). */
  dueDate: string | null;
  /** The operator fixed the total (adjust_amount): re-pricing no longer changes it. */
  isTotalAmountFixed: boolean;
  /** A cancellation fee fixed by the operator (adjust_amount on a CANCELLATION payment). */
  isCancellationFeeFixed: boolean;
  /** The cancellation payment was marked finished (irreversible, spec 000 §4). */
  cancelPaymentFinished: boolean;
  /** A discrepancy's way: EXTRA (charged) or REFUND (a refund record: money going back; its paidE6 is what went back). */
  direction?: 'EXTRA' | 'REFUND' | null;
}

/** What a step needs besides the state; each step reads only its own fields. */
export interface PaymentStepInput {
  /** confirm_card_payment, record_bank_transfer, refund, apply_credit, net_out, settle_refund: the amount moved (> 0). */
  amountE6?: number;
  /** refund: what the booking holds that can still go back (payment-ledger.ts heldE6); without it, what this payment received. */
  availableE6?: number;
  /**
   * confirm_card_payment, record_bank_transfer: accept an amount above the unpaid remainder
   * (money that did arrive: the caller then opens a REFUND discrepancy). Refused otherwise.
   */
  allowOverpayment?: boolean;
  /** reprice, adjust_amount: the new total (≥ 0). */
  totalE6?: number;
  /** adjust_amount: why (required, 1–500 characters). */
  reason?: string;
  /** report_coupon_issued, correct_coupon_number: the coupon number (required, 1–40 characters). */
  couponNumber?: string;
  /** issue_monthly_invoice (required), open (optional): the due date, yyyy-MM-dd. */
  dueDate?: string;
}

/** Why a step was refused; the server maps each to an error code (409, or 400 for bad input). */
export type PaymentRefusal =
  /** The caller may not take the step in this state. */
  | 'PAYMENT_STEP_NOT_ALLOWED'
  /** Money was paid or a coupon issued: a change goes through a discrepancy, a second capture is a duplicate. */
  | 'ALREADY_PAID'
  /** reprice: the operator fixed the total (or the cancellation fee). */
  | 'TOTAL_FIXED'
  /** An amount or total that is not a safe integer in range. */
  | 'INVALID_AMOUNT'
  /** confirm_card_payment, record_bank_transfer: more than the unpaid remainder without allowOverpayment. */
  | 'AMOUNT_EXCEEDS_REMAINDER'
  | 'REFUND_EXCEEDS_PAID'
  | 'REASON_REQUIRED'
  | 'COUPON_NUMBER_REQUIRED'
  | 'DUE_DATE_REQUIRED';

export type PaymentStepResult = { ok: true; state: PaymentState } | { ok: false; code: PaymentRefusal };

// Pending, unsettled, settled and owed are money-terms.ts's.
const PENDING: readonly PaymentStatus[] = PENDING_PAYMENT_STATUSES;
const UNSETTLED: readonly PaymentStatus[] = UNSETTLED_PAYMENT_STATUSES;
const SETTLED: readonly PaymentStatus[] = SETTLED_PAYMENT_STATUSES;

export const isPending = (p: PaymentState) => isPendingStatus(p.status);
export const isSettled = (p: PaymentState) => isSettledStatus(p.status);
/** A refund record: a discrepancy whose money goes back to the agent. */
export const isRefundRecordState = (p: Pick<PaymentState, 'kind' | 'direction'>) => p.kind === 'DISCREPANCY' && p.direction === 'REFUND';
/** What is still owed on the payment (0 when paid in full or over). */
export const remainderE6 = (p: PaymentState) => owedE6(p);

const AMOUNT_LIMIT_E6 = Number.MAX_SAFE_INTEGER;
const positiveAmount = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n > 0 && n <= AMOUNT_LIMIT_E6;
const nonNegativeAmount = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n >= 0 && n <= AMOUNT_LIMIT_E6;
const filled = (text: string | undefined, max: number): boolean => text !== undefined && text.trim().length >= 1 && text.trim().length <= max;
const isDate = (text: string | undefined): text is string => text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

export const COUPON_NUMBER_MAX = 40;
export const ADJUST_REASON_MAX = 500;

/**
 * Whether `caller` may take `step` in state `p`, state and caller only: null when allowed, else
 * the reason. This is the only place the rules live.
 */
function stateRefusal(step: PaymentStep, p: PaymentState, caller: PaymentCaller): PaymentRefusal | null {
  const operator = caller === 'OPERATOR';
  const system = caller === 'SYSTEM';
  const card = p.method === 'ONLINE_CREDIT_CARD';
  const no = 'PAYMENT_STEP_NOT_ALLOWED';
  const refundRecord = isRefundRecordState(p);
  // Money going back is not paid in, couponed or charged: it is made (settle_refund) or netted.
  const onRefundRecord: readonly PaymentStep[] = ['settle_refund', 'waive', 'finish_cancellation_payment', 'adjust_amount'];
  if (refundRecord && !onRefundRecord.includes(step)) return no;
  if (!refundRecord && step === 'settle_refund') return no;
  // Money that arrives when nothing is owed (a checkout paid after a cancellation) is received
  // whatever the state; the caller sends it back at once (a refund record, OVERPAYMENT).
  if (step === 'receive_unowed') return system && p.status !== 'INITED' && !refundRecord ? null : no;
  // Nothing to pay is final; so is a finished cancellation payment, except for the operator's adjustment.
  if (p.status === 'NO_NEED_TO_PAY') return no;
  if (p.cancelPaymentFinished && step !== 'adjust_amount') return no;
  switch (step) {
    case 'open':
      return system && p.status === 'INITED' ? null : no;
    case 'start_card_payment':
      // Spec 001 §9.5: card only for prepaid and payment pending; only while something is owed.
      return caller === 'AGENT' && card && p.status === 'PAYMENT_PENDING' && remainderE6(p) > 0 ? null : no;
    case 'confirm_card_payment':
      if (!system || !card) return no;
      if (p.status === 'PAYMENT_CONFIRMED') return 'ALREADY_PAID';
      return p.status === 'PAYMENT_PENDING' ? null : no;
    case 'report_coupon_issued':
      // A coupon pays a fare or the extra of a discrepancy; a cancellation fee is recorded, not couponed.
      return caller === 'AGENT' && p.method === 'COUPON' && p.status === 'PAYMENT_PENDING' && p.kind !== 'CANCELLATION' ? null : no;
    case 'correct_coupon_number':
      return operator && p.status === 'COUPON_CONFIRMED' ? null : no;
    case 'record_bank_transfer':
      // Offline settlement of anything not paid by card online; monthly mostly, coupon, cash and others too.
      return operator && !card && PENDING.includes(p.status) ? null : no;
    case 'issue_monthly_invoice':
      return system && p.status === 'INVOICE_PENDING' ? null : no;
    case 'waive':
      if (!system) return no;
      if (SETTLED.includes(p.status) || p.paidE6 > 0) return 'ALREADY_PAID';
      return UNSETTLED.includes(p.status) ? null : no;
    case 'reprice':
      if (!system) return no;
      if (SETTLED.includes(p.status) || p.paidE6 > 0) return 'ALREADY_PAID';
      if (p.isTotalAmountFixed || (p.kind === 'CANCELLATION' && p.isCancellationFeeFixed)) return 'TOTAL_FIXED';
      return UNSETTLED.includes(p.status) ? null : no;
    case 'adjust_amount':
      return operator ? null : no;
    case 'finish_cancellation_payment':
      // Not before the fee is opened (INITED); a fee of 0 is NO_NEED_TO_PAY already.
      return operator && p.kind === 'CANCELLATION' && p.status !== 'INITED' ? null : no;
    case 'refund':
      // A refund is opened from a charge that received money (the fare, an extra, the fee).
      return (operator || system) && p.status !== 'INITED' && p.paidE6 > 0 ? null : no;
    case 'close':
      // A cancelled or refused booking's charge is no longer owed; money it received stays on record (netted or refunded by the caller).
      return system && UNSETTLED.includes(p.status) ? null : no;
    case 'apply_credit':
      // Money the booking already paid (its fare) applied to another of its charges (the cancellation fee).
      return system && PENDING.includes(p.status) ? null : no;
    case 'net_out':
      return system && p.status !== 'INITED' && p.paidE6 > 0 ? null : no;
    case 'settle_refund':
      // The gateway made it, the operator recorded it, or a monthly invoice netted it.
      return (system || operator) && p.status === 'PAYMENT_PENDING' ? null : no;
  }
}

/** The input a step needs, checked against the state: null when it is usable. */
function inputRefusal(step: PaymentStep, p: PaymentState, input: PaymentStepInput): PaymentRefusal | null {
  switch (step) {
    case 'open':
      return input.dueDate === undefined || isDate(input.dueDate) ? null : 'DUE_DATE_REQUIRED';
    case 'confirm_card_payment':
    case 'record_bank_transfer':
      if (!positiveAmount(input.amountE6)) return 'INVALID_AMOUNT';
      return input.amountE6 > remainderE6(p) && !input.allowOverpayment ? 'AMOUNT_EXCEEDS_REMAINDER' : null;
    case 'report_coupon_issued':
    case 'correct_coupon_number':
      return filled(input.couponNumber, COUPON_NUMBER_MAX) ? null : 'COUPON_NUMBER_REQUIRED';
    case 'issue_monthly_invoice':
      return isDate(input.dueDate) ? null : 'DUE_DATE_REQUIRED';
    case 'reprice':
      return nonNegativeAmount(input.totalE6) ? null : 'INVALID_AMOUNT';
    case 'adjust_amount':
      if (!nonNegativeAmount(input.totalE6)) return 'INVALID_AMOUNT';
      return filled(input.reason, ADJUST_REASON_MAX) ? null : 'REASON_REQUIRED';
    case 'refund':
      if (!positiveAmount(input.amountE6)) return 'INVALID_AMOUNT';
      return input.amountE6 > (input.availableE6 ?? p.paidE6) ? 'REFUND_EXCEEDS_PAID' : null;
    case 'apply_credit':
    case 'settle_refund':
      if (!positiveAmount(input.amountE6)) return 'INVALID_AMOUNT';
      return input.amountE6 > remainderE6(p) ? 'AMOUNT_EXCEEDS_REMAINDER' : null;
    case 'receive_unowed':
      return positiveAmount(input.amountE6) ? null : 'INVALID_AMOUNT';
    case 'net_out':
      if (!positiveAmount(input.amountE6)) return 'INVALID_AMOUNT';
      return input.amountE6 > p.paidE6 ? 'AMOUNT_EXCEEDS_REMAINDER' : null;
    case 'start_card_payment':
    case 'waive':
    case 'close':
    case 'finish_cancellation_payment':
      return null;
  }
}

/**
 * Why `caller` may not take `step` now (null when allowed). Without `input` only the state and
 * the caller are checked (is the step offered?); with it, the input too (can it be applied?).
 */
export function paymentRefusal(step: PaymentStep, p: PaymentState, caller: PaymentCaller, input?: PaymentStepInput): PaymentRefusal | null {
  return stateRefusal(step, p, caller) ?? (input === undefined ? null : inputRefusal(step, p, input));
}

/** Whether `caller` may take `step` now; with `input`, whether it would be applied as given. */
export function mayTakePayment(step: PaymentStep, p: PaymentState, caller: PaymentCaller, input?: PaymentStepInput): boolean {
  return paymentRefusal(step, p, caller, input) === null;
}

/** The state after `step`, or the reason it is refused (never throws for a refusal). */
export function applyPaymentStep(p: PaymentState, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput = {}): PaymentStepResult {
  const refusal = paymentRefusal(step, p, caller, input);
  if (refusal) return { ok: false, code: refusal };
  const next = (patch: Partial<PaymentState>): PaymentStepResult => ({ ok: true, state: { ...p, ...patch } });
  switch (step) {
    case 'open':
      return next({ status: openingStatus(p.method, p.totalE6), dueDate: input.dueDate ?? p.dueDate });
    case 'confirm_card_payment':
    case 'record_bank_transfer': {
      const paidE6 = p.paidE6 + (input.amountE6 ?? 0);
      // Partly paid stays pending (what is still owed remains payable); covered confirms, irreversibly.
      return next({ paidE6, status: paidE6 >= p.totalE6 ? 'PAYMENT_CONFIRMED' : p.status });
    }
    case 'report_coupon_issued':
      // A coupon is worth what it covers: the ledger records it as received (a COUPON entry), so a
      // cancellation can apply it to the fee and owe the rest back.
      return next({ status: 'COUPON_CONFIRMED', paidE6: Math.max(p.paidE6, p.totalE6) });
    case 'issue_monthly_invoice':
      return next({ status: 'PAYMENT_PENDING', dueDate: input.dueDate ?? p.dueDate });
    case 'waive':
      return next({ status: 'NO_NEED_TO_PAY' });
    case 'reprice':
      return next({ totalE6: input.totalE6 ?? p.totalE6 });
    case 'adjust_amount': {
      const totalE6 = input.totalE6 ?? p.totalE6;
      const fixed = { totalE6, isTotalAmountFixed: true, isCancellationFeeFixed: p.isCancellationFeeFixed || p.kind === 'CANCELLATION' };
      // A settled payment stays settled and keeps the total it was settled at (confirming cannot
      // be undone): a new total above or below where it stands is a discrepancy the caller opens
      // (standingTotalE6, discrepancyOf), so a sum of fares and discrepancies counts it once. A
      // pending one is confirmed once what was paid covers it, or needs nothing when both are 0.
      // A finished cancellation payment stays as it was finished: only its amount is corrected.
      if (p.cancelPaymentFinished) return next(fixed);
      if (SETTLED.includes(p.status)) return next({ ...fixed, totalE6: p.totalE6 });
      if (!PENDING.includes(p.status)) return next(fixed);
      if (totalE6 === 0 && p.paidE6 === 0) return next({ ...fixed, status: 'NO_NEED_TO_PAY' });
      // Lowered below what was already paid: settled at what was paid, the excess a refund discrepancy.
      if (totalE6 < p.paidE6) return next({ ...fixed, totalE6: p.paidE6, status: 'PAYMENT_CONFIRMED' });
      return next({ ...fixed, status: totalE6 <= p.paidE6 ? 'PAYMENT_CONFIRMED' : p.status });
    }
    case 'finish_cancellation_payment':
      return next({ status: 'PAYMENT_CONFIRMED', cancelPaymentFinished: true });
    case 'refund':
      // The money goes back through a refund record of its own (settle_refund): this payment does not move.
      return next({});
    case 'close':
      return next({ status: 'NO_NEED_TO_PAY' });
    case 'apply_credit': {
      const paidE6 = p.paidE6 + (input.amountE6 ?? 0);
      return next({ paidE6, status: paidE6 >= p.totalE6 ? 'PAYMENT_CONFIRMED' : p.status });
    }
    case 'net_out':
      return next({ paidE6: p.paidE6 - (input.amountE6 ?? 0) });
    case 'receive_unowed':
      return next({ paidE6: p.paidE6 + (input.amountE6 ?? 0) });
    case 'settle_refund': {
      const paidE6 = p.paidE6 + (input.amountE6 ?? 0);
      return next({ paidE6, status: paidE6 >= p.totalE6 ? 'PAYMENT_CONFIRMED' : p.status });
    }
    case 'start_card_payment':
    case 'correct_coupon_number':
      // Recorded by the caller (the attempt, the corrected number); the state does not move.
      return next({});
  }
}

export type DiscrepancyDirection = 'EXTRA' | 'REFUND';
export interface Discrepancy {
  direction: DiscrepancyDirection;
  /** What the agent pays more (EXTRA) or gets back (REFUND), > 0. */
  amountE6: number;
}

/** A discrepancy as standingTotalE6 reads it. */
export interface DiscrepancyLine {
  direction: DiscrepancyDirection;
  status: PaymentStatus;
  totalE6: number;
}

/**
 * Where a fare stands: its total (a settled fare keeps the total it was settled at) plus its extra
 * charges, less what is owed back (waived discrepancies left out). A change of the booking or an
 * operator's adjustment to a new total opens discrepancyOf(standing, new total), so a second change
 * counts only its own difference, and fares plus discrepancies sum to what the booking costs.
 */
export function standingTotalE6(fare: Pick<PaymentState, 'totalE6'>, discrepancies: readonly DiscrepancyLine[]): number {
  return discrepancies.reduce((sum, d) => (d.status === 'NO_NEED_TO_PAY' ? sum : d.direction === 'EXTRA' ? sum + d.totalE6 : sum - d.totalE6), fare.totalE6);
}

/** After a change to a paid fare: the extra to charge, the amount to refund, or null when paid equals the new total. */
export function discrepancyOf(paidE6: number, newTotalE6: number): Discrepancy | null {
  if (newTotalE6 > paidE6) return { direction: 'EXTRA', amountE6: newTotalE6 - paidE6 };
  if (newTotalE6 < paidE6) return { direction: 'REFUND', amountE6: paidE6 - newTotalE6 };
  return null;
}

/** Waiting for money (INVOICE_PENDING or PAYMENT_PENDING) past its due date; `today` is yyyy-MM-dd in Tokyo. */
export function isOverdue(p: PaymentState, today: string): boolean {
  return isPending(p) && p.dueDate !== null && p.dueDate < today;
}

export interface PaymentFlagSet {
  can_pay: boolean;
  can_issue_coupon: boolean;
  can_correct_coupon_number: boolean;
  can_record_transfer: boolean;
  can_adjust_amount: boolean;
  can_finish_cancel_payment: boolean;
  can_refund: boolean;
  can_view_invoice: boolean;
  can_view_receipt: boolean;
}

/** Who sees payment documents: the back office and the booking's agent; station staff handle no money. */
const seesDocuments = (caller: PaymentCaller) => caller === 'OPERATOR' || caller === 'AGENT';

/** The specification's payment flags (spec 000 §3 "Payment" list view flags), computed for a caller. */
export function paymentFlags(p: PaymentState, caller: PaymentCaller): PaymentFlagSet {
  const type = paymentTypeOfMethod(p.method);
  return {
    /** Spec 001 §9.5: the agent pays by card only when the method is prepaid (online card) and the status is PAYMENT_PENDING, with something owed. */
    can_pay: mayTakePayment('start_card_payment', p, caller),
    /** Spec 001 §9.5: the agent reports a coupon only when the method is COUPON and the status PAYMENT_PENDING (not for a cancellation fee). */
    can_issue_coupon: mayTakePayment('report_coupon_issued', p, caller),
    /** Our addition: the operator corrects the number of a reported coupon (COUPON_CONFIRMED). */
    can_correct_coupon_number: mayTakePayment('correct_coupon_number', p, caller),
    /** The operator records a bank transfer (or other offline settlement) on a pending payment not paid by card online. */
    can_record_transfer: mayTakePayment('record_bank_transfer', p, caller),
    /** The operator adjusts the total of any payment except one with nothing to pay. */
    can_adjust_amount: mayTakePayment('adjust_amount', p, caller),
    /** The operator marks an opened cancellation payment finished, once (irreversible, spec 000 §4). */
    can_finish_cancel_payment: mayTakePayment('finish_cancellation_payment', p, caller),
    /** The operator refunds from a charge that received money (the server narrows it to what the booking still holds). */
    can_refund: caller === 'OPERATOR' && mayTakePayment('refund', p, caller),
    /**
     * The invoice (請求書) of a payment is generated from the payment itself, so it exists once
     * the amount is requested: PAYMENT_PENDING or PAYMENT_CONFIRMED, with a total above 0, for
     * PREPAID (card) and MONTHLY payments. A monthly payment in INVOICE_PENDING has no invoice yet
     * (the monthly invoice moves it to PAYMENT_PENDING). COUPON, CASH and OTHER get none: the
     * coupon or the counter settles them; but a coupon agent's cancellation fee is never couponed
     * (it is paid by transfer), so it has an invoice. Operator and the booking's agent only.
     */
    can_view_invoice:
      seesDocuments(caller) &&
      (type === 'PREPAID' || type === 'MONTHLY' || (p.method === 'COUPON' && p.kind === 'CANCELLATION')) &&
      (p.status === 'PAYMENT_PENDING' || p.status === 'PAYMENT_CONFIRMED') &&
      p.totalE6 > 0,
    /** A receipt (領収書) once money was received: PAYMENT_CONFIRMED with paid > 0, any method. Operator and the booking's agent only. */
    can_view_receipt: seesDocuments(caller) && p.status === 'PAYMENT_CONFIRMED' && p.paidE6 > 0,
  };
}
