/** The contract of the pricing calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const pricingContract: AreaContract[] = [defineArea('pricing', 'Group fares: pricing plans (for groups and for group products), free count plans, products, and the prices of a day.', {
  'GET /v1/pricing_plans': { id: 'pricing.listPlans', summary: 'List pricing plans' },
  'POST /v1/pricing_plans': { id: 'pricing.createPlan', summary: 'Add a pricing plan', errors: ['PRICING_PLAN_OVERLAP'] },
  'GET /v1/pricing_plans/{id}': { id: 'pricing.getPlan', summary: 'Read a pricing plan' },
  'PUT /v1/pricing_plans/{id}': { id: 'pricing.updatePlan', summary: 'Change a pricing plan', errors: ['PRICING_PLAN_OVERLAP', 'PRICING_PLAN_IN_USE'] },
  'DELETE /v1/pricing_plans/{id}': { id: 'pricing.deletePlan', summary: 'Delete a pricing plan', errors: ['PRICING_PLAN_IN_USE'] },
  'GET /v1/group-product/pricing_plans': { id: 'pricing.listProductPlans', summary: 'List group product pricing plans' },
  'POST /v1/group-product/pricing_plans': { id: 'pricing.createProductPlan', summary: 'Add a group product pricing plan', errors: ['PRICING_PLAN_OVERLAP'] },
  'GET /v1/group-product/pricing_plans/{id}': { id: 'pricing.getProductPlan', summary: 'Read a group product pricing plan' },
  'PUT /v1/group-product/pricing_plans/{id}': { id: 'pricing.updateProductPlan', summary: 'Change a group product pricing plan', errors: ['PRICING_PLAN_OVERLAP', 'PRICING_PLAN_IN_USE'] },
  'DELETE /v1/group-product/pricing_plans/{id}': { id: 'pricing.deleteProductPlan', summary: 'Delete a group product pricing plan', errors: ['PRICING_PLAN_IN_USE'] },
  'GET /v1/free_count_plans': { id: 'pricing.listFreeCountPlans', summary: 'List free count plans', description: 'How many travel free per group size.' },
  'POST /v1/free_count_plans': { id: 'pricing.createFreeCountPlan', summary: 'Add a free count plan', errors: ['PRICING_PLAN_OVERLAP'] },
  'GET /v1/free_count_plans/{id}': { id: 'pricing.getFreeCountPlan', summary: 'Read a free count plan' },
  'PUT /v1/free_count_plans/{id}': { id: 'pricing.updateFreeCountPlan', summary: 'Change a free count plan', errors: ['PRICING_PLAN_OVERLAP', 'PRICING_PLAN_IN_USE'] },
  'GET /v1/group-product/free_count_plans': { id: 'pricing.listProductFreeCountPlans', summary: 'List group product free count plans' },
  'POST /v1/group-product/free_count_plans': { id: 'pricing.createProductFreeCountPlan', summary: 'Add a group product free count plan', errors: ['PRICING_PLAN_OVERLAP'] },
  'GET /v1/group-product/free_count_plans/{id}': { id: 'pricing.getProductFreeCountPlan', summary: 'Read a group product free count plan' },
  'DELETE /v1/group-product/free_count_plans/{id}': { id: 'pricing.deleteProductFreeCountPlan', summary: 'Delete a group product free count plan', errors: ['PRICING_PLAN_IN_USE'] },
  'GET /v1/pricing/{date}': { id: 'pricing.ofDay', summary: 'Prices on a day', description: 'The unit prices and free counts that apply to groups on that day.' },
  'GET /v1/products': {
    id: 'pricing.listProducts',
    summary: 'List group products',
    description: 'Every product by priority; with `service_dates` (yyyy-MM-dd, comma separated: a round trip\'s two days), only the products sold on every one of those dates (`service_date_from`/`service_date_to`, null meaning open on that side).',
  },
  'POST /v1/products': {
    id: 'pricing.createProduct',
    summary: 'Add a group product',
    description: 'A product with the service dates it is sold for (both optional; an end before the start is a `400` on `service_date_to`).',
  },
  'GET /v1/products/{id}': {
    id: 'pricing.getProduct',
    summary: 'Read a group product',
    description: 'The product; with `service_dates`, `404` when it is not sold on every one of them (as the list leaves it out).',
    errors: ['NOT_FOUND'],
  },
  'PUT /v1/products/{id}': { id: 'pricing.updateProduct', summary: 'Change a group product', description: 'Replaces the whole product, its service dates included (left out: open).' },
})];
