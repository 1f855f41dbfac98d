import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllotmentDayResponse } from '@sagano/domain/inventory/inventory-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/allotments/{date} for a segment: the trains the booking form offers, with their levels. */
export function getDayTrains(date: string, fromStationId: number, toStationId: number): Promise<AllotmentDayResponse> {
  return apiClient.get<AllotmentDayResponse>(apiPath('/v1/allotments/{service_day}', { service_day: date }), {
    from_station_id: fromStationId,
    to_station_id: toStationId,
  });
}

export function dayTrainsQueryOptions(date: string, fromStationId: number, toStationId: number) {
  return queryOptions({
    queryKey: [...queryRoots.bookings, 'day-trains', date, fromStationId, toStationId],
    queryFn: () => getDayTrains(date, fromStationId, toStationId),
  });
}

export function useDayTrains(date: string | null, fromStationId: number | null, toStationId: number | null) {
  const ready = Boolean(date) && fromStationId !== null && toStationId !== null && fromStationId !== toStationId;
  return useQuery({
    ...dayTrainsQueryOptions(date ?? '', fromStationId ?? 0, toStationId ?? 0),
    enabled: ready,
  });
}
