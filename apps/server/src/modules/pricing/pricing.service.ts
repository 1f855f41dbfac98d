/** The pricing module's use cases in one service: group pricing plans, free count plans and products. */
import { createFreeCountPlansService } from './free-count-plans.service.ts';
import { createPricingPlansService } from './pricing-plans.service.ts';
import { createProductsService } from './products.service.ts';

export function createPricingService() {
  return {
    ...createPricingPlansService(),
    ...createFreeCountPlansService(),
    ...createProductsService(),
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
