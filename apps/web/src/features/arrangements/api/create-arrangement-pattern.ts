import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArrangementPatternInput, ArrangementPatternResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** POST /v1/arrangements-patterns: every seat of the train must have a type. */
export function createArrangementPattern(body: ArrangementPatternInput): Promise<ArrangementPatternResponse> {
  return apiClient.post<ArrangementPatternResponse>('/v1/arrangements-patterns', body);
}

export function useCreateArrangementPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArrangementPattern,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arrangementsKeys.patterns() }),
  });
}
