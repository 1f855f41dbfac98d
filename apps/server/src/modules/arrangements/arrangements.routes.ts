import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArrangementPatternBody,
  ArrangementPatternIdParams,
  ArrangementPatternListResponse,
  ArrangementPatternResponse,
} from '@sagano/domain/arrangements/arrangement-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findPattern, listPatterns } from './arrangement-patterns.repository.ts';
import type { ArrangementsService } from './arrangements.service.ts';
import { applicationTermsRoutes } from './application-terms.routes.ts';

const Ok = z.object({ ok: z.literal(true) });

/** Arrangement patterns (which type owns each seat) and their application terms: back office only. */
export function arrangementsRoutes(app: FastifyInstance, deps: { db: Db; arrangements: ArrangementsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, arrangements } = deps;
  const config = { category: 'master_data' as const };
  const tags = ['arrangements'];

  r.get('/v1/arrangements-patterns', { schema: { tags, response: { 200: ArrangementPatternListResponse } }, config }, async () => ({
    arrangement_patterns: await listPatterns(db),
  }));

  r.get('/v1/arrangements-patterns/:id', { schema: { tags, params: ArrangementPatternIdParams, response: { 200: ArrangementPatternResponse } }, config }, async (request) => {
    const pattern = await findPattern(db, request.params.id);
    if (!pattern) throw notFound('arrangement pattern');
    return pattern;
  });

  r.post('/v1/arrangements-patterns', { schema: { tags, body: ArrangementPatternBody, response: { 200: ArrangementPatternResponse } }, config: { ...config, operation: 'arrangements.create_pattern' } }, (request) =>
    request.mutate((work) => arrangements.createArrangementPattern(work, request.body)),
  );

  r.put(
    '/v1/arrangements-patterns/:id',
    { schema: { tags, params: ArrangementPatternIdParams, body: ArrangementPatternBody, response: { 200: ArrangementPatternResponse } }, config: { ...config, operation: 'arrangements.update_pattern' } },
    (request) => request.mutate((work) => arrangements.updateArrangementPattern(work, request.params.id, request.body)),
  );

  r.delete('/v1/arrangements-patterns/:id', { schema: { tags, params: ArrangementPatternIdParams, response: { 200: Ok } }, config: { ...config, operation: 'arrangements.delete_pattern' } }, async (request) => {
    await request.mutate((work) => arrangements.deleteArrangementPattern(work, request.params.id));
    return { ok: true as const };
  });

  applicationTermsRoutes(app, { arrangements });
}
