import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

/** GET /v1/inventories/{date}/services/{service_id}: every car seat by seat, with all arrangement types. */
export function getServiceInventory(date: string, serviceId: number): Promise<ServiceInventoryResponse> {
  return apiClient.get<ServiceInventoryResponse>(apiPath('/v1/inventories/{date}/services/{service_id}', { date, service_id: serviceId }), {
    all_arrangement_types: true,
  });
}

export function serviceInventoryQueryOptions(date: string, serviceId: number) {
  return queryOptions({
    queryKey: inventoryKeys.service(date, serviceId),
    queryFn: () => getServiceInventory(date, serviceId),
    // A train without inventory yet is a 404 the screens explain in place, not an error toast.
    meta: { silentError: true },
  });
}

export function useServiceInventory(date: string | null, serviceId: number | null) {
  return useQuery({
    ...serviceInventoryQueryOptions(date ?? '', serviceId ?? 0),
    enabled: date !== null && serviceId !== null,
  });
}
