import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllotmentCalendarResponse } from '@sagano/domain/inventory/inventory-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type AllotmentCalendarInput = { year: number; month: number; directions: readonly Direction[] };

/** GET /v1/allotments/calendar/{year}/{month}: per day the allotment level of the chosen directions. */
export function getAllotmentCalendar({ year, month, directions }: AllotmentCalendarInput): Promise<AllotmentCalendarResponse> {
  return apiClient.get<AllotmentCalendarResponse>(apiPath('/v1/allotments/calendar/{year}/{month}', { year, month }), {
    direction_ids: directions.join(','),
  });
}

export function allotmentCalendarQueryOptions(input: AllotmentCalendarInput) {
  return queryOptions({
    queryKey: inventoryKeys.calendar(input.year, input.month, input.directions),
    queryFn: () => getAllotmentCalendar(input),
    placeholderData: keepPreviousData,
  });
}

export function useAllotmentCalendar(input: AllotmentCalendarInput) {
  return useQuery(allotmentCalendarQueryOptions(input));
}
