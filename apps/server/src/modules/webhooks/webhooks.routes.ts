import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryListResponse,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookDeliveryRow,
  WebhookEndpointIdParams,
  WebhookEndpointListResponse,
  WebhookEndpointRow,
  WebhookEndpointWithSecret,
} from '@sagano/domain/webhooks/webhook-schemas';
import type { WebhooksService } from './webhooks.service.ts';

/** The secret is shown once, to the caller: the operation log keeps the rest of the answer. */
const withoutSecret = ({ secret: _secret, ...rest }: WebhookEndpointWithSecret) => ({ ...rest, secret: '[REDACTED]' });

/** The agent portal's webhooks (issue 37): agent admins only; API keys and branch users are refused. */
export function webhooksRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const config = { access: 'agent' as const, category: 'agents' as const };
  const { webhooks } = deps;

  r.get('/v1/webhook-endpoints', { schema: { tags, response: { 200: WebhookEndpointListResponse } }, config }, async (request) => ({
    webhook_endpoints: await webhooks.list(request.principal!),
  }));

  r.post('/v1/webhook-endpoints', { schema: { tags, body: CreateWebhookEndpointBody, response: { 200: WebhookEndpointWithSecret } }, config: { ...config, operation: 'webhook_endpoints.create' } }, (request) =>
    request.mutate((work) => webhooks.create(work, request.principal!, request.body), { logged: withoutSecret }),
  );

  r.put('/v1/webhook-endpoints/:id', { schema: { tags, params: WebhookEndpointIdParams, body: UpdateWebhookEndpointBody, response: { 200: WebhookEndpointRow } }, config: { ...config, operation: 'webhook_endpoints.update' } }, (request) =>
    request.mutate((work) => webhooks.update(work, request.principal!, request.params.id, request.body)),
  );

  r.delete('/v1/webhook-endpoints/:id', { schema: { tags, params: WebhookEndpointIdParams, response: { 200: WebhookEndpointRow } }, config: { ...config, operation: 'webhook_endpoints.delete' } }, (request) =>
    request.mutate((work) => webhooks.remove(work, request.principal!, request.params.id)),
  );

  r.post('/v1/webhook-endpoints/:id/rotate-secret', { schema: { tags, params: WebhookEndpointIdParams, response: { 200: WebhookEndpointWithSecret } }, config: { ...config, operation: 'webhook_endpoints.rotate_secret' } }, (request) =>
    request.mutate((work) => webhooks.rotateSecret(work, request.principal!, request.params.id), { logged: withoutSecret }),
  );

  r.post('/v1/webhook-endpoints/:id/test', { schema: { tags, params: WebhookEndpointIdParams, response: { 200: WebhookDeliveryRow } }, config: { ...config, operation: 'webhook_endpoints.send_test' } }, (request) =>
    request.mutate((work) => webhooks.sendTest(work, request.principal!, request.params.id)),
  );

  r.get('/v1/webhook-endpoints/:id/deliveries', { schema: { tags, params: WebhookEndpointIdParams, querystring: WebhookDeliveryQuery, response: { 200: WebhookDeliveryListResponse } }, config }, (request) =>
    webhooks.deliveries(request.principal!, request.params.id, request.query),
  );

  r.post('/v1/webhook-endpoints/:id/deliveries/:delivery_id/redeliver', { schema: { tags, params: WebhookDeliveryParams, response: { 200: WebhookDeliveryRow } }, config: { ...config, operation: 'webhook_endpoints.redeliver' } }, (request) =>
    request.mutate((work) => webhooks.redeliver(work, request.principal!, request.params.id, request.params.delivery_id)),
  );
}
