import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceTermListResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** GET /v1/service-terms: every term, the current one flagged. */
export function getServiceTerms(): Promise<ServiceTermListResponse> {
  return apiClient.get<ServiceTermListResponse>('/v1/service-terms');
}

export function serviceTermsQueryOptions() {
  return queryOptions({ queryKey: timetableKeys.terms(), queryFn: getServiceTerms });
}

export function useServiceTerms() {
  return useQuery(serviceTermsQueryOptions());
}
