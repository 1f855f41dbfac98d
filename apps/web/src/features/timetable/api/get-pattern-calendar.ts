import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatternCalendarResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** GET /v1/service-terms/{id}/services/pattern-calendar: every day of the term with its pattern. */
export function getPatternCalendar(termId: number): Promise<PatternCalendarResponse> {
  return apiClient.get<PatternCalendarResponse>(apiPath('/v1/service-terms/{service_term_id}/services/pattern-calendar', { service_term_id: termId }));
}

export function usePatternCalendar(termId: number | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: timetableKeys.patternCalendar(termId ?? 0), queryFn: () => getPatternCalendar(termId!) }),
    enabled: termId !== undefined,
  });
}
