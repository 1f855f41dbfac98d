/**
 * The card gateway chosen by configuration (PAYMENT_GATEWAY): the built-in sandbox by default,
 * Stripe where a real install uses it.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { JobSender } from '../../../jobs/job-queue.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway, SANDBOX_WEBHOOK, type SandboxEventBody } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** The sandbox's signing secret: SANDBOX_WEBHOOK_SECRET, else derived from the two-factor key every server shares. */
export function sandboxSecretOf(config: Config): string {
  if (config.sandboxWebhookSecret) return config.sandboxWebhookSecret;
  return createHmac('sha256', config.totpSecretKey ?? Buffer.from('sagano-sandbox')).update('sandbox-webhook-secret').digest('hex');
}

export function gatewayFromConfig(config: Config, deps: { db: Db; clock: Clock; jobs?: JobSender | undefined }): PaymentGateway {
  if (config.paymentGateway === 'stripe') {
    if (!config.stripeSecretKey || !config.stripeWebhookSecret) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return createStripeGateway({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret });
  }
  return createSandboxGateway({
    db: deps.db,
    publicUrl: config.publicUrl,
    secret: sandboxSecretOf(config),
    now: () => deps.clock.now(),
    sendWebhook: async (body: SandboxEventBody) => {
      await deps.jobs?.send(SANDBOX_WEBHOOK.name, { body }, { retryLimit: 8, retryDelay: 2, retryBackoff: true });
    },
  });
}
