import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrangementPatternListResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** GET /v1/arrangements-patterns: every pattern with seats per type. */
export function getArrangementPatterns(): Promise<ArrangementPatternListResponse> {
  return apiClient.get<ArrangementPatternListResponse>('/v1/arrangements-patterns');
}

export function arrangementPatternsQueryOptions() {
  return queryOptions({ queryKey: arrangementsKeys.patterns(), queryFn: getArrangementPatterns });
}

export function useArrangementPatterns() {
  return useQuery(arrangementPatternsQueryOptions());
}
