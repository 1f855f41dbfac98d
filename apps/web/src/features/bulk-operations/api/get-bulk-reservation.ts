import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkReservationResponse } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

const POLL_MS = 1000;

export const isRunning = (run: Pick<BulkReservationResponse, 'status'> | undefined) => run?.status === 'PENDING' || run?.status === 'RUNNING';

/** GET /v1/bulk-reservations/{id}: the run's state and progress, with (`all`) or without (`none`) its lines. */
export function getBulkReservation(id: number, lines: 'all' | 'none'): Promise<BulkReservationResponse> {
  return apiClient.get<BulkReservationResponse>(apiPath('/v1/bulk-reservations/{id}', { id }), { lines });
}

/** Progress only while the run goes (polled every second: up to 5,000 lines need not travel each time), the lines once it has finished. */
export function bulkReservationQueryOptions(id: number) {
  return queryOptions({
    queryKey: bulkKeys.run(id),
    queryFn: async () => {
      const head = await getBulkReservation(id, 'none');
      return isRunning(head) ? head : getBulkReservation(id, 'all');
    },
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
}

export function useBulkReservation(id: number | null) {
  return useQuery({ ...bulkReservationQueryOptions(id ?? 0), enabled: id !== null });
}

export const resultCsvUrl = (id: number) => apiPath('/v1/bulk-reservations/{id}/result.csv', { id });
