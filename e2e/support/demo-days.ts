/**
 * The journeys' days, carried into the demo the servers loaded today (it covers this year in Tokyo
 * and the next, ADR 047). Each journey names its days as they fell in the demo of 2026–2027 (a
 * Thursday of June 2027, a closed Wednesday of May); `demoDate` gives the same weekday in the same
 * season of the demo loaded now, so the suite reads the same on any day it runs.
 */
import { demoCalendar, demoDate } from '../../apps/server/src/db/seed/demo-calendar.ts';

export { demoDate };

/** The demo loaded today: its years, term and application. */
export const demo = demoCalendar();

/** A date as the app's date fields and lists show it: 2027/06/03. */
export const slashed = (date: string) => date.replaceAll('-', '/');
