import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, monthOf } from '@sagano/domain/common/business-date';
import { addMonths } from '@sagano/domain/settlements/billing-period';
import { demoCalendar, demoDate, sameWeekdayIn } from './demo-calendar.ts';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Any day from 2026 to 2060. */
const day = fc.integer({ min: 0, max: 365 * 35 }).map((n) => addDays('2026-01-01', n));

describe('the demo calendar', () => {
  it('covers from the year of the month before last to next year: two years, three in January and February', () => {
    expect(demoCalendar('2026-12-02')).toMatchObject({ thisYear: 2026, firstYear: 2026, lastYear: 2027, years: [2026, 2027], planYears: '2026-2027年度' });
    expect(demoCalendar('2027-01-20')).toMatchObject({
      firstYear: 2026,
      lastYear: 2028,
      years: [2026, 2027, 2028],
      term: { fromDate: '2026-01-01', toDate: '2028-12-31' },
      application: { fromDate: '2026-03-01', toDate: '2028-12-29' },
    });
    expect(demoCalendar('2027-03-01')).toMatchObject({ firstYear: 2027, lastYear: 2028 });
  });

  it('always has the two months before today and the whole of next year in its term', () => {
    fc.assert(
      fc.property(day, (today) => {
        const { term } = demoCalendar(today);
        const twoMonthsBack = `${addMonths(monthOf(today), -2)}-01`; // the first of the month before last
        expect(term.fromDate <= twoMonthsBack).toBe(true);
        expect(term.toDate).toBe(`${Number(today.slice(0, 4)) + 1}-12-31`);
      }),
    );
  });

  it('carries a day to the same weekday within three days of the same calendar date, keeping days apart as they were', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 2026, max: 2060 }), fc.integer({ min: 1, max: 20 }), (date, year, gap) => {
        const moved = sameWeekdayIn(date, year);
        expect(weekday(moved)).toBe(weekday(date));
        expect(Math.abs(daysBetween(`${year}${date.slice(4)}`.replace(/-02-29$/, '-02-28'), moved))).toBeLessThanOrEqual(3);
        // Two days of the same season (March to December) keep their distance.
        if (date.slice(5) >= '03-04' && addDays(date, gap).slice(5) <= '12-28' && addDays(date, gap).slice(0, 4) === date.slice(0, 4)) {
          expect(daysBetween(moved, sameWeekdayIn(addDays(date, gap), year))).toBe(gap);
        }
      }),
    );
  });

  it('puts the journeys\' days written for 2027 in next year, on their weekday', () => {
    expect(demoDate('2027-06-03', '2026-12-02')).toBe('2027-06-03');
    expect(demoDate('2027-06-03', '2027-01-20')).toBe('2028-06-01');
    expect(weekday(demoDate('2027-05-26', '2031-07-01'))).toBe(3);
    expect(demoDate('2026-05-13', '2027-12-30').slice(0, 4)).toBe('2027');
  });
});
