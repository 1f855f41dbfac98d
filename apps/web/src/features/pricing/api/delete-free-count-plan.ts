import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** DELETE /v1/group-product/free_count_plans/{id} (the specification deletes under this path). */
export function deleteFreeCountPlan(id: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/group-product/free_count_plans/{id}', { id }));
}

export function useDeleteFreeCountPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFreeCountPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.freeCountPlans }) });
}
