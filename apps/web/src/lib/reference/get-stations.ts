import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationsResponse } from '@sagano/domain/reference/reference-schemas';
import { apiClient } from '../api-client.ts';
import { queryRoots } from '../query-keys.ts';

/** GET /v1/stations: stations and the two directions; kept for the whole session. */
export function getStations(): Promise<StationsResponse> {
  return apiClient.get<StationsResponse>('/v1/stations');
}

export function stationsQueryOptions() {
  return queryOptions({ queryKey: [...queryRoots.reference, 'stations'], queryFn: getStations, staleTime: Infinity, gcTime: Infinity });
}

export function useStations() {
  return useQuery(stationsQueryOptions());
}
