import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyListResponse, ApiKeyRow, CreateApiKeyBody, CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { portalKeys } from './portal-keys.ts';

/** GET /v1/api-keys: the agent's keys (revoked ones too), never the keys themselves. */
export function getApiKeys(): Promise<ApiKeyListResponse> {
  return apiClient.get<ApiKeyListResponse>('/v1/api-keys');
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: portalKeys.apiKeys, queryFn: getApiKeys });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** POST /v1/api-keys: the answer carries the key, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiClient.post<CreatedApiKeyResponse>('/v1/api-keys', body),
    // The form shows the error itself.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.apiKeys }),
  });
}

/** DELETE /v1/api-keys/{id}: the key answers 401 from now on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<ApiKeyRow>(apiPath('/v1/api-keys/{id}', { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.apiKeys }),
  });
}
