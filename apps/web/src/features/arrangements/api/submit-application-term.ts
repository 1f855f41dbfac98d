import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationTermBody, ApprovalSubmittedResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/**
 * POST /v1/service-terms/{id}/arrangements-application-terms (a new term) or
 * PUT /v1/arrangements-application-terms/{id} (a change): both only ask for approval.
 */
export function submitApplicationTerm(input: { serviceTermId: number; termId: number | null; body: ApplicationTermBody }): Promise<ApprovalSubmittedResponse> {
  return input.termId === null
    ? apiClient.post<ApprovalSubmittedResponse>(apiPath('/v1/service-terms/{service_term_id}/arrangements-application-terms', { service_term_id: input.serviceTermId }), input.body)
    : apiClient.put<ApprovalSubmittedResponse>(apiPath('/v1/arrangements-application-terms/{arrangement_application_term_id}', { arrangement_application_term_id: input.termId }), input.body);
}

export function useSubmitApplicationTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplicationTerm,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: arrangementsKeys.applicationTerms(input.serviceTermId) }),
  });
}
