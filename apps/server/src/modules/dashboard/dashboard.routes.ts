import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardDeparturesQuery, DashboardDeparturesResponse, DashboardSummaryResponse } from '@sagano/domain/dashboard/dashboard-schemas';
import type { DashboardService } from './dashboard.service.ts';

/**
 * The operator's "what needs doing" counts (back office only) and the trains of a day with
 * their groups (back office and station staff). Agents keep their portal's home.
 */
export function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = deps;
  r.get('/v1/dashboard/summary', {
    schema: { tags: ['dashboard'], response: { 200: DashboardSummaryResponse } },
    config: { access: 'backOffice' },
  }, () => dashboard.summary());
  r.get('/v1/dashboard/departures', {
    schema: { tags: ['dashboard'], querystring: DashboardDeparturesQuery, response: { 200: DashboardDeparturesResponse } },
    config: { access: 'operator' },
  }, (request) => dashboard.departures(request.principal!, request.query.date));
}
