/**
 * The settlement calls (spec 001 §7.6, DESIGN §6 "Settlements"): agent settlements by month with
 * totals, a settlement's branches, a branch's payments and monthly invoice PDF, the confirmation
 * of a monthly payment (irreversible) and a billing run now for one agent. The operator's staff
 * see every agent; an agent's staff their own agent's; a branch's staff their own branch's share;
 * station staff none (they handle no money).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentSettlement, AgentSettlementList, AgentSettlementQuery, ConfirmSettlementPaymentBody, GroupSettlementList, RunBillingBody, RunBillingResponse, SettlementPaymentList } from '@sagano/domain/settlements/settlement-schemas';
import type { SettlementsService } from './settlements.service.ts';

const AgentSettlementParams = z.object({ agent_settlement_id: z.coerce.number().int().positive() });
const GroupSettlementParams = z.object({ group_settlement_id: z.coerce.number().int().positive() });

export function settlementsRoutes(app: FastifyInstance, deps: { settlements: SettlementsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settlements } = deps;
  const tags = ['settlements'];
  const category = 'payments' as const;

  r.get('/v1/settlements/agent', {
    schema: { tags, querystring: AgentSettlementQuery, response: { 200: AgentSettlementList } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => settlements.listAgentSettlements(request.principal!, request.query));

  r.get('/v1/settlements/group/:agent_settlement_id', {
    schema: { tags, params: AgentSettlementParams, response: { 200: GroupSettlementList } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => settlements.groupSettlements(request.principal!, request.params.agent_settlement_id));

  r.get('/v1/settlements/payment/:group_settlement_id', {
    schema: { tags, params: GroupSettlementParams, response: { 200: SettlementPaymentList } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => settlements.settlementPayments(request.principal!, request.params.group_settlement_id));

  r.get('/v1/settlements/group/:group_settlement_id/invoice.pdf', {
    schema: { tags, params: GroupSettlementParams },
    config: { access: 'backOfficeOrAgent' },
  }, async (request, reply) => {
    const issued = await settlements.invoicePdf(request.principal!, request.params.group_settlement_id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="invoice-${issued.documentNumber}.pdf"`).header('cache-control', 'no-store').send(issued.pdf);
  });

  r.put('/v1/settlements/payment/:agent_settlement_id', {
    schema: { tags, params: AgentSettlementParams, body: ConfirmSettlementPaymentBody, response: { 200: AgentSettlement } },
    config: { access: 'backOffice', category, operation: 'settlements.confirm_payment' },
  }, async (request) => request.mutate((work) => settlements.confirmPayment(work, request.principal!, request.params.agent_settlement_id, request.body)));

  r.post('/v1/settlements/run', {
    schema: { tags, body: RunBillingBody, response: { 200: RunBillingResponse } },
    config: { access: 'backOffice', category, operation: 'settlements.run' },
  }, async (request) => request.mutate((work) => settlements.runBilling(work, request.principal!, request.body.agent_id)));
}
