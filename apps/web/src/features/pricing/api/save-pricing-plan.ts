import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PricingPlanBody, PricingPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** POST /v1/pricing_plans (id null) or PUT /v1/pricing_plans/{id}. */
export function savePricingPlan({ id, body }: { id: number | null; body: PricingPlanBody }): Promise<PricingPlanResponse> {
  return id === null ? apiClient.post<PricingPlanResponse>('/v1/pricing_plans', body) : apiClient.put<PricingPlanResponse>(apiPath('/v1/pricing_plans/{id}', { id }), body);
}

export function useSavePricingPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePricingPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.plans }) });
}
