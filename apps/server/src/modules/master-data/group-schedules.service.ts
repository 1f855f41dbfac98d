import { PERIOD_ORDER_MESSAGE, type GroupScheduleBody, type GroupScheduleChange, type GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import * as t from '../../db/schema.ts';
import { findGroupSchedule, insertGroupSchedule, updateGroupSchedule } from './group-schedules.repository.ts';
import { lockPeriods, overlappingPeriod } from './periods.repository.ts';

async function checkNoOverlap(work: Work, input: GroupScheduleBody, except?: string) {
  await lockPeriods(work.tx, t.groupSchedules);
  const other = await overlappingPeriod(work.tx, t.groupSchedules, input.service_from_date, input.service_to_date, except);
  if (other) {
    throw new AppError(
      'GROUP_SCHEDULE_OVERLAP',
      `the period overlaps the group schedule "${other.name}" (${other.service_from_date} to ${other.service_to_date})`,
      'service_from_date',
    );
  }
}

/** Group schedules: per period, how many days before service the arrangements are released, payment is due and reminders go. */
export function createGroupSchedulesService() {
  return {
    /** Adds a schedule for a period no other schedule covers. */
    async createGroupSchedule(work: Work, input: GroupScheduleBody): Promise<GroupScheduleResponse> {
      await checkNoOverlap(work, input);
      await insertGroupSchedule(work.tx, input);
      return (await findGroupSchedule(work.tx, input.service_from_date))!;
    },

    /**
     * Changes the schedule that starts on `from`: its end, name and days. Payments already opened
     * keep their due dates; the new days apply to bookings confirmed from now on.
     */
    async changeGroupSchedule(work: Work, from: string, change: GroupScheduleChange): Promise<GroupScheduleResponse> {
      if (!(await findGroupSchedule(work.tx, from, { lock: true }))) throw notFound('group schedule');
      if (change.service_to_date < from) throw invalid('service_to_date', PERIOD_ORDER_MESSAGE);
      const input = { ...change, service_from_date: from };
      await checkNoOverlap(work, input, from);
      await updateGroupSchedule(work.tx, input);
      return (await findGroupSchedule(work.tx, from))!;
    },
  };
}
