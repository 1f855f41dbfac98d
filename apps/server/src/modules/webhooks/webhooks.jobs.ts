/**
 * The webhooks module's jobs (ADR 038): deliver one event once its transaction has committed, and
 * a sweep every minute for retries that are due and sends that were lost. Both need the server's
 * secret key (TOTP_SECRET_KEY or the data folder's key file) to open the endpoints' secrets.
 */
import { z } from 'zod';
import { createSecretBox } from '../../lib/secret-box.ts';
import { defineJob, type JobDeps } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { deliverWebhook, type DeliveryDeps } from './webhook-delivery.ts';
import { deliverWebhookKey } from './webhook-events.ts';
import { dueDeliveryIds } from './webhooks.repository.ts';

const withKey = (deps: JobDeps) => deps.config.totpSecretKey !== undefined;

export function deliveryDepsOf(deps: JobDeps): DeliveryDeps {
  return { db: deps.db, clock: deps.clock, secrets: createSecretBox(deps.config.totpSecretKey!), rules: { allowLoopback: deps.config.webhooksAllowLoopback }, jobs: deps.jobs };
}

export const deliverWebhookJob = defineJob({
  ...deliverWebhookKey,
  enabled: withKey,
  async run(deps, { id }) {
    await deliverWebhook(deliveryDepsOf(deps), id);
  },
});

export const sweepWebhooksJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}),
  cron: '* * * * *',
  enabled: withKey,
  // Deliveries left pending by a previous run go out now rather than at the next sweep.
  atStart: async () => [{}],
  async run(deps) {
    const outcomes = { delivered: 0, retry: 0, failed: 0, skipped: 0 };
    const delivery = deliveryDepsOf(deps);
    for (const id of await dueDeliveryIds(deps.db, deps.clock.now(), 100)) {
      await giveWay(); // ADR 017
      outcomes[await deliverWebhook(delivery, id)]++;
    }
    return outcomes;
  },
});
