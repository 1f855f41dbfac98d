/**
 * The payment machine's invariants over random states, steps, callers and inputs (fast-check);
 * the step table and the steps one by one are in payment-state.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_CALLERS, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_STEPS, applyPaymentStep, mayTakePayment, type PaymentState, type PaymentStatus, type PaymentStepInput } from './payment-state.ts';

describe('properties', () => {
  const amount = fc.oneof(fc.integer({ min: 0, max: 2_000_000 }).map((n) => n * 1_000), fc.constantFrom(-1, 0, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER));
  const arbState = (paidAtMostTotal: boolean) =>
    fc
      .record({
        kind: fc.constantFrom(...PAYMENT_KINDS),
        status: fc.constantFrom(...PAYMENT_STATUSES),
        method: fc.constantFrom(...PAYMENT_METHODS),
        totalE6: fc.integer({ min: 0, max: 2_000_000 }).map((n) => n * 1_000),
        paidShare: fc.double({ min: 0, max: paidAtMostTotal ? 1 : 2, noNaN: true }),
        dueDate: fc.constantFrom(null, '2026-11-30', '2026-12-01'),
        isTotalAmountFixed: fc.boolean(),
        isCancellationFeeFixed: fc.boolean(),
        cancelPaymentFinished: fc.boolean(),
      })
      .map(({ paidShare, ...s }): PaymentState => ({ ...s, paidE6: Math.floor(s.totalE6 * paidShare) }));
  const arbInput: fc.Arbitrary<PaymentStepInput> = fc.record(
    {
      amountE6: amount,
      allowOverpayment: fc.boolean(),
      totalE6: amount,
      reason: fc.constantFrom('', ' ', 'goodwill', 'x'.repeat(501)),
      couponNumber: fc.constantFrom('', 'CP-1', 'x'.repeat(41)),
      dueDate: fc.constantFrom('2027-01-31', 'soon'),
    },
    { requiredKeys: [] },
  );
  const arbStep = fc.constantFrom(...PAYMENT_STEPS);
  const arbCaller = fc.constantFrom(...PAYMENT_CALLERS);

  it('applies a step exactly when it may be taken with that input, and only if it is offered', () => {
    fc.assert(
      fc.property(arbState(false), arbStep, arbCaller, arbInput, (s, step, caller, input) => {
        const r = applyPaymentStep(s, step, caller, input);
        expect(r.ok).toBe(mayTakePayment(step, s, caller, input));
        if (r.ok) expect(mayTakePayment(step, s, caller)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never lets paid exceed the total unless the caller allows an overpayment or the operator lowers the total', () => {
    fc.assert(
      fc.property(arbState(true), arbStep, arbCaller, arbInput, (s, step, caller, input) => {
        fc.pre(!input.allowOverpayment && step !== 'adjust_amount' && step !== 'receive_unowed');
        const r = applyPaymentStep(s, step, caller, input);
        if (r.ok) expect(r.state.paidE6).toBeLessThanOrEqual(r.state.totalE6);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never makes paid or the total negative (netting takes at most what was paid; a refund moves nothing here)', () => {
    fc.assert(
      fc.property(arbState(false), arbStep, arbCaller, arbInput, (s, step, caller, input) => {
        const r = applyPaymentStep(s, step, caller, input);
        if (!r.ok) return;
        expect(r.state.paidE6).toBeGreaterThanOrEqual(0);
        expect(r.state.totalE6).toBeGreaterThanOrEqual(0);
        if (step === 'refund') expect(r.state).toEqual(s);
        if (step === 'net_out') expect(r.state.paidE6).toBe(s.paidE6 - (input.amountE6 ?? 0));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps NO_NEED_TO_PAY terminal, and a finished cancellation payment terminal except for the adjustment (money arriving unowed aside)', () => {
    fc.assert(
      fc.property(arbState(false), arbStep, arbCaller, arbInput, (s, step, caller, input) => {
        fc.pre(step !== 'receive_unowed');
        if (s.status === 'NO_NEED_TO_PAY') expect(mayTakePayment(step, s, caller)).toBe(false);
        if (s.cancelPaymentFinished && step !== 'adjust_amount') expect(mayTakePayment(step, s, caller)).toBe(false);
        const r = applyPaymentStep(s, step, caller, input);
        if (r.ok && s.cancelPaymentFinished) expect(r.state).toMatchObject({ status: s.status, cancelPaymentFinished: true, paidE6: s.paidE6 });
      }),
      { numRuns: 5_000 },
    );
  });

  it('never undoes a settlement, a fixing or a finish, and never changes kind or method', () => {
    const settled = (st: PaymentStatus) => st === 'PAYMENT_CONFIRMED' || st === 'COUPON_CONFIRMED';
    fc.assert(
      fc.property(arbState(false), arbStep, arbCaller, arbInput, (s, step, caller, input) => {
        const r = applyPaymentStep(s, step, caller, input);
        if (!r.ok) return;
        if (settled(s.status)) expect(settled(r.state.status)).toBe(true);
        if (s.isTotalAmountFixed) expect(r.state.isTotalAmountFixed).toBe(true);
        if (s.isCancellationFeeFixed) expect(r.state.isCancellationFeeFixed).toBe(true);
        if (s.cancelPaymentFinished) expect(r.state.cancelPaymentFinished).toBe(true);
        expect(r.state.kind).toBe(s.kind);
        expect(r.state.method).toBe(s.method);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never waives or re-prices money already received', () => {
    fc.assert(
      fc.property(arbState(false), arbCaller, arbInput, (s, caller, input) => {
        fc.pre(s.paidE6 > 0);
        expect(applyPaymentStep(s, 'waive', caller, input).ok).toBe(false);
        expect(applyPaymentStep(s, 'reprice', caller, input).ok).toBe(false);
      }),
    );
  });

});
