import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceTermListResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** GET /v1/service-terms: the terms an application term can belong to. */
export function getServiceTerms(): Promise<ServiceTermListResponse> {
  return apiClient.get<ServiceTermListResponse>('/v1/service-terms');
}

export function useServiceTerms() {
  return useQuery(queryOptions({ queryKey: arrangementsKeys.serviceTerms(), queryFn: getServiceTerms }));
}
