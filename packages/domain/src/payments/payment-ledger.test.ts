import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { bookingMoney, heldE6, refundRouteOf, settleCancellation, type LedgerEntry, type LedgerPayment } from './payment-ledger.ts';
import { PAYMENT_METHODS } from './payment-state.ts';

const yen = (n: number) => n * E6;
const fare = (patch: Partial<LedgerPayment> = {}): LedgerPayment => ({ id: 1, kind: 'FARE', status: 'PAYMENT_CONFIRMED', direction: null, refundReason: null, parentPaymentId: null, totalE6: yen(23_200), paidE6: yen(23_200), ...patch });
const fee = (patch: Partial<LedgerPayment> = {}): LedgerPayment => ({ id: 2, kind: 'CANCELLATION', status: 'PAYMENT_CONFIRMED', direction: null, refundReason: null, parentPaymentId: null, totalE6: yen(4_640), paidE6: yen(4_640), ...patch });
const refund = (patch: Partial<LedgerPayment> = {}): LedgerPayment => ({ id: 3, kind: 'DISCREPANCY', status: 'PAYMENT_CONFIRMED', direction: 'REFUND', refundReason: 'CANCELLATION', parentPaymentId: 1, totalE6: yen(18_560), paidE6: yen(18_560), ...patch });

describe('a booking as one account', () => {
  it('a card booking cancelled five days out: the fee is what it costs; paid, netted and refunded, it balances', () => {
    const entries: LedgerEntry[] = [
      { paymentId: 1, kind: 'CARD_CAPTURE', amountE6: yen(23_200) },
      { paymentId: 1, kind: 'NETTING', amountE6: -yen(4_640) },
      { paymentId: 2, kind: 'NETTING', amountE6: yen(4_640) },
      { paymentId: 3, kind: 'REFUND', amountE6: -yen(18_560) },
    ];
    const money = bookingMoney('CANCELLED', [fare({ status: 'PAYMENT_CONFIRMED', paidE6: yen(18_560) }), fee(), refund()], entries);
    expect(money).toEqual({ billedE6: yen(4_640), receivedE6: yen(23_200), refundedE6: yen(18_560), owedBackE6: 0, balanceE6: 0 });
  });

  it('a refund still to be made is owed back; the balance says the agent is owed it', () => {
    const money = bookingMoney('CANCELLED', [fare({ paidE6: yen(18_560) }), fee(), refund({ status: 'PAYMENT_PENDING', paidE6: 0 })], [{ paymentId: 1, kind: 'CARD_CAPTURE', amountE6: yen(23_200) }]);
    expect(money).toMatchObject({ billedE6: yen(4_640), owedBackE6: yen(18_560), balanceE6: -yen(18_560) });
  });

  it('a change refund and an operator refund lower the price; a refused booking costs nothing; INITED costs nothing yet', () => {
    const change = refund({ refundReason: 'CHANGE', totalE6: yen(2_900), paidE6: yen(2_900) });
    expect(bookingMoney('LIVE', [fare({ totalE6: yen(24_800), paidE6: yen(24_800) }), change], [{ paymentId: 1, kind: 'CARD_CAPTURE', amountE6: yen(24_800) }, { paymentId: 3, kind: 'REFUND', amountE6: -yen(2_900) }])).toEqual({
      billedE6: yen(21_900),
      receivedE6: yen(24_800),
      refundedE6: yen(2_900),
      owedBackE6: 0,
      balanceE6: 0,
    });
    expect(bookingMoney('REFUSED', [fare()], [{ paymentId: 1, kind: 'CARD_CAPTURE', amountE6: yen(23_200) }]).billedE6).toBe(0);
    expect(bookingMoney('LIVE', [fare({ status: 'INITED', paidE6: 0 })], []).billedE6).toBe(0);
    expect(bookingMoney('LIVE', [fare({ status: 'NO_NEED_TO_PAY', paidE6: 0 })], []).billedE6).toBe(0);
  });

  it('money held is what the charges received less every refund decided', () => {
    expect(heldE6([fare(), refund({ status: 'PAYMENT_PENDING', paidE6: 0, totalE6: yen(1_000) })])).toBe(yen(22_200));
    expect(heldE6([fare({ paidE6: 0, status: 'PAYMENT_PENDING' })])).toBe(0);
  });
});

describe('settling a cancellation fee against what was paid', () => {
  it('card: the fee comes out of what was paid, the rest goes back to the card', () => {
    expect(settleCancellation({ feeE6: yen(4_640), method: 'ONLINE_CREDIT_CARD', heldE6: yen(23_200) })).toEqual({
      feeE6: yen(4_640), paidE6: yen(23_200), appliedToFeeE6: yen(4_640), refundE6: yen(18_560), refundRoute: 'GATEWAY', stillOwedE6: 0, onMonthlyInvoice: false,
    });
  });

  it('a fee above what was paid leaves only the difference to pay; a zero fee returns everything', () => {
    expect(settleCancellation({ feeE6: yen(5_000), method: 'ONLINE_CREDIT_CARD', heldE6: yen(3_000) })).toMatchObject({ appliedToFeeE6: yen(3_000), refundE6: 0, stillOwedE6: yen(2_000) });
    expect(settleCancellation({ feeE6: 0, method: 'COUPON', heldE6: yen(3_000) })).toMatchObject({ appliedToFeeE6: 0, refundE6: yen(3_000), refundRoute: 'RECORDED', stillOwedE6: 0 });
  });

  it('monthly: nothing is repaid per booking; the fee and the credit go on the next monthly invoice', () => {
    expect(settleCancellation({ feeE6: yen(4_640), method: 'MONTHLY', heldE6: 0, invoicedE6: yen(23_200) })).toEqual({
      feeE6: yen(4_640), paidE6: yen(23_200), appliedToFeeE6: 0, refundE6: yen(23_200), refundRoute: 'MONTHLY_INVOICE', stillOwedE6: yen(4_640), onMonthlyInvoice: true,
    });
    expect(settleCancellation({ feeE6: yen(4_640), method: 'MONTHLY', heldE6: 0, invoicedE6: 0 })).toMatchObject({ refundE6: 0, stillOwedE6: yen(4_640) });
  });

  it('never refunds more than was paid, never leaves a fee both paid and owed, for every method and amount', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_METHODS), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (method, fee, held) => {
        const s = settleCancellation({ feeE6: yen(fee), method, heldE6: yen(held), invoicedE6: yen(held) });
        expect(s.refundRoute).toBe(refundRouteOf(method));
        for (const n of [s.appliedToFeeE6, s.refundE6, s.stillOwedE6]) expect(n).toBeGreaterThanOrEqual(0);
        expect(s.appliedToFeeE6 + s.refundE6).toBe(s.paidE6);
        expect(s.appliedToFeeE6 + s.stillOwedE6).toBe(s.feeE6);
        // What the agent ends up paying net is the fee, whatever it had paid.
        expect(s.paidE6 - s.refundE6 + s.stillOwedE6).toBe(s.feeE6);
      }),
      { numRuns: 2_000 },
    );
  });
});
