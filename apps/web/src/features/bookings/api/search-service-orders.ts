import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ServiceOrderSearchQuery, ServiceOrderSearchResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, withCommaLists } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

export type ServiceOrderSearchAnswer = z.infer<typeof ServiceOrderSearchResponse>;
export type ServiceOrderSearchParams = Partial<ServiceOrderSearchQuery>;

/** GET /v1/bookings/service_orders/search: one row per booked train, paged. */
export function searchServiceOrders(params: ServiceOrderSearchParams): Promise<ServiceOrderSearchAnswer> {
  return apiClient.get<ServiceOrderSearchAnswer>('/v1/bookings/service_orders/search', withCommaLists(params));
}

export function serviceOrdersQueryOptions(params: ServiceOrderSearchParams) {
  return queryOptions({
    queryKey: bookingsKeys.search(params),
    queryFn: () => searchServiceOrders(params),
    placeholderData: keepPreviousData,
  });
}

export function useServiceOrders(params: ServiceOrderSearchParams) {
  return useQuery(serviceOrdersQueryOptions(params));
}
