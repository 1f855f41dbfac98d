import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** GET /v1/service-terms/{id}/services: the trains of a term with their times. */
export function getTermServices(termId: number): Promise<ServiceListResponse> {
  return apiClient.get<ServiceListResponse>(`/v1/service-terms/${termId}/services`);
}

export function termServicesQueryOptions(termId: number) {
  return queryOptions({ queryKey: timetableKeys.services(termId), queryFn: () => getTermServices(termId) });
}

export function useTermServices(termId: number | undefined) {
  return useQuery({ ...termServicesQueryOptions(termId ?? 0), enabled: termId !== undefined });
}
