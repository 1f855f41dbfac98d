/**
 * The journeys' days, carried into the demo the servers loaded today (it runs from the month before
 * last to the end of next year, ADR 047). Each journey names its days as they fell when 2026 was
 * this year (a Thursday of June 2027, a closed Wednesday of May); `demoDate` gives the same weekday
 * in the same season relative to today's year, so the suite reads the same on any day it runs.
 */
import { tokyoToday } from '@sagano/domain/common/business-date';
import { demoCalendar, demoDate as demoDateOn } from '../../apps/server/src/db/seed/demo-calendar.ts';

/**
 * The day the journey servers loaded their demo (global-setup.ts), not the day a file starts: a run
 * that crosses midnight of 31 December in Tokyo keeps reading the years the servers loaded.
 */
const demoToday = process.env.E2E_DEMO_TODAY ?? tokyoToday();

/** A date written with 2026 as this year, in the demo the servers loaded (same weekday, same season). */
export function demoDate(date: string): string {
  return demoDateOn(date, demoToday);
}

/** The demo the servers loaded: its years, term and application. */
export const demo = demoCalendar(demoToday);
