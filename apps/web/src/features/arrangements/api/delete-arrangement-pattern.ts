import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { arrangementsKeys } from './arrangements-keys.ts';

/** DELETE /v1/arrangements-patterns/{id}: refused while an application term uses the pattern. */
export function deleteArrangementPattern(id: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/arrangements-patterns/{arrangement_pattern_id}', { arrangement_pattern_id: id }));
}

export function useDeleteArrangementPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArrangementPattern,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: arrangementsKeys.pattern(id) });
      return queryClient.invalidateQueries({ queryKey: arrangementsKeys.patterns(), exact: true });
    },
  });
}
