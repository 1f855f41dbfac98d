/**
 * Business dates: the operator's calendar is Asia/Tokyo, whatever the server's or the browser's
 * zone. Dates are `yyyy-MM-dd` strings; arithmetic is on the calendar (UTC midnight), never on
 * local clocks. The one place "today" and day arithmetic live (server, jobs and web alike).
 */
export const OPERATOR_TIME_ZONE = 'Asia/Tokyo';

/**
 * Asia/Tokyo has been UTC+9 all year since 1952 (no summer time), so the operator's clock is UTC
 * moved by nine hours: plain arithmetic, no time-zone formatter. Building an Intl formatter for a
 * zone loads the zone data, which cost a browser's first screen some 35 ms of one task (4× that on
 * a phone); a property test checks this against Intl's Asia/Tokyo from 1952 to 2199.
 */
const OPERATOR_UTC_OFFSET_MS = 9 * 3_600_000;
/** The same offset as an ISO 8601 timestamp writes it. */
export const OPERATOR_UTC_OFFSET = '+09:00';

/**
 * Where a business date starts on the operator's clock, as an ISO timestamp (yyyy-MM-ddT00:00:00+09:00);
 * with `endOfDay`, where it ends (T24:00:00, the next day's start; PostgreSQL reads it as such).
 */
export function operatorDayBoundary(date: string, endOfDay = false): string {
  return `${date}T${endOfDay ? '24:00:00' : '00:00:00'}${OPERATOR_UTC_OFFSET}`;
}

/** yyyy-MM-ddTHH:mm:ss on the operator's clock. */
function tokyoIso(at: Date): string {
  return new Date(at.getTime() + OPERATOR_UTC_OFFSET_MS).toISOString().slice(0, 19);
}

/** The date in Asia/Tokyo at `now` (yyyy-MM-dd). */
export function tokyoDateOf(now: Date): string {
  return tokyoIso(now).slice(0, 10);
}

/** The moment `at` on the operator's clock: its date (yyyy-MM-dd) and time (HH:mm:ss) in Asia/Tokyo. */
export function tokyoDateTimeOf(at: Date): { date: string; time: string } {
  const iso = tokyoIso(at);
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** Today in Asia/Tokyo (yyyy-MM-dd); pass `now` from a Clock where time must be pinnable. */
export function tokyoToday(now: Date = new Date()): string {
  return tokyoDateOf(now);
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every date from `from` to `to`, both included (empty when `to` is earlier). */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The month of a date (yyyy-MM). */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The last day of a month (yyyy-MM → yyyy-MM-dd). */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * A billing or payment day within a month: `day` 1–28, or the month's last day when `endOfMonth`
 * (or when `day` is past the month's end, e.g. 31 in February).
 */
export function billingDayIn(month: string, day: number, endOfMonth = false): string {
  const last = lastDayOfMonth(month);
  if (endOfMonth || day >= Number(last.slice(8))) return last;
  return `${month}-${String(day).padStart(2, '0')}`;
}
