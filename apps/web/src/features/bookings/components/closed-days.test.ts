import { describe, expect, it } from 'vitest';
import { closedDays, shownMonths } from './closed-days.ts';

describe('shownMonths', () => {
  it('gives the month before, the month and the month after, across years', () => {
    expect(shownMonths('2027-05')).toEqual(['2027-04', '2027-05', '2027-06']);
    expect(shownMonths('2027-01')).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(shownMonths('2026-12')).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});

describe('closedDays', () => {
  it('keeps the days without trains (no trains, suspended) with their reason, not running days nor unanswered months', () => {
    const closed = closedDays([
      undefined,
      {
        year_month: '2027-05',
        days: [
          { date: '2027-05-25', service_pattern: 'ORDINARY' },
          { date: '2027-05-26', service_pattern: 'DISABLED' },
          { date: '2027-05-27', service_pattern: 'SPECIAL' },
          { date: '2027-05-28', service_pattern: 'SUSPENDED' },
        ],
      },
    ]);
    expect([...closed]).toEqual([
      ['2027-05-26', 'DISABLED'],
      ['2027-05-28', 'SUSPENDED'],
    ]);
  });
});
