import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationTermBody,
  ApplicationTermIdParams,
  ApplicationTermListResponse,
  ApprovalSubmittedResponse,
  ServiceTermIdParams,
} from '@sagano/domain/arrangements/arrangement-schemas';
import type { ArrangementsService } from './arrangements.service.ts';

/** Which pattern applies to which trains when; new terms and changes go through approval. */
export function applicationTermsRoutes(app: FastifyInstance, deps: { arrangements: ArrangementsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { arrangements } = deps;
  const config = { category: 'master_data' as const };
  const tags = ['arrangements'];

  r.get(
    '/v1/service-terms/:service_term_id/arrangements-application-terms',
    { schema: { tags, params: ServiceTermIdParams, response: { 200: ApplicationTermListResponse } }, config },
    (request) => arrangements.listApplicationTermsOf(request.params.service_term_id),
  );

  r.post(
    '/v1/service-terms/:service_term_id/arrangements-application-terms',
    { schema: { tags, params: ServiceTermIdParams, body: ApplicationTermBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'arrangements.submit_application_term' } },
    (request) => request.mutate((work) => arrangements.submitApplicationTerm(work, request.principal!, request.params.service_term_id, request.body)),
  );

  r.put(
    '/v1/arrangements-application-terms/:id',
    { schema: { tags, params: ApplicationTermIdParams, body: ApplicationTermBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'arrangements.submit_application_term_change' } },
    (request) => request.mutate((work) => arrangements.submitApplicationTermChange(work, request.principal!, request.params.id, request.body)),
  );
}
