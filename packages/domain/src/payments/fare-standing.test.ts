/**
 * Where a fare stands and the discrepancy a new total opens (DESIGN §6): a settled fare keeps its
 * total, each later difference is a discrepancy counted once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPaymentStep, discrepancyOf, standingTotalE6, type PaymentCaller, type PaymentState, type PaymentStep, type PaymentStepInput } from './payment-state.ts';
import { pendingFare as at, TOTAL, yen } from './payment-test-states.ts';

const apply = (s: PaymentState, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput = {}) => {
  const r = applyPaymentStep(s, step, caller, input);
  if (!r.ok) throw new Error(`${step} refused: ${r.code}`);
  return r.state;
};

describe('a fare\'s standing and its discrepancies', () => {
  it('a settled fare stands at what settled it plus extras, less refunds; a second change counts only its own difference', () => {
    const paid = at({ status: 'PAYMENT_CONFIRMED', paidE6: TOTAL });
    expect(standingTotalE6(paid, [])).toBe(TOTAL);
    const lowered = [{ direction: 'REFUND' as const, status: 'PAYMENT_PENDING' as const, totalE6: yen(2_000) }];
    expect(standingTotalE6(paid, lowered)).toBe(yen(8_000));
    expect(discrepancyOf(standingTotalE6(paid, lowered), yen(9_000))).toEqual({ direction: 'EXTRA', amountE6: yen(1_000) });
    expect(standingTotalE6(paid, [...lowered, { direction: 'EXTRA', status: 'NO_NEED_TO_PAY', totalE6: yen(5_000) }])).toBe(yen(8_000));
    expect(standingTotalE6(at({ status: 'COUPON_CONFIRMED', paidE6: 0 }), [])).toBe(TOTAL);
    // A card refund lowers what the fare holds, not its total: the settled refund is counted once.
    expect(standingTotalE6(at({ status: 'PAYMENT_CONFIRMED', paidE6: yen(8_000) }), [{ direction: 'REFUND', status: 'PAYMENT_CONFIRMED', totalE6: yen(2_000) }])).toBe(yen(8_000));
  });

  it('lowering a part-paid fare below what was paid settles it at what was paid; the excess is owed back', () => {
    const overpaid = apply(at({ paidE6: yen(6_000) }), 'adjust_amount', 'OPERATOR', { totalE6: yen(5_000), reason: 'r' });
    expect(overpaid).toMatchObject({ status: 'PAYMENT_CONFIRMED', totalE6: yen(6_000), isTotalAmountFixed: true });
    expect(discrepancyOf(standingTotalE6(overpaid, []), yen(5_000))).toEqual({ direction: 'REFUND', amountE6: yen(1_000) });
  });

  it('makes discrepancyOf the difference that takes paid to the new total', () => {
    fc.assert(
      fc.property(fc.nat(), fc.oneof(fc.nat(), fc.constant(-1)), (paid, totalOrSame) => {
        const total = totalOrSame < 0 ? paid : totalOrSame; // equal amounts are drawn often, not by luck
        const d = discrepancyOf(paid, total);
        if (paid === total) {
          expect(d).toBeNull();
          return;
        }
        expect(d!.amountE6).toBeGreaterThan(0);
        expect(paid + (d!.direction === 'EXTRA' ? d!.amountE6 : -d!.amountE6)).toBe(total);
      }),
    );
  });
});
