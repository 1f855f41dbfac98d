import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationTermBody,
  ApplicationTermIdParams,
  ApplicationTermListResponse,
  ApprovalSubmittedResponse,
  ServiceTermIdParams,
} from '@sagano/domain/arrangements/arrangement-schemas';
import type { Db } from '../../db/client.ts';
import './application-terms.approvals.ts';
import { listApplicationTermsOf, submitApplicationTerm, submitApplicationTermChange } from './application-terms.service.ts';

/** Which pattern applies to which trains when; new terms and changes go through approval. */
export function applicationTermsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const config = { category: 'master_data' as const };
  const tags = ['arrangements'];

  r.get(
    '/v1/service-terms/:service_term_id/arrangements-application-terms',
    { schema: { tags, params: ServiceTermIdParams, response: { 200: ApplicationTermListResponse } }, config },
    (request) => listApplicationTermsOf(db, request.params.service_term_id),
  );

  r.post(
    '/v1/service-terms/:service_term_id/arrangements-application-terms',
    { schema: { tags, params: ServiceTermIdParams, body: ApplicationTermBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'arrangements.submit_application_term' } },
    (request) => request.mutate((work) => submitApplicationTerm(work, request.principal!, request.params.service_term_id, request.body)),
  );

  r.put(
    '/v1/arrangements-application-terms/:id',
    { schema: { tags, params: ApplicationTermIdParams, body: ApplicationTermBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'arrangements.submit_application_term_change' } },
    (request) => request.mutate((work) => submitApplicationTermChange(work, request.principal!, request.params.id, request.body)),
  );
}
