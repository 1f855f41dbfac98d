import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../common/business-date.ts';
import { E6 } from '../money/yen-e6.ts';
import { DEFAULT_CANCELLATION_POLICY, quoteCancellation } from './cancellation.ts';
import { cancellationSchedule, rowInForce } from './cancellation-schedule.ts';

describe('the cancellation policy as a booking\'s document states it', () => {
  it('turns the default policy into days and fees, longest notice first', () => {
    const schedule = cancellationSchedule(DEFAULT_CANCELLATION_POLICY, '2030-05-30', 9_600 * E6);
    expect(schedule.free_until).toBe('2030-05-09');
    expect(schedule.rows).toEqual([
      { days_before: 20, rate_e6: 0, from_date: '2030-05-10', to_date: '2030-05-22', fee_amount: 0 },
      { days_before: 7, rate_e6: 200_000, from_date: '2030-05-23', to_date: '2030-05-27', fee_amount: 1_920 * E6 },
      { days_before: 2, rate_e6: 300_000, from_date: '2030-05-28', to_date: '2030-05-28', fee_amount: 2_880 * E6 },
      { days_before: 1, rate_e6: 500_000, from_date: '2030-05-29', to_date: '2030-05-29', fee_amount: 4_800 * E6 },
      { days_before: 0, rate_e6: 1_000_000, from_date: '2030-05-30', to_date: '2030-05-30', fee_amount: 9_600 * E6 },
    ]);
    expect(rowInForce(DEFAULT_CANCELLATION_POLICY, '2030-05-30', '2030-05-01')).toBeNull();
    expect(rowInForce(DEFAULT_CANCELLATION_POLICY, '2030-05-30', '2030-05-25')).toBe(7);
    expect(rowInForce(DEFAULT_CANCELLATION_POLICY, '2030-05-30', '2030-06-02')).toBe(0);
  });

  it('rounds each fee up to 10 yen, as the quote does, and an empty policy has no rows', () => {
    const schedule = cancellationSchedule([{ days_before: 3, rate_e6: 333_333 }], '2030-05-30', 1_001 * E6);
    expect(schedule.rows).toEqual([{ days_before: 3, rate_e6: 333_333, from_date: '2030-05-27', to_date: '2030-05-30', fee_amount: 340 * E6 }]);
    expect(cancellationSchedule([], '2030-05-30', 1_000 * E6)).toEqual({ free_until: null, rows: [] });
  });

  it('for any policy and day, the row covering the day is the one the quote charges, at the fee it states', () => {
    const policy = fc.uniqueArray(fc.record({ days_before: fc.integer({ min: 0, max: 60 }), rate_e6: fc.integer({ min: 0, max: 1_000_000 }) }), { selector: (r) => r.days_before, minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(policy, fc.integer({ min: -3, max: 80 }), fc.integer({ min: 0, max: 2_000_000 }), (rows, daysLeft, yen) => {
        const serviceDate = '2030-07-01';
        const today = addDays(serviceDate, -daysLeft);
        const total = yen * E6;
        const schedule = cancellationSchedule(rows, serviceDate, total);
        const quote = quoteCancellation({ policy: rows, totalAmountE6: total, serviceDate, today, confirmed: true });
        const covering = schedule.rows.find((r) => r.from_date <= today && (today <= r.to_date || r.to_date === serviceDate));
        if (!covering) {
          expect(today <= schedule.free_until!).toBe(true);
          expect(quote.cancellation_fee).toBe(0);
          expect(rowInForce(rows, serviceDate, today)).toBeNull();
        } else {
          expect(covering.days_before).toBe(quote.days_before);
          expect(covering.fee_amount).toBe(quote.cancellation_fee);
          expect(rowInForce(rows, serviceDate, today)).toBe(covering.days_before);
        }
      }),
    );
  });
});
