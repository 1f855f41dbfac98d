import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationPolicyBody, CancellationPolicyResponse } from '@sagano/domain/master-data/cancellation-policy-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

const PATH = '/v1/master-data/cancellation-policy';

/** GET: the policy in force, shortest notice first. */
export function useCancellationPolicy() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.cancellationPolicy, queryFn: () => apiClient.get<CancellationPolicyResponse>(PATH) }));
}

/** PUT the whole policy. The editor reports its own errors. */
export function useSaveCancellationPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancellationPolicyBody) => apiClient.put<CancellationPolicyResponse>(PATH, body),
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(masterDataKeys.cancellationPolicy, saved),
  });
}
