/**
 * The journeys' days, carried into the demo the servers loaded today (it runs from the month before
 * last to the end of next year, ADR 047). Each journey names its days as they fell when 2026 was
 * this year (a Thursday of June 2027, a closed Wednesday of May); `demoDate` gives the same weekday
 * in the same season relative to today's year, so the suite reads the same on any day it runs.
 */
import { demoCalendar, demoDate } from '../../apps/server/src/db/seed/demo-calendar.ts';

export { demoDate };

/** The demo loaded today: its years, term and application. */
export const demo = demoCalendar();
