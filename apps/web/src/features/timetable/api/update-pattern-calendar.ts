import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalSubmittedResponse, PatternCalendarBody } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** PUT /v1/service-terms/{id}/services/pattern-calendar: submits the changed days for approval. */
export function updatePatternCalendar({ termId, body }: { termId: number; body: PatternCalendarBody }): Promise<ApprovalSubmittedResponse> {
  return apiClient.put<ApprovalSubmittedResponse>(apiPath('/v1/service-terms/{service_term_id}/services/pattern-calendar', { service_term_id: termId }), body);
}

export function useUpdatePatternCalendar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePatternCalendar, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }) });
}
