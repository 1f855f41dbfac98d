import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the pricing master screens. */
export const pricingKeys = {
  plans: [...queryRoots.pricing, 'plans'] as const,
  freeCountPlans: [...queryRoots.pricing, 'free-count-plans'] as const,
};
