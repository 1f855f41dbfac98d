import { useQuery } from '@tanstack/react-query';
import type { CancellationPolicyResponse } from '@sagano/domain/master-data/cancellation-policy-schemas';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v1/cancellation-policy: the policy in force (the document; open without a session). */
export function useCancellationPolicy() {
  return useQuery({
    queryKey: ['cancellation-policy'],
    queryFn: () => apiClient.get<CancellationPolicyResponse>('/v1/cancellation-policy'),
  });
}
