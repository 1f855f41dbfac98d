import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryListResponse,
  WebhookDeliveryRow,
  WebhookDeliveryStatus,
  WebhookEndpointListResponse,
  WebhookEndpointRow,
  WebhookEndpointWithSecret,
} from '@sagano/domain/webhooks/webhook-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { portalKeys } from './portal-keys.ts';

/** GET /v1/webhook-endpoints: the agent's endpoints, never their secrets. */
export function webhookEndpointsQueryOptions() {
  return queryOptions({ queryKey: portalKeys.webhookEndpoints, queryFn: () => apiClient.get<WebhookEndpointListResponse>('/v1/webhook-endpoints') });
}

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}

/** GET /v1/webhook-endpoints/{id}/deliveries: newest first; read again every few seconds while shown (deliveries finish after the call). */
export function useWebhookDeliveries(endpointId: number | null, page: number, status: WebhookDeliveryStatus | '') {
  return useQuery({
    queryKey: portalKeys.webhookDeliveries(endpointId ?? 0, page, status),
    queryFn: () => apiClient.get<WebhookDeliveryListResponse>(apiPath('/v1/webhook-endpoints/{id}/deliveries', { id: endpointId! }), { page, per_page: 20, ...(status ? { status } : {}) }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 3_000,
  });
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalKeys.webhookEndpoints });
}

/** POST /v1/webhook-endpoints: the answer carries the signing secret, shown once. */
export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) => apiClient.post<WebhookEndpointWithSecret>('/v1/webhook-endpoints', body),
    // The form shows the error itself, under the field it names.
    meta: { silentError: true },
    onSuccess: invalidate,
  });
}

/** PUT /v1/webhook-endpoints/{id}: the enabled switch, or the address and events. */
export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookEndpointBody }) => apiClient.put<WebhookEndpointRow>(apiPath('/v1/webhook-endpoints/{id}', { id }), body),
    onSuccess: invalidate,
  });
}

/** POST /v1/webhook-endpoints/{id}/rotate-secret: a new secret at once, shown once. */
export function useRotateWebhookSecret() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<WebhookEndpointWithSecret>(apiPath('/v1/webhook-endpoints/{id}/rotate-secret', { id }), {}),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<WebhookEndpointRow>(apiPath('/v1/webhook-endpoints/{id}', { id })),
    onSuccess: invalidate,
  });
}

/** POST /v1/webhook-endpoints/{id}/test: a webhook.test event, delivered seconds later. */
export function useSendWebhookTest() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<WebhookDeliveryRow>(apiPath('/v1/webhook-endpoints/{id}/test', { id }), {}),
    onSuccess: invalidate,
  });
}

/** POST …/deliveries/{delivery_id}/redeliver: the same event again, its retries from the start. */
export function useRedeliverWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) => apiClient.post<WebhookDeliveryRow>(apiPath('/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver', { id, delivery_id: deliveryId }), {}),
    onSuccess: invalidate,
  });
}
