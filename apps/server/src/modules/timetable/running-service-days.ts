import { sql, type SQL } from 'drizzle-orm';

/**
 * The one rule of which trains run on which day, as SQL yielding (service_date, service_id)
 * for a date range: a day marked ORDINARY runs the term's ordinary trains; SPECIAL runs those
 * plus the special trains listed for that day; SUSPENDED, DISABLED or an unmarked day runs none.
 */
export function runningServiceDaysSql(fromDate: string, toDate: string): SQL {
  return sql`(
    select p.service_date, s.id as service_id
    from service_day_patterns p
    join service_terms st on p.service_date between st.from_date and st.to_date
    join services s on s.service_term_id = st.id and not s.is_special
    where p.pattern in ('ORDINARY', 'SPECIAL') and p.service_date between ${fromDate}::date and ${toDate}::date
    union
    select sds.service_date, sds.service_id
    from special_day_services sds
    join service_day_patterns p on p.service_date = sds.service_date and p.pattern = 'SPECIAL'
    where sds.service_date between ${fromDate}::date and ${toDate}::date
  )`;
}
