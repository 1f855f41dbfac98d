import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ArrangementTypesResponse } from '@sagano/domain/reference/reference-schemas';
import { apiClient } from '../api-client.ts';
import { queryRoots } from '../query-keys.ts';

export type ArrangementTypesAnswer = z.infer<typeof ArrangementTypesResponse>;

/** GET /v1/arrangements-types: seat channels (枠) with colours; kept for the whole session. */
export function getArrangementTypes(): Promise<ArrangementTypesAnswer> {
  return apiClient.get<ArrangementTypesAnswer>('/v1/arrangements-types');
}

export function arrangementTypesQueryOptions() {
  return queryOptions({
    queryKey: [...queryRoots.reference, 'arrangement-types'],
    queryFn: getArrangementTypes,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useArrangementTypes() {
  return useQuery(arrangementTypesQueryOptions());
}
