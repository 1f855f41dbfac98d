import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreeCountPlanBody, FreeCountPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** POST /v1/free_count_plans (id null) or PUT /v1/free_count_plans/{id}. */
export function saveFreeCountPlan({ id, body }: { id: number | null; body: FreeCountPlanBody }): Promise<FreeCountPlanResponse> {
  return id === null ? apiClient.post<FreeCountPlanResponse>('/v1/free_count_plans', body) : apiClient.put<FreeCountPlanResponse>(apiPath('/v1/free_count_plans/{id}', { id }), body);
}

export function useSaveFreeCountPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFreeCountPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.freeCountPlans }) });
}
