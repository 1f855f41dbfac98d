import { describe, expect, it } from 'vitest';
import {
  formatDayOfMonth,
  formatServiceDay,
  formatYearMonth,
  monthGrid,
  parseDayParam,
  parseYearMonth,
  shiftMonth,
  shortWeekday,
  weekdayOf,
} from './calendar-grid.ts';

describe('monthGrid', () => {
  it('lays May 2027 out in Sunday-first weeks (1 May 2027 is a Saturday)', () => {
    const weeks = monthGrid({ year: 2027, month: 5 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2027-05-01']);
    expect(weeks[5]).toEqual(['2027-05-30', '2027-05-31', null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
  it('fits February 2026 in exactly four weeks (it starts on a Sunday)', () => {
    const weeks = monthGrid({ year: 2026, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2026-02-01');
    expect(weeks[3]![6]).toBe('2026-02-28');
  });
  it('knows leap years', () => {
    expect(monthGrid({ year: 2028, month: 2 }).flat().filter(Boolean).at(-1)).toBe('2028-02-29');
  });
});

describe('months in the address', () => {
  it('reads and writes yyyy-MM, refusing anything else', () => {
    expect(parseYearMonth('2027-05')).toEqual({ year: 2027, month: 5 });
    expect(formatYearMonth({ year: 2027, month: 5 })).toBe('2027-05');
    for (const bad of [null, '', '2027-13', '2027-00', '2027-5', 'May', '1999-01']) expect(parseYearMonth(bad)).toBeNull();
  });
  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2027, month: 5 }, -17)).toEqual({ year: 2025, month: 12 });
  });
});

describe('dates', () => {
  it('names the weekday of a date', () => {
    expect(weekdayOf('2027-05-06')).toBe(4);
    expect(weekdayOf('2027-05-01')).toBe(6);
  });
  it('writes the same short weekday names as Intl, for both languages and the rest through Intl', () => {
    for (let day = 1; day <= 7; day++) {
      const date = `2027-05-0${day}`;
      for (const language of ['ja', 'en', 'fr']) {
        expect(shortWeekday(date, language)).toBe(new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)));
      }
    }
  });
});

describe('days', () => {
  it('reads only real days from the address', () => {
    expect(parseDayParam('2027-05-06')).toBe('2027-05-06');
    for (const bad of [undefined, '', '2027-02-30', '2027-5-6', '06/05/2027']) expect(parseDayParam(bad)).toBeNull();
  });
  it('writes the weekday the way each language reads it', () => {
    expect(formatServiceDay('2027-05-06', 'ja')).toBe('2027-05-06（木）');
    expect(formatServiceDay('2027-05-06', 'en')).toBe('2027-05-06 (Thu)');
    expect(formatDayOfMonth('2027-05-06', 'ja')).toBe('6日（木）');
    expect(formatDayOfMonth('2027-05-06', 'en')).toBe('Thu 6');
  });
});
