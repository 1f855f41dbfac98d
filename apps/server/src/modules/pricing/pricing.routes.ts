import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FreeCountPlanBody,
  FreeCountPlanListResponse,
  FreeCountPlanResponse,
  IdParams,
  PricingDateParams,
  PricingOnDateResponse,
  PricingPlanBody,
  PricingPlanListQuery,
  PricingPlanListResponse,
  PricingPlanResponse,
} from '@sagano/domain/pricing/pricing-schemas';
import { ProductBody, ProductListQuery, ProductListResponse, ProductResponse, productSoldOn } from '@sagano/domain/pricing/product-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findFreeCountPlan, listFreeCountPlans } from './free-count-plans.repository.ts';
import { findPricingPlan, listPricingPlans, pricingPlansOn } from './pricing-plans.repository.ts';
import { findProduct, listProducts } from './products.repository.ts';
import type { PricingService } from './pricing.service.ts';

const Ok = z.object({ ok: z.literal(true) });

/**
 * Pricing master data (spec 001 §7.4): group pricing plans, free count plans and products.
 * Writes are back-office only (no `access`); the back office reads the plans (station staff do
 * not); agents read the products (they book with them); the prices in force on
 * a date are public (the customer side reads them). The `/v1/group-product/...` forms of the
 * specification are the same handlers.
 */
export function pricingRoutes(app: FastifyInstance, deps: { db: Db; pricing: PricingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, pricing } = deps;
  const tags = ['pricing'];
  const config = { category: 'master_data' as const };
  const reads = { ...config, access: 'backOffice' as const };

  for (const base of ['/v1/pricing_plans', '/v1/group-product/pricing_plans']) {
    r.get(base, { schema: { tags, querystring: PricingPlanListQuery, response: { 200: PricingPlanListResponse } }, config: reads }, async (request) => ({
      pricing_plans: await listPricingPlans(db, request.query.segment),
    }));

    r.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: PricingPlanResponse } }, config: reads }, async (request) => {
      const plan = await findPricingPlan(db, request.params.id);
      if (!plan) throw notFound('pricing plan');
      return plan;
    });

    r.post(base, { schema: { tags, body: PricingPlanBody, response: { 200: PricingPlanResponse } }, config: { ...config, operation: 'pricing_plans.create' } }, (request) =>
      request.mutate((work) => pricing.createPricingPlan(work, request.body)),
    );

    r.put(
      `${base}/:id`,
      { schema: { tags, params: IdParams, body: PricingPlanBody, response: { 200: PricingPlanResponse } }, config: { ...config, operation: 'pricing_plans.update' } },
      (request) => request.mutate((work) => pricing.changePricingPlan(work, request.params.id, request.body)),
    );

    r.delete(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: Ok } }, config: { ...config, operation: 'pricing_plans.delete' } }, async (request) => {
      await request.mutate((work) => pricing.removePricingPlan(work, request.params.id));
      return { ok: true as const };
    });
  }

  for (const base of ['/v1/free_count_plans', '/v1/group-product/free_count_plans']) {
    r.get(base, { schema: { tags, response: { 200: FreeCountPlanListResponse } }, config: reads }, async () => ({ free_count_plans: await listFreeCountPlans(db) }));

    r.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: FreeCountPlanResponse } }, config: reads }, async (request) => {
      const plan = await findFreeCountPlan(db, request.params.id);
      if (!plan) throw notFound('free count plan');
      return plan;
    });

    r.post(base, { schema: { tags, body: FreeCountPlanBody, response: { 200: FreeCountPlanResponse } }, config: { ...config, operation: 'free_count_plans.create' } }, (request) =>
      request.mutate((work) => pricing.createFreeCountPlan(work, request.body)),
    );
  }

  // The specification changes a free count plan under /v1 and deletes it under /v1/group-product.
  r.put(
    '/v1/free_count_plans/:id',
    { schema: { tags, params: IdParams, body: FreeCountPlanBody, response: { 200: FreeCountPlanResponse } }, config: { ...config, operation: 'free_count_plans.update' } },
    (request) => request.mutate((work) => pricing.changeFreeCountPlan(work, request.params.id, request.body)),
  );

  r.delete(
    '/v1/group-product/free_count_plans/:id',
    { schema: { tags, params: IdParams, response: { 200: Ok } }, config: { ...config, operation: 'free_count_plans.delete' } },
    async (request) => {
      await request.mutate((work) => pricing.removeFreeCountPlan(work, request.params.id));
      return { ok: true as const };
    },
  );

  r.get('/v1/pricing/:date', { schema: { tags, params: PricingDateParams, response: { 200: PricingOnDateResponse } }, config: { access: 'public' } }, async (request) => ({
    date: request.params.date,
    pricing_plans: (await pricingPlansOn(db, request.params.date)).map(({ updated_at: _, ...plan }) => plan),
  }));

  r.get('/v1/products', { schema: { tags, querystring: ProductListQuery, response: { 200: ProductListResponse } }, config: { access: 'backOfficeOrAgent' } }, async (request) => ({
    products: await listProducts(db, request.query.service_dates),
  }));

  r.get('/v1/products/:id', { schema: { tags, params: IdParams, querystring: ProductListQuery, response: { 200: ProductResponse } }, config: { access: 'backOfficeOrAgent' } }, async (request) => {
    const product = await findProduct(db, request.params.id);
    // With service_dates, a product not sold on all of them is not found, as the list leaves it out.
    if (!product || !productSoldOn(product, request.query.service_dates)) throw notFound('product');
    return product;
  });

  r.post('/v1/products', { schema: { tags, body: ProductBody, response: { 200: ProductResponse } }, config: { ...config, operation: 'products.create' } }, (request) =>
    request.mutate((work) => pricing.createProduct(work, request.body)),
  );

  r.put('/v1/products/:id', { schema: { tags, params: IdParams, body: ProductBody, response: { 200: ProductResponse } }, config: { ...config, operation: 'products.update' } }, (request) =>
    request.mutate((work) => pricing.changeProduct(work, request.params.id, request.body)),
  );
}
