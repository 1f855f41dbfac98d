import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TrainsResponse } from '@sagano/domain/reference/reference-schemas';
import { apiClient } from '../api-client.ts';
import { queryRoots } from '../query-keys.ts';

export type TrainsAnswer = z.infer<typeof TrainsResponse>;

/** GET /v1/trains: the train, its cars and seats; kept for the whole session. */
export function getTrains(): Promise<TrainsAnswer> {
  return apiClient.get<TrainsAnswer>('/v1/trains');
}

export function trainsQueryOptions() {
  return queryOptions({ queryKey: [...queryRoots.reference, 'trains'], queryFn: getTrains, staleTime: Infinity, gcTime: Infinity });
}

export function useTrains() {
  return useQuery(trainsQueryOptions());
}
