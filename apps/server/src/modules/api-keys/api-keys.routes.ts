import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKeyIdParams, ApiKeyListResponse, ApiKeyRow, CreateApiKeyBody, CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import type { ApiKeysService } from './api-keys.service.ts';

/** The agent portal's API keys (issue 21): agent admins only; a key itself never reaches them. */
export function apiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];
  const config = { access: 'agent' as const, category: 'agents' as const };

  r.get('/v1/api-keys', { schema: { tags, response: { 200: ApiKeyListResponse } }, config }, async (request) => ({
    api_keys: await deps.apiKeys.list(request.principal!),
  }));

  r.post('/v1/api-keys', { schema: { tags, body: CreateApiKeyBody, response: { 200: CreatedApiKeyResponse } }, config: { ...config, operation: 'api_keys.create' } }, (request) =>
    // The key is shown once, to the caller: the log keeps the rest of the answer.
    request.mutate((work) => deps.apiKeys.create(work, request.principal!, request.body), { logged: ({ key: _key, ...rest }) => ({ ...rest, key: '[REDACTED]' }) }),
  );

  r.delete('/v1/api-keys/:id', { schema: { tags, params: ApiKeyIdParams, response: { 200: ApiKeyRow } }, config: { ...config, operation: 'api_keys.revoke' } }, (request) =>
    request.mutate((work) => deps.apiKeys.revoke(work, request.principal!, request.params.id)),
  );
}
