import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpecialDaysResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** GET /v1/service-terms/{id}/services/special-days: SPECIAL days and the special trains running then. */
export function getSpecialDays(termId: number): Promise<SpecialDaysResponse> {
  return apiClient.get<SpecialDaysResponse>(apiPath('/v1/service-terms/{service_term_id}/services/special-days', { service_term_id: termId }));
}

export function useSpecialDays(termId: number | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: timetableKeys.specialDays(termId ?? 0), queryFn: () => getSpecialDays(termId!) }),
    enabled: termId !== undefined,
  });
}
