/**
 * One delivery attempt, outside any transaction (ADR 038): the delivery is claimed for a minute,
 * its address checked again (DNS may have changed since registration), the body signed and POSTed,
 * and the outcome recorded: 2xx delivered; otherwise the next attempt after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, then FAILED.
 */
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '@sagano/domain/webhooks/webhook-schemas';
import type { Executor } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { AddressRefused, checkWebhookUrl, type AddressRules } from './webhook-addresses.ts';
import { deliverWebhookKey } from './webhook-events.ts';
import { webhookRendererOf } from './webhook-formats.ts';
import { postWebhook, type AttemptResult } from './webhook-http.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { abandonDelivery, claimDelivery, recordAttempt } from './webhooks.repository.ts';

/** A claim outlasts the 10 s attempt: a sweep running meanwhile does not send the delivery twice. */
const CLAIM_SECONDS = 60;

/** What a secret is sealed to: its agent (a sealed secret copied to another agent's row does not open). */
export const secretOwner = (agentId: number) => `webhook-endpoint:agent:${agentId}`;

export interface DeliveryDeps {
  db: Executor;
  clock: Clock;
  secrets: SecretBox;
  rules: AddressRules;
  /** Where the retry is sent (with its delay); without, the sweep finds it when it is due. */
  jobs?: JobSender | undefined;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

export async function deliverWebhook(deps: DeliveryDeps, id: number): Promise<DeliveryOutcome> {
  const now = deps.clock.now();
  const claimed = await claimDelivery(deps.db, id, now, CLAIM_SECONDS);
  if (!claimed) return 'skipped'; // delivered, failed, not yet due, or another worker has it
  if (!claimed.enabled) {
    await abandonDelivery(deps.db, id, 'the endpoint is switched off');
    return 'failed';
  }
  let payload: unknown = claimed.payload;
  if (claimed.format !== 'STANDARD') {
    const render = webhookRendererOf(claimed.format);
    payload = render
      ? await render({ deliveryId: claimed.id, endpointId: claimed.endpoint_id, url: claimed.url, eventType: claimed.event_type, bookingId: claimed.booking_id, payload: claimed.payload })
      : null;
    if (payload === null || payload === undefined) {
      await abandonDelivery(deps.db, id, render ? `nothing to send in the ${claimed.format} format for this event (booking ${claimed.booking_id ?? 'none'})` : `no renderer is registered for the ${claimed.format} format`);
      return 'failed';
    }
  }
  const body = JSON.stringify(payload);
  let result: AttemptResult;
  try {
    const target = await checkWebhookUrl(claimed.url, deps.rules);
    const secret = deps.secrets.open(claimed.secret_sealed, secretOwner(claimed.agent_id));
    result = await postWebhook(target, webhookHeaders(secret, claimed.message_id, now, body), body);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    result = { ok: false, code: null, error: `not sent: ${error.message}` };
  }
  const delay = result.ok ? undefined : WEBHOOK_RETRY_DELAYS_SECONDS[claimed.attempts];
  const nextAttemptAt = delay === undefined ? null : new Date(now.getTime() + delay * 1000);
  await recordAttempt(deps.db, id, now, { delivered: result.ok, code: result.code, error: result.ok ? null : result.error, nextAttemptAt });
  if (result.ok) return 'delivered';
  if (delay === undefined) return 'failed';
  await deps.jobs?.send(deliverWebhookKey.name, { id }, { startAfter: delay });
  return 'retry';
}
