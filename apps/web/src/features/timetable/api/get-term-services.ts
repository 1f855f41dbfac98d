import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** GET /v1/service-terms/{id}/services: the trains of a term with their times. */
export function getTermServices(termId: number): Promise<ServiceListResponse> {
  return apiClient.get<ServiceListResponse>(apiPath('/v1/service-terms/{service_term_id}/services', { service_term_id: termId }));
}

export function termServicesQueryOptions(termId: number) {
  return queryOptions({ queryKey: timetableKeys.services(termId), queryFn: () => getTermServices(termId) });
}

export function useTermServices(termId: number | undefined) {
  return useQuery({ ...termServicesQueryOptions(termId ?? 0), enabled: termId !== undefined });
}
