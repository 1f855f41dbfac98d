import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupScheduleListResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

/** GET /v1/master-data/group-schedules: every schedule, earliest period first. */
export function getGroupSchedules(): Promise<GroupScheduleListResponse> {
  return apiClient.get<GroupScheduleListResponse>('/v1/master-data/group-schedules');
}

export function useGroupSchedules() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.groupSchedules, queryFn: getGroupSchedules }));
}
