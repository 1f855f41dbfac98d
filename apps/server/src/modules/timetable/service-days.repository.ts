/**
 * Which services run on which day (DESIGN §3), read through the one SQL rule in
 * running-service-days.ts (also used by the inventory build and the seat inquiry).
 * Per-service suspension (service_day_statuses) is a sales status, not part of this rule.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { runningServiceDaysSql } from './running-service-days.ts';

/** One running service day. */
export interface RunningServiceDay {
  serviceDate: string;
  serviceId: number;
}

const runningSql = (fromDate: string, toDate: string) => sql`
  select r.service_date::text as service_date, r.service_id
  from ${runningServiceDaysSql(fromDate, toDate)} r
  order by r.service_date, r.service_id`;

/** Ids of the services that run on `date` (yyyy-MM-dd), ascending. */
export async function runningServiceIds(db: Executor, date: string): Promise<number[]> {
  const rows = rowsOf<{ service_date: string; service_id: number }>(await db.execute(runningSql(date, date)));
  return rows.map((r) => Number(r.service_id));
}

/** Every running (day, service) pair from `fromDate` to `toDate` inclusive, set-based. */
export async function runningServiceDays(db: Executor, fromDate: string, toDate: string): Promise<RunningServiceDay[]> {
  const rows = rowsOf<{ service_date: string; service_id: number }>(await db.execute(runningSql(fromDate, toDate)));
  return rows.map((r) => ({ serviceDate: r.service_date, serviceId: Number(r.service_id) }));
}
