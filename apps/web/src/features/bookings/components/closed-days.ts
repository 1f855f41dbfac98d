import type { MonthPatternCalendarResponse } from '@sagano/domain/timetable/timetable-schemas';

/** Why no train can be picked on a day: no trains (運行なし, also outside the operating period) or suspended (運休日). */
export type ClosedReason = 'DISABLED' | 'SUSPENDED';

/** The month (yyyy-MM) before and after `yearMonth` and itself: the days a month view shows. */
export function shownMonths(yearMonth: string): [string, string, string] {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const at = (offset: number) => {
    const index = year * 12 + (month - 1) + offset;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return [at(-1), yearMonth, at(1)];
}

/** The days (yyyy-MM-dd) of the answered months on which no train runs, with the reason. */
export function closedDays(months: readonly (MonthPatternCalendarResponse | undefined)[]): Map<string, ClosedReason> {
  const closed = new Map<string, ClosedReason>();
  for (const month of months) {
    for (const day of month?.days ?? []) {
      if (day.service_pattern === 'DISABLED' || day.service_pattern === 'SUSPENDED') closed.set(day.date, day.service_pattern);
    }
  }
  return closed;
}
