import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardDeparturesResponse } from '@sagano/domain/dashboard/dashboard-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /v1/dashboard/departures: a day's trains (Tokyo's today when `date` is null) with their riding groups. */
export function getDepartures(date: string | null): Promise<DashboardDeparturesResponse> {
  return apiClient.get<DashboardDeparturesResponse>('/v1/dashboard/departures', date ? { date } : {});
}

export function useDepartures(date: string | null, enabled = true) {
  return useQuery({ ...queryOptions({ queryKey: dashboardKeys.departures(date), queryFn: () => getDepartures(date) }), enabled, placeholderData: keepPreviousData });
}
