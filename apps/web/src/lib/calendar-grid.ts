/**
 * The calendar screens' months and days as yyyy-MM / yyyy-MM-dd strings; "today" and day
 * arithmetic come from the domain's business dates (Asia/Tokyo).
 */
import { eachDay, lastDayOfMonth } from '@sagano/domain/common/business-date';

/** A month as shown on the calendar: year and month (1–12). */
export type YearMonth = { year: number; month: number };

const MONTH_PARAM = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatYearMonth({ year, month }: YearMonth): string {
  return `${year}-${pad(month)}`;
}

/** Reads `2027-05` from the address; null when it is not a month. */
export function parseYearMonth(value: string | null): YearMonth | null {
  const match = MONTH_PARAM.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return null;
  return { year, month };
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function yearMonthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** 0 = Sunday … 6 = Saturday, for a yyyy-MM-dd date (calendar arithmetic, no time zone involved). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The weeks of a month, Sunday first (as Japanese wall calendars): each week has seven cells,
 * a yyyy-MM-dd date or null for the days of the neighbouring months.
 */
export function monthGrid({ year, month }: YearMonth): (string | null)[][] {
  const yearMonth = formatYearMonth({ year, month });
  const cells: (string | null)[] = Array.from({ length: weekdayOf(`${yearMonth}-01`) }, () => null);
  cells.push(...eachDay(`${yearMonth}-01`, lastDayOfMonth(yearMonth)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Short weekday names from Sunday, as Intl writes them for the app's two languages (a list renders dozens per screen). */
const WEEKDAY_NAMES: Record<string, readonly string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The short weekday name of a yyyy-MM-dd date in the language: 木 / Thu. */
export function shortWeekday(date: string, language: string): string {
  const names = WEEKDAY_NAMES[language];
  if (names) return names[weekdayOf(date)]!;
  let format = weekdayFormats.get(language);
  if (!format) weekdayFormats.set(language, (format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** yyyy-MM-dd with the weekday, as office staff read dates: 2027-05-06（木） / 2027-05-06 (Thu). */
export function formatServiceDay(date: string, language: string): string {
  const weekday = shortWeekday(date, language);
  return language === 'ja' ? `${date}（${weekday}）` : `${date} (${weekday})`;
}

/** The day of the month with its weekday, as a list under the month's heading reads: 6日（木） / Thu 6. */
export function formatDayOfMonth(date: string, language: string): string {
  const weekday = shortWeekday(date, language);
  const day = Number(date.slice(8));
  return language === 'ja' ? `${day}日（${weekday}）` : `${weekday} ${day}`;
}

const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd route parameter that is a real day, else null. */
export function parseDayParam(value: string | null | undefined): string | null {
  if (!value || !DATE_PARAM.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}
