import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../common/business-date.ts';
import { E6, roundUpToTenYen } from '../money/yen-e6.ts';
import { DEFAULT_CANCELLATION_POLICY, quoteCancellation, rateInForce } from './cancellation.ts';

const policy = DEFAULT_CANCELLATION_POLICY;

describe('cancellation fee', () => {
  it('takes the row with the smallest days_before that is at least the days left', () => {
    expect(rateInForce(policy, 30)).toBeNull();
    expect(rateInForce(policy, 20)?.rate_e6).toBe(0);
    expect(rateInForce(policy, 8)?.days_before).toBe(20);
    expect(rateInForce(policy, 7)?.rate_e6).toBe(200_000);
    expect(rateInForce(policy, 3)?.rate_e6).toBe(200_000);
    expect(rateInForce(policy, 2)?.rate_e6).toBe(300_000);
    expect(rateInForce(policy, 1)?.rate_e6).toBe(500_000);
    expect(rateInForce(policy, 0)?.rate_e6).toBe(1_000_000);
  });

  it('rounds the fee up to a multiple of 10 yen', () => {
    expect(roundUpToTenYen(0)).toBe(0);
    expect(roundUpToTenYen(1)).toBe(10 * E6);
    expect(roundUpToTenYen(10 * E6)).toBe(10 * E6);
    expect(roundUpToTenYen(1_234 * E6)).toBe(1_240 * E6);
  });

  it('charges 20 % a week before: 23 adults at 880 yen = 20,240 yen, fee 4,050 yen', () => {
    const quote = quoteCancellation({ policy, totalAmountE6: 20_240 * E6, serviceDate: '2026-12-01', today: '2026-11-24', confirmed: true });
    expect(quote).toEqual({ days_left: 7, days_before: 7, rate_e6: 200_000, total_amount: 20_240 * E6, cancellation_fee: 4_050 * E6 });
  });

  it('owes nothing for a booking never confirmed, or cancelled early enough', () => {
    expect(quoteCancellation({ policy, totalAmountE6: 9_000 * E6, serviceDate: '2026-12-01', today: '2026-11-30', confirmed: false }).cancellation_fee).toBe(0);
    expect(quoteCancellation({ policy, totalAmountE6: 9_000 * E6, serviceDate: '2027-01-30', today: '2026-11-30', confirmed: true }).cancellation_fee).toBe(0);
  });

  it('charges the whole amount on the day and after it', () => {
    expect(quoteCancellation({ policy, totalAmountE6: 9_000 * E6, serviceDate: '2026-12-01', today: '2026-12-01', confirmed: true }).cancellation_fee).toBe(9_000 * E6);
    expect(quoteCancellation({ policy, totalAmountE6: 9_000 * E6, serviceDate: '2026-12-01', today: '2026-12-03', confirmed: true }).cancellation_fee).toBe(9_000 * E6);
  });

  it('never charges more than the total, never less than the rate, always whole tens of yen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: -3, max: 40 }), (yen, daysLeft) => {
        const today = '2026-11-22';
        const serviceDate = addDays(today, daysLeft);
        const total = yen * E6;
        const q = quoteCancellation({ policy, totalAmountE6: total, serviceDate, today, confirmed: true });
        expect(q.cancellation_fee % (10 * E6)).toBe(0);
        expect(q.cancellation_fee).toBeLessThanOrEqual(roundUpToTenYen(total));
        const exact = BigInt(total) * BigInt(q.rate_e6); // the fee × 1e6, unrounded
        expect(BigInt(q.cancellation_fee) * BigInt(E6) >= exact).toBe(true);
        expect(BigInt(q.cancellation_fee) * BigInt(E6) - exact < BigInt(10 * E6) * BigInt(E6)).toBe(true);
      }),
    );
  });
});
