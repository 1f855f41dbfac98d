/**
 * The years the demo data covers: from the year of the month before last (the demo's settlements
 * bill the two months before this one, whose trains must have run) to the year after this one in
 * Tokyo, so the product started on any day (and every test run) has a season ahead of it and a
 * history behind it. Two years from March to December, three in January and February. The
 * timetable's term, the arrangement application, the pricing plans and the group schedules take
 * their dates from here (ADR 047).
 *
 * Tests and journeys were written on days of 2026 and 2027, 2026 being "this year": `demoDate`
 * carries such a date into the same place relative to today's year, on the same weekday, within
 * three days of the same calendar date, so a Thursday stays a Thursday and a day of the autumn
 * weeks stays in them.
 */
import { addDays, daysBetween, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { addMonths } from '@sagano/domain/settlements/billing-period';

/** The year the tests' and journeys' dates call "this year". */
export const REFERENCE_YEAR = 2026;

export interface DemoCalendar {
  /** This year in Tokyo. */
  thisYear: number;
  firstYear: number;
  lastYear: number;
  /** Every year from the first to the last. */
  years: number[];
  /** The timetable's service term: 1 January of the first year to 31 December of the last. */
  term: { fromDate: string; toDate: string };
  /** The standard arrangement applied to every train: the season's start to the last running day. */
  application: { fromDate: string; toDate: string };
  /** The pricing plans' period and the part of their names after the segment ("2026-2027年度"). */
  planYears: string;
}

export function demoCalendar(today: string = tokyoToday()): DemoCalendar {
  const thisYear = Number(today.slice(0, 4));
  const firstYear = Number(addMonths(monthOf(today), -2).slice(0, 4));
  const lastYear = thisYear + 1;
  return {
    thisYear,
    firstYear,
    lastYear,
    years: Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i),
    term: { fromDate: `${firstYear}-01-01`, toDate: `${lastYear}-12-31` },
    application: { fromDate: `${firstYear}-03-01`, toDate: `${lastYear}-12-29` },
    planYears: `${firstYear}-${lastYear}年度`,
  };
}

/** The day in `year` on the weekday of `date`, nearest to the same month and day (at most 3 days from it). */
export function sameWeekdayIn(date: string, year: number): string {
  const target = `${year}${date.slice(4)}`.replace(/-02-29$/, '-02-28');
  const shift = ((daysBetween(target, date) % 7) + 7) % 7; // days from target forward to date's weekday
  return addDays(target, shift <= 3 ? shift : shift - 7);
}

/** A date written with 2026 as this year, carried to the same place relative to `today`'s year (same weekday, same season). */
export function demoDate(date: string, today: string = tokyoToday()): string {
  return sameWeekdayIn(date, Number(date.slice(0, 4)) - REFERENCE_YEAR + demoCalendar(today).thisYear);
}
