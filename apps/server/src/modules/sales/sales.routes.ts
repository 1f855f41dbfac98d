/** Sales management (spec 000 §2 "sales"): the back office's summary of a period; reading only, so not logged. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SalesSummaryQuery, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import type { SalesService } from './sales.service.ts';

export function salesRoutes(app: FastifyInstance, deps: { sales: SalesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/sales/summary', {
    schema: { tags: ['sales'], querystring: SalesSummaryQuery, response: { 200: SalesSummaryResponse } },
    config: { access: 'backOffice' },
  }, async (request) => deps.sales.summary(request.query));
}
