import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesSummaryQuery, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the sales summary, under the payments root: a payment step that changes a sum refreshes it too. */
export const salesKeys = {
  summary: (params: SalesSummaryQuery) => [...queryRoots.payments, 'sales-summary', params] as const,
};

/** GET /v1/sales/summary: totals and breakdowns of a period's sales (back office). */
export function getSalesSummary(params: SalesSummaryQuery): Promise<SalesSummaryResponse> {
  return apiClient.get<SalesSummaryResponse>('/v1/sales/summary', params);
}

export function salesSummaryQueryOptions(params: SalesSummaryQuery) {
  return queryOptions({ queryKey: salesKeys.summary(params), queryFn: () => getSalesSummary(params), placeholderData: keepPreviousData });
}

export function useSalesSummary(params: SalesSummaryQuery | null) {
  return useQuery({ ...salesSummaryQueryOptions(params ?? { from_date: '', to_date: '' }), enabled: params !== null });
}
