import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UnitsResponse } from '@sagano/domain/reference/reference-schemas';
import { apiClient } from '../api-client.ts';
import { queryRoots } from '../query-keys.ts';

export type UnitsAnswer = z.infer<typeof UnitsResponse>;

/** GET /v1/units: fare units (segment × annotation × fare type); kept for the whole session. */
export function getUnits(): Promise<UnitsAnswer> {
  return apiClient.get<UnitsAnswer>('/v1/units');
}

export function unitsQueryOptions() {
  return queryOptions({ queryKey: [...queryRoots.reference, 'units'], queryFn: getUnits, staleTime: Infinity, gcTime: Infinity });
}

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
