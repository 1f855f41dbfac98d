import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SearchInventoryBody, SearchInventoryByTypeResponse, SearchInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import type { ArrangementTypesResponse } from '@sagano/domain/reference/reference-schemas';
import { anonymousRequest, apiPath, withQuery } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

type SearchInput = z.input<typeof SearchInventoryBody>;
type SearchAnswer = z.infer<typeof SearchInventoryResponse>;
type CountersAnswer = z.infer<typeof SearchInventoryByTypeResponse>;

/** The group's link on the inventory calls: its booking number and token (no session, as the rest of the page). */
const linkQuery = (bookingId: string, token: string) => ({ booking_id: bookingId, token });

export const customerInventoryKeys = {
  search: (bookingId: string, token: string, body: SearchInput) => [...queryRoots.customer, 'search-inventory', bookingId, token, body] as const,
  counters: (bookingId: string, token: string, date: string, typeIds: readonly number[]) => [...queryRoots.customer, 'inventory-counters', bookingId, token, date, typeIds.join(',')] as const,
  arrangementTypes: [...queryRoots.customer, 'arrangement-types'] as const,
};

/** POST /v1/search-inventory?booking_id=&token=: the trains of a day of the booking on its segment, with their free group seats. */
export function searchTrains(bookingId: string, token: string, body: SearchInput): Promise<SearchAnswer> {
  return anonymousRequest('POST', withQuery('/v1/search-inventory', linkQuery(bookingId, token)), body);
}

/** GET /v1/search-inventory/{date}/{ids}?booking_id=&token=: capacity and holds per leg of the group's arrangement types. */
export function getTrainCounters(bookingId: string, token: string, date: string, typeIds: readonly number[]): Promise<CountersAnswer> {
  return anonymousRequest('GET', withQuery(apiPath('/v1/search-inventory/{date}/{arrangement_type_ids}', { date, arrangement_type_ids: typeIds.join(',') }), linkQuery(bookingId, token)));
}

/** GET /v1/arrangement-types (public): which type is the wheelchair places. */
export function getArrangementTypes(): Promise<z.infer<typeof ArrangementTypesResponse>> {
  return anonymousRequest('GET', '/v1/arrangement-types');
}

/** The trains of one leg; asked when the group asks, and again on "refresh" (other groups book meanwhile). */
export function useTrainSearch(bookingId: string, token: string, body: SearchInput, enabled: boolean) {
  return useQuery({
    queryKey: customerInventoryKeys.search(bookingId, token, body),
    queryFn: () => searchTrains(bookingId, token, body),
    meta: { silentError: true },
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** Wheelchair places per train and leg on a day of the booking (only asked for a group with wheelchairs). */
export function useWheelchairCounters(bookingId: string, token: string, date: string, wheelchairTypeId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: customerInventoryKeys.counters(bookingId, token, date, wheelchairTypeId === undefined ? [] : [wheelchairTypeId]),
    queryFn: () => getTrainCounters(bookingId, token, date, [wheelchairTypeId!]),
    meta: { silentError: true },
    enabled: enabled && wheelchairTypeId !== undefined,
    staleTime: 0,
    retry: false,
  });
}

export function useCustomerArrangementTypes(enabled: boolean) {
  return useQuery({
    queryKey: customerInventoryKeys.arrangementTypes,
    queryFn: getArrangementTypes,
    meta: { silentError: true },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
