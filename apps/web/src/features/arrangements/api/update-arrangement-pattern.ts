import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArrangementPatternInput, ArrangementPatternResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** PUT /v1/arrangements-patterns/{id}: a pattern in use may only be renamed. */
export function updateArrangementPattern({ id, body }: { id: number; body: ArrangementPatternInput }): Promise<ArrangementPatternResponse> {
  return apiClient.put<ArrangementPatternResponse>(apiPath('/v1/arrangements-patterns/{arrangement_pattern_id}', { arrangement_pattern_id: id }), body);
}

export function useUpdateArrangementPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateArrangementPattern,
    onSuccess: (pattern) => {
      queryClient.setQueryData(arrangementsKeys.pattern(pattern.arrangement_pattern_id), pattern);
      return queryClient.invalidateQueries({ queryKey: arrangementsKeys.patterns(), exact: true });
    },
  });
}
