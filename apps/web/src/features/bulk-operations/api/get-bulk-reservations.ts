import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkReservationList } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

/** GET /v1/bulk-reservations: the recent runs, newest first. */
export function getBulkReservations(): Promise<BulkReservationList> {
  return apiClient.get<BulkReservationList>('/v1/bulk-reservations');
}

export function bulkReservationsQueryOptions() {
  return queryOptions({ queryKey: bulkKeys.list(), queryFn: getBulkReservations });
}

export function useBulkReservations() {
  return useQuery(bulkReservationsQueryOptions());
}
