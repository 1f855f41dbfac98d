import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * A step (an action that changes server data) as a mutation: a success refreshes the data it may
 * have changed, by their query roots (ADR 008), and so does an ALREADY_CONFIRMED refusal (someone
 * else, another window, did it first: the screen then shows the confirmed state). `silent`: the
 * screen shows the errors itself (a form puts them on its fields) instead of the global toast.
 */
export function useStepMutation<V, R>(run: (vars: V) => Promise<R>, refreshes: readonly QueryKey[], options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silentError: options.silent ?? false },
    onSuccess: async () => {
      await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_CONFIRMED') for (const queryKey of refreshes) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
