import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../common/business-date.ts';
import { addMonths, billingDayOnOrAfter, billingPeriod, expectedBillingDate, isBillingDay, latestBillingDay, nextBillingDay, settlementDueDate, settlementSums, type BillingTerms } from './billing-period.ts';

const monthEnd: BillingTerms = { billingDay: null, billingDayEndOfMonth: true, paymentDay: null, paymentDayEndOfMonth: true };
const day20: BillingTerms = { billingDay: 20, billingDayEndOfMonth: false, paymentDay: 25, paymentDayEndOfMonth: false };

describe('billing days', () => {
  it('month end: the last day of each month, short months and leap years included', () => {
    expect(isBillingDay('2028-02-29', monthEnd)).toBe(true);
    expect(isBillingDay('2028-02-28', monthEnd)).toBe(false);
    expect(isBillingDay('2027-02-28', monthEnd)).toBe(true);
    expect(isBillingDay('2030-04-30', monthEnd)).toBe(true);
    expect(isBillingDay('2030-04-31' as string, monthEnd)).toBe(false);
    expect(isBillingDay('2030-12-31', monthEnd)).toBe(true);
  });

  it('a day 1–28 is that day of every month', () => {
    expect(isBillingDay('2030-02-20', day20)).toBe(true);
    expect(isBillingDay('2030-02-21', day20)).toBe(false);
    const day1 = { ...day20, billingDay: 1 };
    expect(isBillingDay('2030-03-01', day1)).toBe(true);
    expect(latestBillingDay('2030-03-31', day1)).toBe('2030-03-01');
  });

  it('the latest billing day on or before a run date', () => {
    expect(latestBillingDay('2030-05-15', monthEnd)).toBe('2030-04-30');
    expect(latestBillingDay('2030-05-31', monthEnd)).toBe('2030-05-31');
    expect(latestBillingDay('2030-01-10', day20)).toBe('2029-12-20');
    expect(latestBillingDay('2028-03-01', monthEnd)).toBe('2028-02-29');
  });

  it('months shift across years', () => {
    expect(addMonths('2030-01', -1)).toBe('2029-12');
    expect(addMonths('2030-12', 1)).toBe('2031-01');
    expect(addMonths('2030-05', -17)).toBe('2028-12');
  });
});

describe('billing periods', () => {
  it('the first period covers one cycle, or starts at the month of earlier unbilled activity', () => {
    expect(billingPeriod({ runDate: '2030-05-31', terms: monthEnd, previousTo: null, earliestActivity: null })).toEqual({ from: '2030-05-01', to: '2030-05-31' });
    expect(billingPeriod({ runDate: '2030-05-20', terms: day20, previousTo: null, earliestActivity: '2030-05-01' })).toEqual({ from: '2030-04-21', to: '2030-05-20' });
    expect(billingPeriod({ runDate: '2030-05-31', terms: monthEnd, previousTo: null, earliestActivity: '2030-03-12' })).toEqual({ from: '2030-03-01', to: '2030-05-31' });
  });

  it('a period starts the day after the previous one ends; a billed period gives none', () => {
    expect(billingPeriod({ runDate: '2028-02-29', terms: monthEnd, previousTo: '2028-01-31', earliestActivity: null })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(billingPeriod({ runDate: '2030-06-10', terms: monthEnd, previousTo: '2030-05-31', earliestActivity: null })).toBeNull();
    // Missed runs: the next period reaches back to the last one billed.
    expect(billingPeriod({ runDate: '2030-08-31', terms: monthEnd, previousTo: '2030-05-31', earliestActivity: null })).toEqual({ from: '2030-06-01', to: '2030-08-31' });
  });

  it('consecutive monthly runs tile the calendar: no day twice, none missed', () => {
    const terms = fc.record({ billingDay: fc.option(fc.integer({ min: 1, max: 28 })), billingDayEndOfMonth: fc.boolean(), paymentDay: fc.constant(null), paymentDayEndOfMonth: fc.constant(true) });
    fc.assert(
      fc.property(terms, fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), (t, y, m) => {
        let previousTo: string | null = null;
        let month = `${y}-${String(m).padStart(2, '0')}`;
        for (let i = 0; i < 14; i++) {
          const runDate = latestBillingDay(`${addMonths(month, 1)}-01`, t);
          const p = billingPeriod({ runDate, terms: t, previousTo, earliestActivity: null });
          expect(p).not.toBeNull();
          if (previousTo !== null) expect(p!.from).toBe(addDays(previousTo, 1));
          expect(isBillingDay(p!.to, t)).toBe(true);
          // A second run on the same day bills nothing.
          expect(billingPeriod({ runDate, terms: t, previousTo: p!.to, earliestActivity: null })).toBeNull();
          previousTo = p!.to;
          month = addMonths(month, 1);
        }
      }),
    );
  });
});

describe('the next billing day and the expected billing date', () => {
  it('the billing day on or after a date, and the next one after today', () => {
    expect(billingDayOnOrAfter('2030-05-31', monthEnd)).toBe('2030-05-31');
    expect(billingDayOnOrAfter('2028-02-01', monthEnd)).toBe('2028-02-29');
    expect(billingDayOnOrAfter('2030-05-20', day20)).toBe('2030-05-20');
    expect(billingDayOnOrAfter('2030-12-21', day20)).toBe('2031-01-20');
    // The job has billed today's run: the next one is after today.
    expect(nextBillingDay('2030-05-31', monthEnd)).toBe('2030-06-30');
    expect(nextBillingDay('2030-05-19', day20)).toBe('2030-05-20');
    expect(nextBillingDay('2030-05-20', day20)).toBe('2030-06-20');
  });

  it('a booking is invoiced at the end of its first service date\'s period, a missed or billed one caught up by the next run', () => {
    const expected = (firstServiceDate: string, today: string, lastBilledTo: string | null, terms: BillingTerms) => expectedBillingDate({ firstServiceDate, today, lastBilledTo, terms });
    expect(expected('2030-06-12', '2030-05-20', '2030-04-30', monthEnd)).toBe('2030-06-30');
    expect(expected('2030-05-21', '2030-05-20', '2030-05-20', day20)).toBe('2030-06-20');
    expect(expected('2030-05-20', '2030-05-10', null, day20)).toBe('2030-05-20');
    // The period's billing day passed without billing it: the next run catches it up.
    expect(expected('2030-03-12', '2030-05-10', '2030-02-28', monthEnd)).toBe('2030-05-31');
    // Today is the billing day and today's run has not billed yet: today; once it has, the next one.
    expect(expected('2030-05-12', '2030-05-31', '2030-04-30', monthEnd)).toBe('2030-05-31');
    expect(expected('2030-05-12', '2030-05-31', '2030-05-31', monthEnd)).toBe('2030-06-30');
  });

  it('is the first billing day not before the first service date, today, or the day after the last billed period', () => {
    const terms = fc.record({ billingDay: fc.option(fc.integer({ min: 1, max: 28 })), billingDayEndOfMonth: fc.boolean() });
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2028-01-01', n));
    fc.assert(
      fc.property(terms, day, day, fc.option(day), (t, service, today, lastBilledTo) => {
        const expected = expectedBillingDate({ firstServiceDate: service, today, lastBilledTo, terms: t });
        expect(isBillingDay(expected, t)).toBe(true);
        // A run on that day bills it: its period reaches the first service date, and it is not billed yet.
        expect(expected >= service && expected >= today && (lastBilledTo === null || expected > lastBilledTo)).toBe(true);
        // No billing day before it would do.
        const earlier = latestBillingDay(addDays(expected, -1), t);
        expect(earlier < service || earlier < today || (lastBilledTo !== null && earlier <= lastBilledTo)).toBe(true);
      }),
    );
  });
});

describe('due dates', () => {
  it('the payment day of the month after the period', () => {
    expect(settlementDueDate('2030-05-20', day20)).toBe('2030-06-25');
    expect(settlementDueDate('2030-01-31', monthEnd)).toBe('2030-02-28');
    expect(settlementDueDate('2028-01-31', monthEnd)).toBe('2028-02-29');
    expect(settlementDueDate('2030-12-31', day20)).toBe('2031-01-25');
  });
});

describe('settlement sums', () => {
  it('fares, discrepancies (refunds negative) and fees; the amount is their sum', () => {
    expect(
      settlementSums([
        { kind: 'FARE', direction: null, totalE6: 10_000_000_000 },
        { kind: 'FARE', direction: null, totalE6: 5_000_000_000 },
        { kind: 'DISCREPANCY', direction: 'EXTRA', totalE6: 1_000_000_000 },
        { kind: 'DISCREPANCY', direction: 'REFUND', totalE6: 300_000_000 },
        { kind: 'CANCELLATION', direction: null, totalE6: 2_000_000_000 },
      ]),
    ).toEqual({ amountE6: 17_700_000_000, fareE6: 15_000_000_000, discrepancyE6: 700_000_000, feeE6: 2_000_000_000, receivedE6: 0 });
    expect(settlementSums([])).toEqual({ amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0, receivedE6: 0 });
  });

  it('a fare part-paid before billing is billed for what is still owed; a refund nets against the charges', () => {
    expect(
      settlementSums([
        { kind: 'FARE', direction: null, totalE6: 100_000_000_000, receivedE6: 30_000_000_000 },
        { kind: 'DISCREPANCY', direction: 'REFUND', totalE6: 5_000_000_000, receivedE6: 5_000_000_000 },
        { kind: 'CANCELLATION', direction: null, totalE6: 2_000_000_000 },
      ]),
    ).toEqual({ amountE6: 67_000_000_000, fareE6: 100_000_000_000, discrepancyE6: -5_000_000_000, feeE6: 2_000_000_000, receivedE6: 30_000_000_000 });
    // Received never exceeds what a payment bills (an overpayment is not a credit here).
    expect(settlementSums([{ kind: 'FARE', direction: null, totalE6: 10, receivedE6: 15 }]).amountE6).toBe(0);
  });

  it('amount = fare + discrepancy + fee − received for any payments', () => {
    const payment = fc.record({ kind: fc.constantFrom('FARE' as const, 'CANCELLATION' as const, 'DISCREPANCY' as const), direction: fc.constantFrom('EXTRA' as const, 'REFUND' as const, null), totalE6: fc.integer({ min: 0, max: 10 ** 12 }), receivedE6: fc.integer({ min: 0, max: 10 ** 12 }) });
    fc.assert(
      fc.property(fc.array(payment), (ps) => {
        const s = settlementSums(ps);
        expect(s.amountE6).toBe(s.fareE6 + s.discrepancyE6 + s.feeE6 - s.receivedE6);
        expect(s.receivedE6).toBeLessThanOrEqual(ps.filter((p) => p.direction !== 'REFUND').reduce((a, p) => a + p.totalE6, 0));
        expect(s.fareE6 + s.feeE6).toBe(ps.filter((p) => p.kind !== 'DISCREPANCY').reduce((a, p) => a + p.totalE6, 0));
      }),
    );
  });
});
