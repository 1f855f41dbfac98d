import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingPlanListResponse } from '@sagano/domain/pricing/pricing-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** GET /v1/pricing_plans: every group pricing plan (both segments) with its unit prices. */
export function getPricingPlans(): Promise<PricingPlanListResponse> {
  return apiClient.get<PricingPlanListResponse>('/v1/pricing_plans');
}

export function pricingPlansQueryOptions() {
  return queryOptions({ queryKey: pricingKeys.plans, queryFn: getPricingPlans });
}

export function usePricingPlans() {
  return useQuery(pricingPlansQueryOptions());
}
