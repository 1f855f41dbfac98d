/**
 * Booking and payment events for agents' systems (ADR 038): written in the transaction of the
 * step that causes them, as an outbox mail is, and delivered by `webhooks.deliver` once that
 * transaction has committed. A step that rolls back leaves no event.
 */
import { z } from 'zod';
import type { WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';
import { jobKey } from '../../jobs/define-job.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { insertBookingEvent } from './webhooks.repository.ts';

export { anyEndpointListens, bookingEventInsertSql } from './webhooks.repository.ts';

/** The delivery job's key: one delivery attempt (its row is the truth; the sweep picks up a lost send). */
export const deliverWebhookKey = jobKey('webhooks.deliver', z.object({ id: z.number().int().positive() }));

/** Sends the delivery job for each delivery written in this transaction, after its commit. */
export function sendWebhookDeliveries(work: Work, deliveryIds: readonly number[]): void {
  for (const id of deliveryIds) work.enqueue(deliverWebhookKey, { id });
}

/** A booking's event on its own statement; the booking kernel writes its steps' events with the revision (recordStep). */
export async function emitBookingEvent(work: Work, bookingDbId: number, type: WebhookEventType, extra: Record<string, unknown> = {}): Promise<void> {
  sendWebhookDeliveries(work, await insertBookingEvent(work.tx, { bookingDbId }, type, extra));
}

/** Money received or refunded on a payment (the payments module's money door): an event of the payment's booking. */
export async function emitPaymentEvent(work: Work, paymentId: number, type: WebhookEventType, extra: Record<string, unknown> = {}): Promise<void> {
  sendWebhookDeliveries(work, await insertBookingEvent(work.tx, { paymentId }, type, extra));
}
