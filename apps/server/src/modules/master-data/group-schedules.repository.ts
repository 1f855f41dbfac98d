import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { GroupScheduleBody, GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

type Row = typeof t.groupSchedules.$inferSelect;

function toResponse(r: Row): GroupScheduleResponse {
  return {
    service_from_date: r.serviceFromDate,
    service_to_date: r.serviceToDate,
    name: r.name,
    group_arrangement_release_day_before: r.groupArrangementReleaseDayBefore,
    payment_day_before: r.paymentDayBefore,
    remind_day_before: r.remindDayBefore,
    updated_at: r.updatedAt.toISOString(),
  };
}

function columnsOf(input: GroupScheduleBody) {
  return {
    serviceToDate: input.service_to_date,
    name: input.name,
    groupArrangementReleaseDayBefore: input.group_arrangement_release_day_before,
    paymentDayBefore: input.payment_day_before,
    remindDayBefore: input.remind_day_before,
  };
}

/** Every schedule, earliest period first. */
export async function listGroupSchedules(db: Executor): Promise<GroupScheduleResponse[]> {
  return (await db.select().from(t.groupSchedules).orderBy(asc(t.groupSchedules.serviceFromDate))).map(toResponse);
}

export async function findGroupSchedule(db: Executor, from: string, options: { lock?: boolean } = {}): Promise<GroupScheduleResponse | undefined> {
  const query = db.select().from(t.groupSchedules).where(eq(t.groupSchedules.serviceFromDate, from));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toResponse(row) : undefined;
}

export async function insertGroupSchedule(db: Executor, input: GroupScheduleBody): Promise<void> {
  await db.insert(t.groupSchedules).values({ serviceFromDate: input.service_from_date, ...columnsOf(input) });
}

export async function updateGroupSchedule(db: Executor, input: GroupScheduleBody): Promise<void> {
  await db.update(t.groupSchedules).set({ ...columnsOf(input), updatedAt: new Date() }).where(eq(t.groupSchedules.serviceFromDate, input.service_from_date));
}

/** Days before `serviceDate` a payment is due under the schedule covering that date, if one does. */
export async function paymentDayBeforeOn(db: Executor, serviceDate: string): Promise<number | undefined> {
  const [row] = await db
    .select({ days: t.groupSchedules.paymentDayBefore })
    .from(t.groupSchedules)
    .where(and(lte(t.groupSchedules.serviceFromDate, serviceDate), gte(t.groupSchedules.serviceToDate, serviceDate)))
    .limit(1);
  return row?.days;
}
