import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummaryResponse } from '@sagano/domain/dashboard/dashboard-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /v1/dashboard/summary: the back office's counts of what needs doing, and Tokyo's today. */
export function getDashboardSummary(): Promise<DashboardSummaryResponse> {
  return apiClient.get<DashboardSummaryResponse>('/v1/dashboard/summary');
}

export function useDashboardSummary() {
  return useQuery(queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary }));
}
