import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A step (an action that changes server data) as a mutation: a success refreshes the data it may
 * have changed, by their query roots (ADR 008). `silent`: the screen shows the errors itself (a
 * form puts them on its fields) instead of the global toast.
 */
export function useStepMutation<V, R>(run: (vars: V) => Promise<R>, refreshes: readonly QueryKey[], options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silentError: options.silent ?? false },
    onSuccess: async () => {
      await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
