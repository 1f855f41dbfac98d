import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from './payment-state.ts';
import {
  balanceE6,
  isCountedStatus,
  isPendingStatus,
  isSettledStatus,
  isUnsettledStatus,
  owedE6,
  PENDING_PAYMENT_STATUSES,
  SETTLED_PAYMENT_STATUSES,
  UNCOUNTED_PAYMENT_STATUSES,
  UNSETTLED_PAYMENT_STATUSES,
} from './money-terms.ts';

describe('money terms', () => {
  it('every status is settled, unsettled or nothing to pay, and only one of them', () => {
    for (const status of PAYMENT_STATUSES) {
      const kinds = [isSettledStatus(status), isUnsettledStatus(status), status === 'NO_NEED_TO_PAY'].filter(Boolean);
      expect(kinds, status).toHaveLength(1);
    }
  });

  it('pending is the opened part of unsettled', () => {
    expect(UNSETTLED_PAYMENT_STATUSES.filter((s) => s !== 'INITED')).toEqual([...PENDING_PAYMENT_STATUSES]);
    expect(PAYMENT_STATUSES.filter(isPendingStatus)).toEqual(['INVOICE_PENDING', 'PAYMENT_PENDING']);
  });

  it('a figure counts every status but INITED and NO_NEED_TO_PAY', () => {
    expect(PAYMENT_STATUSES.filter((s) => !isCountedStatus(s))).toEqual([...UNCOUNTED_PAYMENT_STATUSES]);
    expect(SETTLED_PAYMENT_STATUSES.every(isCountedStatus)).toBe(true);
  });

  it('owed is the total less what came in, never below 0', () => {
    expect(owedE6({ totalE6: 10_000_000, paidE6: 3_000_000 })).toBe(7_000_000);
    expect(owedE6({ totalE6: 10_000_000, paidE6: 10_000_000 })).toBe(0);
    expect(owedE6({ totalE6: 10_000_000, paidE6: 12_000_000 })).toBe(0);
  });

  it("a booking's balance is billed less what it kept: above 0 still to pay, below 0 owed back", () => {
    expect(balanceE6({ billedE6: 10_000_000, receivedE6: 4_000_000, refundedE6: 0 })).toBe(6_000_000);
    expect(balanceE6({ billedE6: 8_000_000, receivedE6: 10_000_000, refundedE6: 0 })).toBe(-2_000_000);
    expect(balanceE6({ billedE6: 8_000_000, receivedE6: 10_000_000, refundedE6: 2_000_000 })).toBe(0);
  });
});
