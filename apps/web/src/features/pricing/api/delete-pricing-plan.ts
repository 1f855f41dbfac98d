import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** DELETE /v1/pricing_plans/{id}: refused (409) while bookings travel on its dates. */
export function deletePricingPlan(id: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/pricing_plans/{id}', { id }));
}

export function useDeletePricingPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePricingPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.plans }) });
}
