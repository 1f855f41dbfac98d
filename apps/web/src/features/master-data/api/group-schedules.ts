import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupScheduleBody, GroupScheduleListResponse, GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

const BASE = '/v1/master-data/group-schedules';

/** GET: every schedule, earliest period first. */
export function useGroupSchedules() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.groupSchedules, queryFn: () => apiClient.get<GroupScheduleListResponse>(BASE) }));
}

/** POST a new schedule, or PUT /{applied_from_service_date} (the first date names it). The form reports its own errors. */
export function useSaveGroupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, body }: { isNew: boolean; body: GroupScheduleBody }) => {
      if (isNew) return apiClient.post<GroupScheduleResponse>(BASE, body);
      const { service_from_date: from, ...change } = body;
      return apiClient.put<GroupScheduleResponse>(apiPath(`${BASE}/{applied_from_service_date}`, { applied_from_service_date: from }), change);
    },
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.groupSchedules }),
  });
}
