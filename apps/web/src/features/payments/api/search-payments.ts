import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PaymentSearchResponse, ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, withCommaLists } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type PaymentSearchAnswer = z.infer<typeof PaymentSearchResponse>;
export type PaymentSearchRow = PaymentSearchAnswer['payments'][number];
export type PaymentSearchParams = Partial<ServiceOrderSearchQuery>;

/** Query keys of the payments list, under the payments root (ADR 008): a payment step refreshes them by invalidating `queryRoots.payments`. */
export const paymentListKeys = {
  all: queryRoots.payments,
  search: (params: PaymentSearchParams) => [...queryRoots.payments, 'list', params] as const,
};

/** GET /v1/bookings/payments/search: one row per booking with its fare and latest discrepancy, paged; the server scopes agents to their own. */
export function searchPayments(params: PaymentSearchParams): Promise<PaymentSearchAnswer> {
  return apiClient.get<PaymentSearchAnswer>('/v1/bookings/payments/search', withCommaLists(params));
}

export function paymentsQueryOptions(params: PaymentSearchParams) {
  return queryOptions({
    queryKey: paymentListKeys.search(params),
    queryFn: () => searchPayments(params),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(params: PaymentSearchParams) {
  return useQuery(paymentsQueryOptions(params));
}
