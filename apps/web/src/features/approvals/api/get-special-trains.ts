import { useQuery } from '@tanstack/react-query';
import type { SpecialDaysResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/**
 * The special trains of a timetable term (GET /v1/service-terms/{id}/services/special-days), for
 * naming the trains a special-days request asks to run. Under the timetable's root, with the
 * special-days screen's key: the two share what they read, and applying a change refreshes both.
 */
export function useSpecialTrains(termId: number | undefined) {
  return useQuery({
    queryKey: [...queryRoots.timetable, 'special-days', termId ?? 0],
    queryFn: () => apiClient.get<SpecialDaysResponse>(apiPath('/v1/service-terms/{service_term_id}/services/special-days', { service_term_id: termId! })),
    enabled: termId !== undefined,
    select: (answer) => answer.special_services,
  });
}
