/**
 * Demo pricing master data beside the plans of line-and-train: free count plans (one free
 * participant per started band), the group ticket product and a group schedule for each of the
 * demo's years (demo-calendar.ts).
 */
import type { Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { DemoCalendar } from './demo-calendar.ts';

export const DEMO_FREE_COUNT_PLANS = [
  { min: 15, max: 50, freeQuantity: 1 },
  { min: 51, max: 100, freeQuantity: 2 },
  { min: 101, max: 200, freeQuantity: 3 },
] as const;

/** One schedule a year: allotments released two weeks out, payment due ten days before, a reminder three weeks before. */
export function demoGroupSchedules({ years }: Pick<DemoCalendar, 'years'>) {
  return years.map((year) => ({
    serviceFromDate: `${year}-01-01`,
    serviceToDate: `${year}-12-31`,
    name: `${year}年 団体スケジュール`,
    groupArrangementReleaseDayBefore: 14,
    paymentDayBefore: 10,
    remindDayBefore: 21,
  }));
}

export async function insertDemoPricing(tx: Tx, calendar: DemoCalendar): Promise<void> {
  await tx.insert(t.freeCountPlans).values([...DEMO_FREE_COUNT_PLANS]);
  await tx.insert(t.groupSchedules).values(demoGroupSchedules(calendar));
  await tx.insert(t.products).values([
    {
      shortName: '団体乗車券',
      channel: 'GROUP',
      priority: 0,
      labels: [
        { language_id: 'ja', text: '団体乗車券' },
        { language_id: 'en', text: 'Group ticket' },
      ],
    },
    // Sold to resellers over the OCTO supplier API (/octo, ADR 039): the whole line, each direction.
    {
      shortName: '団体乗車券（OCTO）',
      channel: 'OCTO',
      priority: 10,
      labels: [
        { language_id: 'ja', text: '嵯峨野トロッコ列車 団体席' },
        { language_id: 'en', text: 'Sagano scenic train, group seats' },
      ],
    },
  ]);
}
