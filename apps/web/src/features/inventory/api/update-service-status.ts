import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ServiceOperation, ServiceStatusResponse } from '@sagano/domain/inventory/inventory-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
// Bookings the suspension refused are read under the booking keys.
import { queryRoots } from '../../../lib/query-keys.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type ServiceStatusAnswer = z.infer<typeof ServiceStatusResponse>;
export type UpdateServiceStatusInput = { date: string; serviceIds: readonly number[]; operation: ServiceOperation };

/** PUT /v1/services/{service_ids}/status: hold sales, remove the hold, or suspend (final) trains of one day. */
export function updateServiceStatus({ date, serviceIds, operation }: UpdateServiceStatusInput): Promise<ServiceStatusAnswer> {
  return apiClient.put<ServiceStatusAnswer>(apiPath('/v1/services/{service_ids}/status', { service_ids: serviceIds.join(',') }), { date, operation });
}

export function useUpdateServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceStatus,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      // A suspension refuses bookings: their lists and pages change too.
      await queryClient.invalidateQueries({ queryKey: queryRoots.bookings });
    },
  });
}
