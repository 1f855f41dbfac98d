import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalSubmittedResponse, CreateServiceTermBody } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** POST /v1/service-terms: submits the new term for approval. */
export function createServiceTerm(body: CreateServiceTermBody): Promise<ApprovalSubmittedResponse> {
  return apiClient.post<ApprovalSubmittedResponse>('/v1/service-terms', body);
}

export function useCreateServiceTerm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createServiceTerm, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.terms() }) });
}
