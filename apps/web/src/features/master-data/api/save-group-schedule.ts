import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupScheduleBody, GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

/** POST a new schedule, or PUT /v1/master-data/group-schedules/{applied_from_service_date} (the first date names it). */
export function saveGroupSchedule({ isNew, body }: { isNew: boolean; body: GroupScheduleBody }): Promise<GroupScheduleResponse> {
  if (isNew) return apiClient.post<GroupScheduleResponse>('/v1/master-data/group-schedules', body);
  const { service_from_date: from, ...change } = body;
  return apiClient.put<GroupScheduleResponse>(`/v1/master-data/group-schedules/${from}`, change);
}

export function useSaveGroupSchedule() {
  const queryClient = useQueryClient();
  // The form reports its own errors (on the field, or in a toast for the rest).
  return useMutation({ mutationFn: saveGroupSchedule, meta: { silentError: true }, onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.groupSchedules }) });
}
