import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentGroupDetailResponse,
  AgentListQuery,
  AgentListResponse,
  AgentResponse,
  CreateAgentBody,
  CreateAgentGroupBody,
  CreatedId,
  CreateStaffBody,
  CsvResponse,
  IdParams,
  StaffIdParams,
  StaffListQuery,
  StaffListResponse,
  StaffResponse,
  TwoFactorPolicyBody,
  UpdateAgentBody,
  UpdateAgentGroupBody,
  UpdateStaffBody,
} from '@sagano/domain/agents/agent-schemas';
import type { Db } from '../../db/client.ts';
import { callerOf } from './agent-access.ts';
import { listAgents } from './agents.repository.ts';
import type { AuthService } from '../auth/index.ts';
import { createAgentsService } from './agents.service.ts';

const Ok = z.object({ ok: z.literal(true) });

/** Agents, agent groups and agent staff (spec 001 §7.1); who may do what lives in agent-access.ts. */
export function agentsRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const agents = createAgentsService({ auth: deps.auth });
  const tags = ['agents'];
  const backOffice = { access: 'backOffice' as const, category: 'agents' as const };
  // Open to agent staff as well (agent-access.ts decides what each may do); station staff are refused before the body is read.
  const shared = { access: 'backOfficeOrAgent' as const, category: 'agents' as const };
  const caller = (request: FastifyRequest) => callerOf(request.principal!);

  // ---------- agents ----------

  r.get('/v1/agents', { schema: { tags, querystring: AgentListQuery, response: { 200: AgentListResponse } }, config: backOffice }, async (request) => {
    const { total, rows } = await listAgents(db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, agents: rows };
  });

  r.post('/v1/agents', { schema: { tags, body: CreateAgentBody, response: { 200: CreatedId } }, config: { ...backOffice, operation: 'agents.create' } }, (request) =>
    request.mutate((work) => agents.createAgent(work, request.body)),
  );

  r.get('/v1/agents/:id', { schema: { tags, params: IdParams, response: { 200: AgentResponse } }, config: shared }, (request) =>
    agents.getAgent(db, caller(request), request.params.id),
  );

  r.put('/v1/agents/:id', {
    schema: { tags, params: IdParams, body: UpdateAgentBody, response: { 200: AgentResponse } },
    config: { ...shared, operation: 'agents.update' },
  }, (request) => request.mutate((work) => agents.updateAgent(work, caller(request), request.params.id, request.body)));

  r.delete('/v1/agents/:id', { schema: { tags, params: IdParams, response: { 200: Ok } }, config: { ...shared, operation: 'agents.delete' } }, async (request) => {
    await request.mutate((work) => agents.deleteAgent(work, caller(request), request.params.id));
    return { ok: true as const };
  });

  r.put('/v1/agents/:id/two_factor', {
    schema: { tags, params: IdParams, body: TwoFactorPolicyBody, response: { 200: AgentResponse } },
    config: { ...shared, operation: 'agents.two_factor' },
  }, (request) => request.mutate((work) => agents.setTwoFactor(work, caller(request), request.params.id, request.body.require_totp)));

  r.get('/v1/csv/agents', { schema: { tags, response: { 200: CsvResponse } }, config: backOffice }, () => agents.csv(db));

  // ---------- agent groups ----------

  r.post('/v1/agent_groups', { schema: { tags, body: CreateAgentGroupBody, response: { 200: CreatedId } }, config: { ...shared, operation: 'agent_groups.create' } }, (request) =>
    request.mutate((work) => agents.createGroup(work, caller(request), request.body)),
  );

  r.get('/v1/agent_groups/:id', { schema: { tags, params: IdParams, response: { 200: AgentGroupDetailResponse } }, config: shared }, (request) =>
    agents.getGroup(db, caller(request), request.params.id),
  );

  r.put('/v1/agent_groups/:id', {
    schema: { tags, params: IdParams, body: UpdateAgentGroupBody, response: { 200: AgentGroupDetailResponse } },
    config: { ...shared, operation: 'agent_groups.update' },
  }, (request) => request.mutate((work) => agents.updateGroup(work, caller(request), request.params.id, request.body)));

  r.delete('/v1/agent_groups/:id', { schema: { tags, params: IdParams, response: { 200: Ok } }, config: { ...shared, operation: 'agent_groups.delete' } }, async (request) => {
    await request.mutate((work) => agents.deleteGroup(work, caller(request), request.params.id));
    return { ok: true as const };
  });

  // ---------- agent staff ----------

  r.get('/v1/agent_staffs', { schema: { tags, querystring: StaffListQuery, response: { 200: StaffListResponse } }, config: shared }, async (request) => {
    const { total, rows } = await agents.listStaff(db, caller(request), request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, staffs: rows };
  });

  r.post('/v1/agent_staffs', { schema: { tags, body: CreateStaffBody, response: { 200: StaffResponse } }, config: { ...shared, operation: 'agent_staffs.create' } }, (request) =>
    request.mutate((work) => agents.createStaff(work, caller(request), request.body)),
  );

  r.put('/v1/agent_staffs/:id', {
    schema: { tags, params: StaffIdParams, body: UpdateStaffBody, response: { 200: StaffResponse } },
    config: { ...shared, operation: 'agent_staffs.update' },
  }, (request) => request.mutate((work) => agents.updateStaff(work, caller(request), request.principal!, request.params.id, request.body)));

  r.delete('/v1/agent_staffs/:id', { schema: { tags, params: StaffIdParams, response: { 200: Ok } }, config: { ...shared, operation: 'agent_staffs.delete' } }, async (request) => {
    await request.mutate((work) => agents.deleteStaff(work, caller(request), request.params.id));
    return { ok: true as const };
  });

  r.post('/v1/agent_staffs/:id/send_password_reset_email', {
    schema: { tags, params: StaffIdParams, response: { 200: Ok } },
    config: { ...shared, operation: 'agent_staffs.send_password_reset_email' },
  }, async (request) => {
    await request.mutate((work) => agents.sendPasswordReset(work, caller(request), request.params.id));
    return { ok: true as const };
  });

  r.post('/v1/agent_staffs/:id/unenroll_totp', {
    schema: { tags, params: StaffIdParams, response: { 200: StaffResponse } },
    config: { ...shared, operation: 'agent_staffs.unenroll_totp' },
  }, (request) => request.mutate((work) => agents.unenrollTotp(work, caller(request), request.params.id)));
}
