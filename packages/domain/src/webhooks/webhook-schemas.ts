/**
 * Webhooks to agents' own systems (issue 37): an agent admin registers endpoints (URL, events,
 * optionally one branch); each booking event is delivered signed as the Standard Webhooks
 * specification says, with retries, and listed with its attempts (ADR 038).
 */
import { z } from 'zod';
import { PagingQuery, pageEnvelope } from '../common/paging.ts';

/** The events an endpoint may subscribe to, in the order a booking meets them. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.reserved',
  'booking.refused',
  'booking.confirmed',
  'booking.seats_assigned',
  'booking.voucher_sent',
  'booking.documents_outdated',
  'booking.change_approved',
  'booking.change_declined',
  'booking.cancellation_confirmed',
  'payment.received',
  'payment.refunded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send a test event" delivers: no endpoint subscribes to it, every endpoint may receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** How an endpoint's deliveries are written: STANDARD (this product's events, managed on /v1) or OCTO (the OCTO standard's booking_update, managed over /octo, ADR 039). */
export const WEBHOOK_ENDPOINT_FORMATS = ['STANDARD', 'OCTO'] as const;
export type WebhookEndpointFormat = (typeof WEBHOOK_ENDPOINT_FORMATS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Waits before each retry after a failed attempt (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; then FAILED. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000] as const;

export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 100;

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const WebhookEndpointIdParams = z.object({ id });
export const WebhookDeliveryParams = z.object({ id, delivery_id: id });

const url = z.string().trim().min(1, 'enter the address').max(MAX_WEBHOOK_URL);
const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'choose at least one event').max(WEBHOOK_EVENT_TYPES.length);

export const CreateWebhookEndpointBody = z.object({
  url,
  events,
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION).default(''),
  /** Only this branch's bookings (one of the agent's own groups); absent or null: every booking of the agent. */
  branch_id: id.nullable().optional(),
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z.object({
  url: url.optional(),
  events: events.optional(),
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION).optional(),
  branch_id: id.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpointRow = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  enabled: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string(),
});
export type WebhookEndpointRow = z.infer<typeof WebhookEndpointRow>;

export const WebhookEndpointListResponse = z.object({ webhook_endpoints: z.array(WebhookEndpointRow) });
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponse>;

/** Creating an endpoint or rotating its secret: the only answers that carry the secret (`whsec_…`). */
export const WebhookEndpointWithSecret = WebhookEndpointRow.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDeliveryRow = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  /** The Standard Webhooks message id (`webhook-id`): the same on every attempt, so a receiver can drop repeats. */
  message_id: z.string(),
  event_type: z.string(),
  booking_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRow>;

export const WebhookDeliveryQuery = PagingQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryListResponse = pageEnvelope('deliveries', WebhookDeliveryRow);
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponse>;
