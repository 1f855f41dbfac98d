import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationTermListResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** GET /v1/service-terms/{id}/arrangements-application-terms: terms, the term's trains and pending changes. */
export function getApplicationTerms(serviceTermId: number): Promise<ApplicationTermListResponse> {
  return apiClient.get<ApplicationTermListResponse>(apiPath('/v1/service-terms/{service_term_id}/arrangements-application-terms', { service_term_id: serviceTermId }));
}

export function applicationTermsQueryOptions(serviceTermId: number) {
  return queryOptions({ queryKey: arrangementsKeys.applicationTerms(serviceTermId), queryFn: () => getApplicationTerms(serviceTermId) });
}

export function useApplicationTerms(serviceTermId: number | null) {
  return useQuery({ ...applicationTermsQueryOptions(serviceTermId ?? 0), enabled: serviceTermId !== null });
}
