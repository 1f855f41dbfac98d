/** The pricing module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { pricingContract } from './pricing.openapi.ts';
export { pricingRoutes } from './pricing.routes.ts';
export { createPricingService } from './pricing.service.ts';
