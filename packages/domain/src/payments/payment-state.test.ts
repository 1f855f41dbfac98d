import { describe, expect, it } from 'vitest';
import {
  PAYMENT_CALLERS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_STEPS,
  applyPaymentStep,
  discrepancyOf,
  standingTotalE6,
  isOverdue,
  mayTakePayment,
  methodOfPaymentType,
  openingStatus,
  paymentFlags,
  paymentMethodOf,
  paymentRefusal,
  paymentTypeOf,
  paymentTypeOfMethod,
  type PaymentCaller,
  type PaymentKind,
  type PaymentMethod,
  type PaymentState,
  type PaymentStatus,
  type PaymentStep,
  type PaymentStepInput,
} from './payment-state.ts';
import { pendingFare as at, TOTAL, yen } from './payment-test-states.ts';

const base = at({});

/** The state a payment naturally has in `status`: fully paid (or couponed) once settled, nothing paid before. */
const fixture = (status: PaymentStatus, method: PaymentMethod, kind: PaymentKind): PaymentState =>
  at({ status, method, kind, paidE6: status === 'PAYMENT_CONFIRMED' || status === 'COUPON_CONFIRMED' ? TOTAL : 0 });

/** What each step is given in the table: the whole remainder, a coupon number, a new total and a reason… */
function inputFor(step: PaymentStep, s: PaymentState): PaymentStepInput {
  const remainder = Math.max(s.totalE6 - s.paidE6, 0) || yen(1);
  switch (step) {
    case 'confirm_card_payment':
    case 'record_bank_transfer':
    case 'apply_credit':
    case 'settle_refund':
      return { amountE6: remainder };
    case 'net_out':
    case 'receive_unowed':
      return { amountE6: yen(1_000) };
    case 'report_coupon_issued':
    case 'correct_coupon_number':
      return { couponNumber: 'CP-0001' };
    case 'issue_monthly_invoice':
      return { dueDate: '2027-01-31' };
    case 'reprice':
      return { totalE6: yen(12_000) };
    case 'adjust_amount':
      return { totalE6: yen(9_000), reason: 'goodwill' };
    case 'refund':
      return { amountE6: yen(1_000) };
    default:
      return {};
  }
}

const ALL_METHODS = PAYMENT_METHODS;
const ALL_KINDS = PAYMENT_KINDS;
const NOT_CARD = PAYMENT_METHODS.filter((m) => m !== 'ONLINE_CREDIT_CARD');
const NOT_MONTHLY = PAYMENT_METHODS.filter((m) => m !== 'MONTHLY');
const UNSETTLED: PaymentStatus[] = ['INITED', 'INVOICE_PENDING', 'PAYMENT_PENDING'];

type Row = [step: PaymentStep, statuses: readonly PaymentStatus[], callers: readonly PaymentCaller[], methods: readonly PaymentMethod[], kinds: readonly PaymentKind[], result: PaymentStatus | 'SAME'];

/**
 * Every combination allowed from the natural state of each status; everything else is refused.
 * Read: step, from which statuses, by whom, for which methods and kinds, to which status.
 */
const ALLOWED: Row[] = [
  ['open', ['INITED'], ['SYSTEM'], ['MONTHLY'], ALL_KINDS, 'INVOICE_PENDING'],
  ['open', ['INITED'], ['SYSTEM'], NOT_MONTHLY, ALL_KINDS, 'PAYMENT_PENDING'],
  ['start_card_payment', ['PAYMENT_PENDING'], ['AGENT'], ['ONLINE_CREDIT_CARD'], ALL_KINDS, 'SAME'],
  ['confirm_card_payment', ['PAYMENT_PENDING'], ['SYSTEM'], ['ONLINE_CREDIT_CARD'], ALL_KINDS, 'PAYMENT_CONFIRMED'],
  ['report_coupon_issued', ['PAYMENT_PENDING'], ['AGENT'], ['COUPON'], ['FARE', 'DISCREPANCY'], 'COUPON_CONFIRMED'],
  ['correct_coupon_number', ['COUPON_CONFIRMED'], ['OPERATOR'], ALL_METHODS, ALL_KINDS, 'SAME'],
  ['record_bank_transfer', ['INVOICE_PENDING', 'PAYMENT_PENDING'], ['OPERATOR'], NOT_CARD, ALL_KINDS, 'PAYMENT_CONFIRMED'],
  ['issue_monthly_invoice', ['INVOICE_PENDING'], ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'PAYMENT_PENDING'],
  ['waive', UNSETTLED, ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'NO_NEED_TO_PAY'],
  ['reprice', UNSETTLED, ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'SAME'],
  ['adjust_amount', ['INITED', 'INVOICE_PENDING', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'], ['OPERATOR'], ALL_METHODS, ALL_KINDS, 'SAME'],
  ['finish_cancellation_payment', ['INVOICE_PENDING', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'], ['OPERATOR'], ALL_METHODS, ['CANCELLATION'], 'PAYMENT_CONFIRMED'],
  ['refund', ['PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'], ['OPERATOR', 'SYSTEM'], ALL_METHODS, ALL_KINDS, 'SAME'],
  ['close', UNSETTLED, ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'NO_NEED_TO_PAY'],
  ['apply_credit', ['INVOICE_PENDING', 'PAYMENT_PENDING'], ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'PAYMENT_CONFIRMED'],
  ['net_out', ['PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'], ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'SAME'],
  // settle_refund is taken on refund records only (a discrepancy whose direction is REFUND): see below.
  // Money that arrives when nothing is owed is received from any opened state (and sent back by the caller).
  ['receive_unowed', ['INVOICE_PENDING', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'COUPON_CONFIRMED', 'NO_NEED_TO_PAY'], ['SYSTEM'], ALL_METHODS, ALL_KINDS, 'SAME'],
];

function expected(step: PaymentStep, s: PaymentState, caller: PaymentCaller): PaymentStatus | null {
  const row = ALLOWED.find(([st, statuses, callers, methods, kinds]) => st === step && statuses.includes(s.status) && callers.includes(caller) && methods.includes(s.method) && kinds.includes(s.kind));
  if (!row) return null;
  return row[5] === 'SAME' ? s.status : row[5];
}

describe('every status × step × caller (× method × kind)', () => {
  it('allows exactly the table, with the resulting status, and refusals say why', () => {
    let allowed = 0;
    for (const status of PAYMENT_STATUSES) {
      for (const method of PAYMENT_METHODS) {
        for (const kind of PAYMENT_KINDS) {
          const s = fixture(status, method, kind);
          for (const step of PAYMENT_STEPS) {
            for (const caller of PAYMENT_CALLERS) {
              const label = `${step} by ${caller} at ${status} (${method}, ${kind})`;
              const result = applyPaymentStep(s, step, caller, inputFor(step, s));
              const want = expected(step, s, caller);
              expect(mayTakePayment(step, s, caller), label).toBe(want !== null);
              if (want === null) {
                expect(result.ok, label).toBe(false);
                continue;
              }
              allowed++;
              expect(result, label).toMatchObject({ ok: true, state: { status: want, kind, method } });
            }
          }
        }
      }
    }
    // The table's rows multiplied out; a rule that drifts changes this count as well as a cell.
    expect(allowed).toBe(
      ALLOWED.reduce((n, [, statuses, callers, methods, kinds]) => n + statuses.length * callers.length * methods.length * kinds.length, 0),
    );
  });

  it('gives station staff no payment step at all, and agents only paying and reporting a coupon', () => {
    for (const status of PAYMENT_STATUSES) {
      for (const method of PAYMENT_METHODS) {
        for (const kind of PAYMENT_KINDS) {
          const s = fixture(status, method, kind);
          for (const step of PAYMENT_STEPS) {
            expect(mayTakePayment(step, s, 'STATION')).toBe(false);
            if (mayTakePayment(step, s, 'AGENT')) expect(['start_card_payment', 'report_coupon_issued']).toContain(step);
          }
        }
      }
    }
  });
});

describe('the steps in detail', () => {
  const apply = (s: PaymentState, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput = {}) => {
    const r = applyPaymentStep(s, step, caller, input);
    if (!r.ok) throw new Error(`${step} refused: ${r.code}`);
    return r.state;
  };
  const refusal = (s: PaymentState, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput = {}) => {
    const r = applyPaymentStep(s, step, caller, input);
    return r.ok ? null : r.code;
  };

  it('opens by method, keeps or sets the due date, and needs nothing for a zero total', () => {
    expect(apply(at({ status: 'INITED', dueDate: null }), 'open', 'SYSTEM', { dueDate: '2026-11-30' })).toMatchObject({ status: 'PAYMENT_PENDING', dueDate: '2026-11-30' });
    expect(apply(at({ status: 'INITED', method: 'MONTHLY', dueDate: null }), 'open', 'SYSTEM')).toMatchObject({ status: 'INVOICE_PENDING', dueDate: null });
    expect(apply(at({ status: 'INITED', totalE6: 0 }), 'open', 'SYSTEM').status).toBe('NO_NEED_TO_PAY');
    expect(refusal(at({ status: 'INITED' }), 'open', 'SYSTEM', { dueDate: '30/11/2026' })).toBe('DUE_DATE_REQUIRED');
  });

  it('pays by card: partly keeps it payable, the rest confirms; a replay is ALREADY_PAID', () => {
    const partly = apply(base, 'confirm_card_payment', 'SYSTEM', { amountE6: yen(4_000) });
    expect(partly).toMatchObject({ status: 'PAYMENT_PENDING', paidE6: yen(4_000) });
    expect(mayTakePayment('start_card_payment', partly, 'AGENT')).toBe(true);
    const paid = apply(partly, 'confirm_card_payment', 'SYSTEM', { amountE6: yen(6_000) });
    expect(paid).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL });
    expect(refusal(paid, 'confirm_card_payment', 'SYSTEM', { amountE6: TOTAL })).toBe('ALREADY_PAID');
    expect(mayTakePayment('start_card_payment', paid, 'AGENT')).toBe(false);
  });

  it('refuses more than the remainder unless the caller allows an overpayment', () => {
    expect(refusal(base, 'confirm_card_payment', 'SYSTEM', { amountE6: TOTAL + 1 })).toBe('AMOUNT_EXCEEDS_REMAINDER');
    const monthly = at({ method: 'MONTHLY' });
    expect(refusal(monthly, 'record_bank_transfer', 'OPERATOR', { amountE6: yen(10_500) })).toBe('AMOUNT_EXCEEDS_REMAINDER');
    const over = apply(monthly, 'record_bank_transfer', 'OPERATOR', { amountE6: yen(10_500), allowOverpayment: true });
    expect(over).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: yen(10_500) });
    expect(discrepancyOf(over.paidE6, over.totalE6)).toEqual({ direction: 'REFUND', amountE6: yen(500) });
  });

  it('refuses amounts that are not positive safe integers', () => {
    for (const amountE6 of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, undefined]) {
      expect(refusal(base, 'confirm_card_payment', 'SYSTEM', { amountE6 })).toBe('INVALID_AMOUNT');
      expect(refusal(at({ method: 'CASH' }), 'record_bank_transfer', 'OPERATOR', { amountE6 })).toBe('INVALID_AMOUNT');
      expect(refusal(at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }), 'refund', 'OPERATOR', { amountE6 })).toBe('INVALID_AMOUNT');
    }
    for (const totalE6 of [-1, 0.5, undefined]) {
      expect(refusal(base, 'reprice', 'SYSTEM', { totalE6 })).toBe('INVALID_AMOUNT');
      expect(refusal(base, 'adjust_amount', 'OPERATOR', { totalE6, reason: 'x' })).toBe('INVALID_AMOUNT');
    }
  });

  it('takes a coupon with its number, and lets the operator correct the number', () => {
    const coupon = at({ method: 'COUPON', dueDate: null });
    expect(refusal(coupon, 'report_coupon_issued', 'AGENT', { couponNumber: '   ' })).toBe('COUPON_NUMBER_REQUIRED');
    expect(refusal(coupon, 'report_coupon_issued', 'AGENT', { couponNumber: 'x'.repeat(41) })).toBe('COUPON_NUMBER_REQUIRED');
    const issued = apply(coupon, 'report_coupon_issued', 'AGENT', { couponNumber: 'CP-1' });
    // The coupon is worth what it covers: recorded as received, so a cancellation can apply it to the fee.
    expect(issued).toMatchObject({ status: 'COUPON_CONFIRMED', paidE6: TOTAL });
    expect(apply(issued, 'correct_coupon_number', 'OPERATOR', { couponNumber: 'CP-2' })).toEqual(issued);
    expect(refusal(issued, 'correct_coupon_number', 'AGENT', { couponNumber: 'CP-2' })).toBe('PAYMENT_STEP_NOT_ALLOWED');
    expect(refusal(at({ method: 'COUPON', kind: 'CANCELLATION' }), 'report_coupon_issued', 'AGENT', { couponNumber: 'CP-1' })).toBe('PAYMENT_STEP_NOT_ALLOWED');
  });

  it('runs a monthly payment: invoice, due date, transfers until covered, then it stays confirmed', () => {
    const opened = apply(at({ status: 'INITED', method: 'MONTHLY', dueDate: null }), 'open', 'SYSTEM');
    expect(refusal(opened, 'issue_monthly_invoice', 'SYSTEM')).toBe('DUE_DATE_REQUIRED');
    const invoiced = apply(opened, 'issue_monthly_invoice', 'SYSTEM', { dueDate: '2027-01-31' });
    expect(invoiced).toMatchObject({ status: 'PAYMENT_PENDING', dueDate: '2027-01-31' });
    const part = apply(invoiced, 'record_bank_transfer', 'OPERATOR', { amountE6: yen(3_000) });
    expect(part).toMatchObject({ status: 'PAYMENT_PENDING', paidE6: yen(3_000) });
    expect(refusal(part, 'waive', 'SYSTEM')).toBe('ALREADY_PAID');
    const done = apply(part, 'record_bank_transfer', 'OPERATOR', { amountE6: yen(7_000) });
    expect(done).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL });
    expect(mayTakePayment('record_bank_transfer', done, 'OPERATOR')).toBe(false);
    // A transfer can also arrive before the monthly invoice.
    expect(apply(opened, 'record_bank_transfer', 'OPERATOR', { amountE6: TOTAL }).status).toBe('PAYMENT_CONFIRMED');
  });

  it('re-prices only an unpaid, unfixed payment; a paid one asks for a discrepancy', () => {
    expect(apply(base, 'reprice', 'SYSTEM', { totalE6: yen(12_000) }).totalE6).toBe(yen(12_000));
    expect(refusal(at({ paidE6: yen(1) }), 'reprice', 'SYSTEM', { totalE6: yen(12_000) })).toBe('ALREADY_PAID');
    expect(refusal(at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }), 'reprice', 'SYSTEM', { totalE6: yen(12_000) })).toBe('ALREADY_PAID');
    expect(refusal(at({ status: 'COUPON_CONFIRMED', method: 'COUPON' }), 'reprice', 'SYSTEM', { totalE6: yen(12_000) })).toBe('ALREADY_PAID');
    expect(refusal(at({ isTotalAmountFixed: true }), 'reprice', 'SYSTEM', { totalE6: yen(12_000) })).toBe('TOTAL_FIXED');
    expect(refusal(at({ kind: 'CANCELLATION', isCancellationFeeFixed: true }), 'reprice', 'SYSTEM', { totalE6: yen(12_000) })).toBe('TOTAL_FIXED');
    expect(discrepancyOf(TOTAL, yen(12_000))).toEqual({ direction: 'EXTRA', amountE6: yen(2_000) });
    expect(discrepancyOf(TOTAL, yen(8_000))).toEqual({ direction: 'REFUND', amountE6: yen(2_000) });
    expect(discrepancyOf(TOTAL, TOTAL)).toBeNull();
  });

  it('adjusts with a reason, fixes the total, and confirms a pending payment the paid amount covers', () => {
    expect(refusal(base, 'adjust_amount', 'OPERATOR', { totalE6: yen(9_000) })).toBe('REASON_REQUIRED');
    expect(refusal(base, 'adjust_amount', 'OPERATOR', { totalE6: yen(9_000), reason: ' ' })).toBe('REASON_REQUIRED');
    expect(refusal(base, 'adjust_amount', 'OPERATOR', { totalE6: yen(9_000), reason: 'x'.repeat(501) })).toBe('REASON_REQUIRED');
    const adjusted = apply(base, 'adjust_amount', 'OPERATOR', { totalE6: yen(9_000), reason: 'goodwill' });
    expect(adjusted).toMatchObject({ status: 'PAYMENT_PENDING', totalE6: yen(9_000), isTotalAmountFixed: true, isCancellationFeeFixed: false });
    expect(refusal(adjusted, 'reprice', 'SYSTEM', { totalE6: TOTAL })).toBe('TOTAL_FIXED');
    const covered = apply(at({ paidE6: yen(6_000) }), 'adjust_amount', 'OPERATOR', { totalE6: yen(6_000), reason: 'discount' });
    expect(covered.status).toBe('PAYMENT_CONFIRMED');
    expect(apply(base, 'adjust_amount', 'OPERATOR', { totalE6: 0, reason: 'free of charge' }).status).toBe('NO_NEED_TO_PAY');
    // A confirmed payment stays confirmed at the total it settled: the difference is a discrepancy the caller opens.
    const raised = apply(at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }), 'adjust_amount', 'OPERATOR', { totalE6: yen(11_000), reason: 'luggage' });
    expect(raised).toMatchObject({ status: 'PAYMENT_CONFIRMED', totalE6: TOTAL, isTotalAmountFixed: true });
    expect(discrepancyOf(standingTotalE6(raised, []), yen(11_000))).toEqual({ direction: 'EXTRA', amountE6: yen(1_000) });
    expect(apply(at({ status: 'COUPON_CONFIRMED' }), 'adjust_amount', 'OPERATOR', { totalE6: yen(8_000), reason: 'r' }).totalE6).toBe(TOTAL);
    expect(apply(at({ kind: 'CANCELLATION' }), 'adjust_amount', 'OPERATOR', { totalE6: yen(1_000), reason: 'r' }).isCancellationFeeFixed).toBe(true);
  });

  it('finishes a cancellation payment once, irreversibly; only an adjustment follows', () => {
    const fee = at({ kind: 'CANCELLATION', method: 'MONTHLY', status: 'INVOICE_PENDING', totalE6: yen(3_000) });
    expect(refusal(at({ kind: 'FARE' }), 'finish_cancellation_payment', 'OPERATOR')).toBe('PAYMENT_STEP_NOT_ALLOWED');
    const finished = apply(fee, 'finish_cancellation_payment', 'OPERATOR');
    expect(finished).toMatchObject({ status: 'PAYMENT_CONFIRMED', cancelPaymentFinished: true, paidE6: 0 });
    for (const step of PAYMENT_STEPS) {
      // (Money arriving unowed is still received, to be sent back: the one exception.)
      for (const caller of PAYMENT_CALLERS) expect(mayTakePayment(step, finished, caller), `${step} by ${caller}`).toBe((step === 'adjust_amount' && caller === 'OPERATOR') || (step === 'receive_unowed' && caller === 'SYSTEM'));
    }
    const adjusted = apply(finished, 'adjust_amount', 'OPERATOR', { totalE6: yen(2_000), reason: 'reduced' });
    expect(adjusted).toMatchObject({ status: 'PAYMENT_CONFIRMED', cancelPaymentFinished: true, totalE6: yen(2_000) });
  });

  it('opens a refund up to what the booking holds; the money goes back on a refund record of its own', () => {
    const paid = at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL });
    expect(refusal(paid, 'refund', 'OPERATOR', { amountE6: TOTAL + 1 })).toBe('REFUND_EXCEEDS_PAID');
    expect(refusal(paid, 'refund', 'OPERATOR', { amountE6: yen(3_000), availableE6: yen(2_000) })).toBe('REFUND_EXCEEDS_PAID');
    expect(apply(paid, 'refund', 'SYSTEM', { amountE6: yen(2_000), availableE6: yen(2_000) })).toEqual(paid);
    expect(refusal(at({ status: 'PAYMENT_PENDING', paidE6: 0 }), 'refund', 'OPERATOR', { amountE6: 1 })).toBe('PAYMENT_STEP_NOT_ALLOWED');
    const record = at({ kind: 'DISCREPANCY', direction: 'REFUND', status: 'PAYMENT_PENDING', totalE6: yen(2_000), dueDate: null });
    for (const step of ['refund', 'start_card_payment', 'report_coupon_issued', 'record_bank_transfer', 'apply_credit'] as const) {
      for (const caller of PAYMENT_CALLERS) expect(mayTakePayment(step, { ...record, method: step === 'report_coupon_issued' ? 'COUPON' : record.method }, caller), `${step} by ${caller}`).toBe(false);
    }
    expect(refusal(record, 'settle_refund', 'AGENT', { amountE6: yen(2_000) })).toBe('PAYMENT_STEP_NOT_ALLOWED');
    expect(refusal(record, 'settle_refund', 'SYSTEM', { amountE6: yen(2_001) })).toBe('AMOUNT_EXCEEDS_REMAINDER');
    const part = apply(record, 'settle_refund', 'SYSTEM', { amountE6: yen(500) });
    expect(part).toMatchObject({ status: 'PAYMENT_PENDING', paidE6: yen(500) });
    expect(apply(part, 'settle_refund', 'OPERATOR', { amountE6: yen(1_500) })).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: yen(2_000) });
    expect(refusal(paid, 'settle_refund', 'SYSTEM', { amountE6: 1 })).toBe('PAYMENT_STEP_NOT_ALLOWED');
  });

  it("closes a cancelled booking's charge keeping what it received, and moves money to the fee by netting", () => {
    const part = at({ paidE6: yen(4_000) });
    expect(apply(part, 'close', 'SYSTEM')).toMatchObject({ status: 'NO_NEED_TO_PAY', paidE6: yen(4_000) });
    expect(refusal(part, 'close', 'OPERATOR')).toBe('PAYMENT_STEP_NOT_ALLOWED');
    const paid = at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL });
    expect(refusal(paid, 'close', 'SYSTEM')).toBe('PAYMENT_STEP_NOT_ALLOWED');
    expect(apply(paid, 'net_out', 'SYSTEM', { amountE6: yen(2_000) })).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: yen(8_000) });
    expect(refusal(paid, 'net_out', 'SYSTEM', { amountE6: TOTAL + 1 })).toBe('AMOUNT_EXCEEDS_REMAINDER');
    const fee = at({ kind: 'CANCELLATION', totalE6: yen(2_000) });
    expect(apply(fee, 'apply_credit', 'SYSTEM', { amountE6: yen(2_000) })).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidE6: yen(2_000) });
    expect(apply(at({ kind: 'CANCELLATION', totalE6: yen(5_000) }), 'apply_credit', 'SYSTEM', { amountE6: yen(2_000) })).toMatchObject({ status: 'PAYMENT_PENDING', paidE6: yen(2_000) });
  });

  it('checks the input only when given: without it, the question is whether the step is offered', () => {
    expect(mayTakePayment('record_bank_transfer', at({ method: 'CASH' }), 'OPERATOR')).toBe(true);
    expect(mayTakePayment('record_bank_transfer', at({ method: 'CASH' }), 'OPERATOR', {})).toBe(false);
    expect(paymentRefusal('record_bank_transfer', at({ method: 'CASH' }), 'OPERATOR', {})).toBe('INVALID_AMOUNT');
    expect(paymentRefusal('record_bank_transfer', base, 'OPERATOR', {})).toBe('PAYMENT_STEP_NOT_ALLOWED');
  });
});

describe('payment types and opening', () => {
  it('maps agent types to payment types and methods (spec 001 §9.5)', () => {
    expect(paymentTypeOf('FREE')).toBe('PREPAID');
    expect(paymentTypeOf('CONTRACTED')).toBe('COUPON');
    expect(paymentTypeOf('SPECIAL_CONTRACTED')).toBe('MONTHLY');
    expect(paymentMethodOf('FREE')).toBe('ONLINE_CREDIT_CARD');
    expect(paymentMethodOf('CONTRACTED')).toBe('COUPON');
    expect(paymentMethodOf('SPECIAL_CONTRACTED')).toBe('MONTHLY');
    expect(methodOfPaymentType('CASH')).toBe('CASH');
    expect(methodOfPaymentType('OTHER')).toBe('OFFLINE_NOT_SPECIFIED');
    for (const type of ['PREPAID', 'COUPON', 'MONTHLY', 'CASH', 'OTHER'] as const) expect(paymentTypeOfMethod(methodOfPaymentType(type))).toBe(type);
    expect(paymentTypeOfMethod('OFFLINE_CREDIT_CARD')).toBe('OTHER');
    expect(paymentTypeOfMethod('UNKNOWN')).toBe('OTHER');
  });

  it('opens monthly as INVOICE_PENDING, the rest as PAYMENT_PENDING, nothing owed as NO_NEED_TO_PAY', () => {
    expect(openingStatus('MONTHLY')).toBe('INVOICE_PENDING');
    expect(openingStatus('ONLINE_CREDIT_CARD')).toBe('PAYMENT_PENDING');
    expect(openingStatus('COUPON', TOTAL)).toBe('PAYMENT_PENDING');
    expect(openingStatus('MONTHLY', 0)).toBe('NO_NEED_TO_PAY');
  });
});

describe('isOverdue', () => {
  it('is a pending payment whose due date has passed', () => {
    expect(isOverdue(at({ dueDate: '2026-11-30' }), '2026-12-01')).toBe(true);
    expect(isOverdue(at({ dueDate: '2026-12-01' }), '2026-12-01')).toBe(false);
    expect(isOverdue(at({ dueDate: null }), '2026-12-01')).toBe(false);
    expect(isOverdue(at({ status: 'INVOICE_PENDING', method: 'MONTHLY', dueDate: '2026-11-30' }), '2026-12-01')).toBe(true);
    for (const status of ['INITED', 'PAYMENT_CONFIRMED', 'COUPON_CONFIRMED', 'NO_NEED_TO_PAY'] as const) expect(isOverdue(at({ status, dueDate: '2026-01-01' }), '2026-12-01')).toBe(false);
  });
});

describe('paymentFlags', () => {
  it('offers card payment only to the agent, for prepaid and payment pending with something owed (spec 001 §9.5)', () => {
    expect(paymentFlags(base, 'AGENT').can_pay).toBe(true);
    expect(paymentFlags(base, 'OPERATOR').can_pay).toBe(false);
    expect(paymentFlags(at({ method: 'COUPON' }), 'AGENT').can_pay).toBe(false);
    expect(paymentFlags(at({ status: 'INVOICE_PENDING' }), 'AGENT').can_pay).toBe(false);
    expect(paymentFlags(at({ paidE6: TOTAL }), 'AGENT').can_pay).toBe(false);
  });

  it('offers the coupon report only to the agent, for coupon and payment pending', () => {
    expect(paymentFlags(at({ method: 'COUPON' }), 'AGENT').can_issue_coupon).toBe(true);
    expect(paymentFlags(at({ method: 'COUPON' }), 'OPERATOR').can_issue_coupon).toBe(false);
    expect(paymentFlags(base, 'AGENT').can_issue_coupon).toBe(false);
    expect(paymentFlags(at({ method: 'COUPON', status: 'COUPON_CONFIRMED' }), 'AGENT').can_issue_coupon).toBe(false);
  });

  it('shows the invoice for prepaid and monthly once requested, and the receipt once money arrived', () => {
    const cases: [Partial<PaymentState>, boolean, boolean][] = [
      [{ method: 'ONLINE_CREDIT_CARD', status: 'PAYMENT_PENDING' }, true, false],
      [{ method: 'ONLINE_CREDIT_CARD', status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }, true, true],
      [{ method: 'MONTHLY', status: 'INVOICE_PENDING' }, false, false],
      [{ method: 'MONTHLY', status: 'PAYMENT_PENDING' }, true, false],
      [{ method: 'MONTHLY', status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }, true, true],
      [{ method: 'COUPON', status: 'PAYMENT_PENDING' }, false, false],
      [{ method: 'COUPON', status: 'COUPON_CONFIRMED' }, false, false],
      [{ method: 'COUPON', status: 'PAYMENT_PENDING', kind: 'CANCELLATION' }, true, false],
      [{ method: 'COUPON', status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }, false, true],
      [{ method: 'CASH', status: 'PAYMENT_CONFIRMED', paidE6: TOTAL }, false, true],
      [{ method: 'ONLINE_CREDIT_CARD', status: 'PAYMENT_CONFIRMED', paidE6: 0 }, true, false],
      [{ method: 'ONLINE_CREDIT_CARD', status: 'NO_NEED_TO_PAY' }, false, false],
      [{ method: 'ONLINE_CREDIT_CARD', status: 'INITED' }, false, false],
      [{ method: 'ONLINE_CREDIT_CARD', status: 'PAYMENT_PENDING', totalE6: 0 }, false, false],
    ];
    for (const [patch, invoice, receipt] of cases) {
      for (const caller of ['OPERATOR', 'AGENT'] as const) {
        const flags = paymentFlags(at(patch), caller);
        expect(flags.can_view_invoice, `${JSON.stringify(patch)} ${caller}`).toBe(invoice);
        expect(flags.can_view_receipt, `${JSON.stringify(patch)} ${caller}`).toBe(receipt);
      }
    }
  });

  it('agrees with the steps for every caller, and gives station staff nothing', () => {
    for (const status of PAYMENT_STATUSES) {
      for (const method of PAYMENT_METHODS) {
        for (const kind of PAYMENT_KINDS) {
          const s = fixture(status, method, kind);
          for (const caller of PAYMENT_CALLERS) {
            const flags = paymentFlags(s, caller);
            expect(flags.can_pay).toBe(mayTakePayment('start_card_payment', s, caller));
            expect(flags.can_issue_coupon).toBe(mayTakePayment('report_coupon_issued', s, caller));
            expect(flags.can_correct_coupon_number).toBe(mayTakePayment('correct_coupon_number', s, caller));
            expect(flags.can_record_transfer).toBe(mayTakePayment('record_bank_transfer', s, caller));
            expect(flags.can_adjust_amount).toBe(mayTakePayment('adjust_amount', s, caller));
            expect(flags.can_finish_cancel_payment).toBe(mayTakePayment('finish_cancellation_payment', s, caller));
            expect(flags.can_refund).toBe(caller === 'OPERATOR' && mayTakePayment('refund', s, caller));
            if (caller === 'STATION') expect(Object.values(flags).every((v) => !v)).toBe(true);
          }
        }
      }
    }
  });
});
