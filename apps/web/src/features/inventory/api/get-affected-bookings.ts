import { useQuery } from '@tanstack/react-query';
import type { AffectedBookingsResponse } from '@sagano/domain/inventory/suspension-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

/** GET /v1/services/{service_ids}/affected-bookings?date=: the live bookings suspending those trains would refuse (our addition). */
export function getAffectedBookings(date: string, serviceIds: readonly number[]): Promise<AffectedBookingsResponse> {
  return apiClient.get<AffectedBookingsResponse>(apiPath('/v1/services/{service_ids}/affected-bookings', { service_ids: serviceIds.join(',') }), { date });
}

export function useAffectedBookings(date: string, serviceIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: [...inventoryKeys.all, 'affected-bookings', date, serviceIds.join(',')],
    queryFn: () => getAffectedBookings(date, serviceIds),
    enabled: enabled && serviceIds.length > 0,
    staleTime: 0,
  });
}
