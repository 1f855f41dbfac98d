/**
 * The demo the suite's template database was loaded with (global-setup.ts), for the test files: its
 * years, term and application, and `demoDate` on the day it was loaded, not the day a file starts,
 * so a run that crosses midnight of 31 December in Tokyo keeps reading the years it loaded (ADR 047).
 */
import { inject } from 'vitest';
import { demoCalendar, demoDate as demoDateOn, type DemoCalendar } from '../../src/db/seed/demo-calendar.ts';

/** The day in Tokyo the template's demo data was loaded on. */
export const demoToday: string = inject('demoToday');

/** The demo in the template: its years, term and application. */
export const demo: DemoCalendar = demoCalendar(demoToday);

/** A date written with 2026 as this year, in the demo the template holds (same weekday, same season). */
export function demoDate(date: string): string {
  return demoDateOn(date, demoToday);
}
