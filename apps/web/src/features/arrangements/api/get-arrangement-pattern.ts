import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrangementPatternResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** GET /v1/arrangements-patterns/{id}: the type of every seat, car by car. */
export function getArrangementPattern(id: number): Promise<ArrangementPatternResponse> {
  return apiClient.get<ArrangementPatternResponse>(apiPath('/v1/arrangements-patterns/{arrangement_pattern_id}', { arrangement_pattern_id: id }));
}

export function arrangementPatternQueryOptions(id: number) {
  return queryOptions({ queryKey: arrangementsKeys.pattern(id), queryFn: () => getArrangementPattern(id) });
}

export function useArrangementPattern(id: number | null) {
  return useQuery({ ...arrangementPatternQueryOptions(id ?? 0), enabled: id !== null });
}
