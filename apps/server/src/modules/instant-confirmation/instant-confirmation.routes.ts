import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  InstantConfirmationRuleBody,
  InstantConfirmationRuleIdParams,
  InstantConfirmationRuleListResponse,
  InstantConfirmationRuleResponse,
  InstantConfirmationRuleSubmitted,
} from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import type { InstantConfirmationService } from './instant-confirmation.service.ts';

/**
 * The operator's instant confirmation rules (ADR 037), master data with approval: the back office
 * reads them; the operator's admins submit a new rule or a change (answered with the approval to
 * wait for) and turn a rule off at once. Every write is in the operation log.
 */
export function instantConfirmationRoutes(app: FastifyInstance, deps: { rules: InstantConfirmationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rules } = deps;
  const tags = ['instant-confirmation'];
  const config = { category: 'master_data' as const };
  const writes = { ...config, access: 'admin' as const };
  const base = '/v1/instant-confirmation-rules';

  r.get(base, { schema: { tags, response: { 200: InstantConfirmationRuleListResponse } }, config: { ...config, access: 'backOffice' } }, () => rules.list());

  r.get(`${base}/:id`, { schema: { tags, params: InstantConfirmationRuleIdParams, response: { 200: InstantConfirmationRuleResponse } }, config: { ...config, access: 'backOffice' } }, (request) =>
    rules.get(request.params.id),
  );

  r.post(base, { schema: { tags, body: InstantConfirmationRuleBody, response: { 200: InstantConfirmationRuleSubmitted } }, config: { ...writes, operation: 'instant_confirmation_rules.create' } }, (request) =>
    request.mutate((work) => rules.submitRule(work, request.principal!, request.body)),
  );

  r.put(
    `${base}/:id`,
    { schema: { tags, params: InstantConfirmationRuleIdParams, body: InstantConfirmationRuleBody, response: { 200: InstantConfirmationRuleSubmitted } }, config: { ...writes, operation: 'instant_confirmation_rules.update' } },
    (request) => request.mutate((work) => rules.submitRuleChange(work, request.principal!, request.params.id, request.body)),
  );

  r.post(
    `${base}/:id/disable`,
    { schema: { tags, params: InstantConfirmationRuleIdParams, response: { 200: InstantConfirmationRuleResponse } }, config: { ...writes, operation: 'instant_confirmation_rules.disable' } },
    (request) => request.mutate((work) => rules.disableRule(work, request.params.id)),
  );
}
