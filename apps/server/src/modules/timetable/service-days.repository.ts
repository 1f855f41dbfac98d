/**
 * Which services run on which day (DESIGN §3). The one place that rule lives:
 * - pattern ORDINARY: the non-special services of the term containing the day;
 * - pattern SPECIAL: those plus the special services listed for that day (special_day_services);
 * - SUSPENDED, DISABLED or no pattern row: none.
 * Per-service suspension (service_day_statuses) is a sales status, not part of this rule.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

/** One running service day. */
export interface RunningServiceDay {
  serviceDate: string;
  serviceId: number;
}

// The rule as one SQL fragment over a set of days `d(day)`; kept in one place for both variants.
const runningSql = (fromDate: string, toDate: string) => sql`
  with d as (
    select p.service_date as day, p.pattern
    from service_day_patterns p
    where p.service_date between ${fromDate}::date and ${toDate}::date
      and p.pattern in ('ORDINARY', 'SPECIAL')
  )
  select to_char(d.day, 'YYYY-MM-DD') as service_date, s.id as service_id
  from d
  join service_terms st on d.day between st.from_date and st.to_date
  join services s on s.service_term_id = st.id
  where s.is_special = false
     or (d.pattern = 'SPECIAL' and exists (
           select 1 from special_day_services sds where sds.service_date = d.day and sds.service_id = s.id))
  order by d.day, s.id`;

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
