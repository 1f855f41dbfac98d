/**
 * Delivery formats other than this product's own events (ADR 038, ADR 039): a module registers a
 * renderer for its format (the octo module for OCTO's booking_update) and, at delivery, an
 * endpoint of that format gets as body what the renderer answers for the delivery. No renderer, or
 * a null answer (the booking is not one of that format's), abandons the delivery.
 */
import type { WebhookEndpointFormat } from '@sagano/domain/webhooks/webhook-schemas';

/** What a renderer is given: the claimed delivery and its endpoint. */
export interface WebhookRenderInput {
  deliveryId: number;
  endpointId: number;
  url: string;
  eventType: string;
  /** The booking's public number (null for a test event). */
  bookingId: string | null;
  /** The product's own event (type, timestamp, data). */
  payload: Record<string, unknown>;
}

export type WebhookRenderer = (delivery: WebhookRenderInput) => Promise<unknown>;

const renderers = new Map<WebhookEndpointFormat, WebhookRenderer>();

/** The body of an endpoint of `format`; app.ts registers each at start (a second registration replaces the first). */
export function registerWebhookFormat(format: Exclude<WebhookEndpointFormat, 'STANDARD'>, renderer: WebhookRenderer): void {
  renderers.set(format, renderer);
}

export function webhookRendererOf(format: WebhookEndpointFormat): WebhookRenderer | undefined {
  return renderers.get(format);
}
