import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllotmentDayResponse } from '@sagano/domain/inventory/inventory-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

/** A segment (both stations) or the whole line in each train's direction (neither). */
export type AllotmentDayInput = { date: string; fromStationId: number | null; toStationId: number | null };

/** GET /v1/allotments/{service_day}: the day's trains with group seats, level and tags for the segment. */
export function getAllotmentDay({ date, fromStationId, toStationId }: AllotmentDayInput): Promise<AllotmentDayResponse> {
  return apiClient.get<AllotmentDayResponse>(apiPath('/v1/allotments/{service_day}', { service_day: date }), {
    from_station_id: fromStationId,
    to_station_id: toStationId,
  });
}

export function allotmentDayQueryOptions(input: AllotmentDayInput) {
  return queryOptions({
    queryKey: inventoryKeys.day(input.date, input.fromStationId, input.toStationId),
    queryFn: () => getAllotmentDay(input),
  });
}

export function useAllotmentDay(input: AllotmentDayInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...allotmentDayQueryOptions(input), enabled: options.enabled ?? true });
}
