import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AgentListQuery, AgentListResponse } from '@sagano/domain/agents/agent-schemas';
import type { Db } from '../../db/client.ts';
import { listAgents } from './agents.repository.ts';

export function agentsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/agents', {
    schema: { tags: ['agents'], querystring: AgentListQuery, response: { 200: AgentListResponse } },
    config: { access: 'backOffice' },
  }, async (request) => {
    const { total, rows } = await listAgents(deps.db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, agents: rows };
  });
}
