/** Query keys of the pricing master screens. */
export const pricingKeys = {
  plans: ['pricing', 'plans'] as const,
  freeCountPlans: ['pricing', 'free-count-plans'] as const,
};
