import { z } from 'zod';
import { MAX_MASTER_NAME } from './master-name.ts';

/**
 * Group schedules (spec 000 "Group schedule", spec 001 §9.3): for the service dates of a period,
 * how many days before the service date unconfirmed group allotments are released, the payment
 * is due and the agent is reminded. Periods never overlap; a schedule is named by the first
 * service date it applies to (`applied_from_service_date` in the paths).
 */

const DateString = z.iso.date();

/** The message of the period check (spec 000 §5 words it for special contract terms; schedules share it). */
export const PERIOD_ORDER_MESSAGE = 'the end of the service period must be after the start';

/** Up to a year before the service date: a schedule further out would never come due in the season it covers. */
const DaysBefore = z.number('enter a number of days').int('enter a whole number of days').min(0, 'enter 0 or more days').max(365, 'enter at most 365 days');

/** What PUT /v1/master-data/group-schedules/{applied_from_service_date} changes (the first date names the schedule). */
export const GroupScheduleChange = z.object({
  name: z.string('a name is required').trim().min(1, 'a name is required').max(MAX_MASTER_NAME),
  service_to_date: DateString,
  group_arrangement_release_day_before: DaysBefore,
  payment_day_before: DaysBefore,
  remind_day_before: DaysBefore,
});
export type GroupScheduleChange = z.infer<typeof GroupScheduleChange>;

export const GroupScheduleBody = GroupScheduleChange.extend({ service_from_date: DateString }).refine((v) => v.service_from_date <= v.service_to_date, {
  message: PERIOD_ORDER_MESSAGE,
  path: ['service_to_date'],
});
export type GroupScheduleBody = z.infer<typeof GroupScheduleBody>;

export const GroupScheduleResponse = z.object({
  service_from_date: z.string(),
  service_to_date: z.string(),
  name: z.string(),
  group_arrangement_release_day_before: z.number().int(),
  payment_day_before: z.number().int(),
  remind_day_before: z.number().int(),
  updated_at: z.string(),
});
export type GroupScheduleResponse = z.infer<typeof GroupScheduleResponse>;

export const GroupScheduleListResponse = z.object({ group_schedules: z.array(GroupScheduleResponse) });
export type GroupScheduleListResponse = z.infer<typeof GroupScheduleListResponse>;

/** The path names a period of master data by its first service date. */
export const AppliedFromServiceDateParams = z.object({ applied_from_service_date: DateString });

/** Days before the service date a card payment is due where no group schedule covers the date. */
export const DEFAULT_PAYMENT_DAY_BEFORE = 7;
