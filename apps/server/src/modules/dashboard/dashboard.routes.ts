import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardDeparturesQuery, DashboardDeparturesResponse, DashboardSummaryResponse } from '@sagano/domain/dashboard/dashboard-schemas';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { dashboardDepartures, dashboardSummary } from './dashboard.service.ts';

/**
 * The operator's "what needs doing" counts (back office only) and the trains of a day with
 * their groups (back office and station staff). Agents keep their portal's home.
 */
export function dashboardRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  r.get('/v1/dashboard/summary', {
    schema: { tags: ['dashboard'], response: { 200: DashboardSummaryResponse } },
    config: { access: 'backOffice' },
  }, () => dashboardSummary(db, clock));
  r.get('/v1/dashboard/departures', {
    schema: { tags: ['dashboard'], querystring: DashboardDeparturesQuery, response: { 200: DashboardDeparturesResponse } },
    config: { access: 'operator' },
  }, (request) => dashboardDepartures(db, request.principal!, request.query.date ?? clock.today()));
}
