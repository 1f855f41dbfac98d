import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FreeCountPlanListResponse } from '@sagano/domain/pricing/pricing-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** GET /v1/free_count_plans: the ranges, by min. */
export function getFreeCountPlans(): Promise<FreeCountPlanListResponse> {
  return apiClient.get<FreeCountPlanListResponse>('/v1/free_count_plans');
}

export function freeCountPlansQueryOptions() {
  return queryOptions({ queryKey: pricingKeys.freeCountPlans, queryFn: getFreeCountPlans });
}

export function useFreeCountPlans() {
  return useQuery(freeCountPlansQueryOptions());
}
