/**
 * The jobs screen's calls (DESIGN §7), back office only: GET /v1/jobs, and POST /v1/jobs/{name}/run
 * (run now, or `retry_of` a failed run), written to the operation log.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobListResponse, JobNameParams, JobRun, RunJobBody } from '@sagano/domain/jobs/job-schemas';
import type { JobsService } from './jobs.service.ts';

export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];

  r.get('/v1/jobs', {
    schema: { tags, response: { 200: JobListResponse } },
    config: { access: 'backOffice' },
  }, async () => deps.jobs.list());

  r.post('/v1/jobs/:name/run', {
    schema: { tags, params: JobNameParams, body: RunJobBody, response: { 200: JobRun } },
    config: { access: 'backOffice', category: 'other', operation: 'jobs.run' },
  }, async (request) => request.mutate((work) => deps.jobs.run(work, request.principal!, request.params.name, request.body.retry_of)));
}
