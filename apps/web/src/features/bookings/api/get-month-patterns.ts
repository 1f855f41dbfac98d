import { queryOptions, useQueries } from '@tanstack/react-query';
import type { MonthPatternCalendarResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/services-pattern-calendar/{yyyy-MM}: the service-day pattern of every day of a month. */
export function getMonthPatterns(yearMonth: string): Promise<MonthPatternCalendarResponse> {
  return apiClient.get<MonthPatternCalendarResponse>(apiPath('/v1/services-pattern-calendar/{year_month}', { year_month: yearMonth }));
}

export function monthPatternsQueryOptions(yearMonth: string) {
  return queryOptions({
    // Under the timetable root: an approved pattern change refreshes it.
    queryKey: [...queryRoots.timetable, 'month-patterns', yearMonth],
    queryFn: () => getMonthPatterns(yearMonth),
    staleTime: 5 * 60_000,
  });
}

/** The patterns of the given months (one request per month, cached); none while `months` is empty. */
export function useMonthPatterns(months: readonly string[]) {
  return useQueries({ queries: months.map((m) => monthPatternsQueryOptions(m)) });
}
