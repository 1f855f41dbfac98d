import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustArrangementsBody, ServiceInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

/** PUT /v1/inventories/arrangements: moves seats of one service day between arrangement types (409 if one is held or assigned). */
export function adjustArrangements(body: AdjustArrangementsBody): Promise<ServiceInventoryResponse> {
  return apiClient.put<ServiceInventoryResponse>('/v1/inventories/arrangements', body);
}

export function useAdjustArrangements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustArrangements,
    // The screen shows a refusal itself (with the server's reason), so no global toast.
    meta: { silentError: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(inventoryKeys.service(answer.service_day, answer.service_id), answer);
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}
