import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, billingDayIn, daysBetween, eachDay, lastDayOfMonth, monthOf, OPERATOR_TIME_ZONE, operatorDayBoundary, tokyoDateOf, tokyoDateTimeOf, tokyoToday } from './business-date.ts';

/** Dates from 1970 to 2199 as yyyy-MM-dd. */
const aDate = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('today in Asia/Tokyo', () => {
  it('turns at 15:00 UTC, whatever the machine’s zone', () => {
    expect(OPERATOR_TIME_ZONE).toBe('Asia/Tokyo');
    expect(tokyoDateOf(new Date('2026-05-05T14:59:59Z'))).toBe('2026-05-05');
    expect(tokyoDateOf(new Date('2026-05-05T15:00:00Z'))).toBe('2026-05-06');
    expect(tokyoDateOf(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(tokyoToday(new Date('2027-04-30T15:30:00Z'))).toBe('2027-05-01');
  });

  it('starts a business date at 15:00 UTC the day before (the offset agrees with tokyoDateOf)', () => {
    const start = new Date(operatorDayBoundary('2026-05-05'));
    expect(start.toISOString()).toBe('2026-05-04T15:00:00.000Z');
    expect(tokyoDateOf(start)).toBe('2026-05-05');
    expect(tokyoDateOf(new Date(start.getTime() - 1))).toBe('2026-05-04');
    expect(operatorDayBoundary('2026-05-05', true)).toBe('2026-05-05T24:00:00+09:00');
  });

  it('answers the current date without an argument', () => {
    expect(tokyoToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads a moment as the date and time on the operator\'s clock, midnight as 00 and the seconds kept', () => {
    expect(tokyoDateTimeOf(new Date('2026-11-20T01:30:05Z'))).toEqual({ date: '2026-11-20', time: '10:30:05' });
    expect(tokyoDateTimeOf(new Date('2026-12-31T15:00:00Z'))).toEqual({ date: '2027-01-01', time: '00:00:00' });
    expect(tokyoDateTimeOf(new Date('2027-03-01T14:59:59Z'))).toEqual({ date: '2027-03-01', time: '23:59:59' });
  });
  it('agrees with Intl\'s Asia/Tokyo on every moment from 1952 to 2199 (a fixed UTC+9, no summer time)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const aMoment = fc.date({ min: new Date('1952-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(aMoment, (at) => {
        const p = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, part.value]));
        const expected = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
        expect(tokyoDateTimeOf(at)).toEqual(expected);
        expect(tokyoDateOf(at)).toBe(expected.date);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an invalid date as Intl did', () => {
    expect(() => tokyoDateOf(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2027-01-31', 30)).toBe('2027-03-02');
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24');
  });

  it('knows leap years, 2100 not being one and 2000 being one', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
  });

  it('counts calendar days, negative when the second date is earlier', () => {
    expect(daysBetween('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysBetween('2026-11-22', '2026-12-01')).toBe(9);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-12-02', '2026-12-01')).toBe(-1);
  });

  it('lists every day, both ends included, and nothing when the end is earlier', () => {
    expect(eachDay('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDay('2026-12-01', '2026-12-01')).toEqual(['2026-12-01']);
    expect(eachDay('2026-12-02', '2026-12-01')).toEqual([]);
  });

  it('addDays and daysBetween undo each other', () => {
    fc.assert(
      fc.property(aDate, fc.integer({ min: -20_000, max: 20_000 }), (date, days) => {
        const later = addDays(date, days);
        expect(daysBetween(date, later)).toBe(days);
        expect(addDays(later, -days)).toBe(date);
      }),
    );
  });

  it('eachDay has daysBetween + 1 consecutive days', () => {
    fc.assert(
      fc.property(aDate, fc.integer({ min: 0, max: 400 }), (from, span) => {
        const days = eachDay(from, addDays(from, span));
        expect(days).toHaveLength(span + 1);
        for (let i = 1; i < days.length; i++) expect(daysBetween(days[i - 1]!, days[i]!)).toBe(1);
      }),
    );
  });
});

describe('months and billing days', () => {
  it('takes the month of a date and the last day of a month', () => {
    expect(monthOf('2027-02-14')).toBe('2027-02');
    expect(lastDayOfMonth('2027-01')).toBe('2027-01-31');
    expect(lastDayOfMonth('2027-02')).toBe('2027-02-28');
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfMonth('2100-02')).toBe('2100-02-28');
    expect(lastDayOfMonth('2027-04')).toBe('2027-04-30');
    expect(lastDayOfMonth('2027-12')).toBe('2027-12-31');
  });

  it('places a billing day in its month, or on the month’s last day', () => {
    expect(billingDayIn('2027-03', 5)).toBe('2027-03-05');
    expect(billingDayIn('2027-03', 28)).toBe('2027-03-28');
    expect(billingDayIn('2027-03', 5, true)).toBe('2027-03-31');
    expect(billingDayIn('2027-04', 31)).toBe('2027-04-30');
  });

  it('puts billing day 31 (or 29, 30) of February on its last day, leap years included', () => {
    expect(billingDayIn('2027-02', 31)).toBe('2027-02-28');
    expect(billingDayIn('2027-02', 29)).toBe('2027-02-28');
    expect(billingDayIn('2027-02', 30)).toBe('2027-02-28');
    expect(billingDayIn('2028-02', 31)).toBe('2028-02-29');
    expect(billingDayIn('2028-02', 29)).toBe('2028-02-29');
    expect(billingDayIn('2028-02', 28)).toBe('2028-02-28');
  });

  it('always answers a day of the month asked for, never past its end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2199 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.boolean(), (year, month, day, endOfMonth) => {
        const ym = `${year}-${String(month).padStart(2, '0')}`;
        const billing = billingDayIn(ym, day, endOfMonth);
        expect(monthOf(billing)).toBe(ym);
        expect(billing <= lastDayOfMonth(ym)).toBe(true);
        if (endOfMonth) expect(billing).toBe(lastDayOfMonth(ym));
        else expect(Number(billing.slice(8))).toBe(Math.min(day, Number(lastDayOfMonth(ym).slice(8))));
      }),
    );
  });
});
