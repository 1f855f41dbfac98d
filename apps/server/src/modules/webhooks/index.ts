/** The webhooks module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { classifyAddress, checkWebhookUrl } from './webhook-addresses.ts';
export { deliverWebhook } from './webhook-delivery.ts';
export { registerWebhookFormat, type WebhookRenderInput, type WebhookRenderer } from './webhook-formats.ts';
export { anyEndpointListens, bookingEventInsertSql, deliverWebhookKey, emitBookingEvent, emitPaymentEvent, sendWebhookDeliveries } from './webhook-events.ts';
export { signWebhook } from './webhook-signature.ts';
export { deliverWebhookJob, deliveryDepsOf, sweepWebhooksJob } from './webhooks.jobs.ts';
export { webhooksContract } from './webhooks.openapi.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { createWebhooksService, type OctoEndpoint, type OctoEndpointScope, type WebhooksService } from './webhooks.service.ts';
