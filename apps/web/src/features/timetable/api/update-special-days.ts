import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalSubmittedResponse, SpecialDaysBody } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** PUT /v1/service-terms/{id}/services/special-days: submits the special trains of changed days for approval. */
export function updateSpecialDays({ termId, body }: { termId: number; body: SpecialDaysBody }): Promise<ApprovalSubmittedResponse> {
  return apiClient.put<ApprovalSubmittedResponse>(apiPath('/v1/service-terms/{service_term_id}/services/special-days', { service_term_id: termId }), body);
}

export function useUpdateSpecialDays() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSpecialDays, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }) });
}
