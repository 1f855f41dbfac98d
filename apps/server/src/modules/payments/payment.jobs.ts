/**
 * The payments module's jobs (ADR 010): apply a stored gateway event, refund money nothing is
 * owed for, sweep checkouts whose webhook never came, and (sandbox only) deliver the sandbox
 * provider's signed webhooks with retries, as a real provider would; daily, remind pending
 * payments before their due date and announce those past it (payment-deadlines.ts).
 */
import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { PROCESS_GATEWAY_EVENT, processGatewayEvent, reconcileCheckouts, refundThroughGateway, ingestWebhook, type WebhookDeps } from './payment-webhooks.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './gateway/sandbox-signature.ts';
import { sandboxSecretOf } from './gateway/gateway-registry.ts';
import { SANDBOX_WEBHOOK } from './gateway/sandbox-gateway.ts';
import { announceOverduePayments, remindPendingPayments } from './payment-deadlines.ts';
import { pendingGatewayRefundIds, unprocessedEventIds } from './payments.repository.ts';
import { REFUND_PAYMENT } from './payment-steps.ts';

const webhookDeps = (deps: JobDeps): WebhookDeps => ({ db: deps.db, gateway: deps.gateway, clock: deps.clock, publicUrl: deps.config.publicUrl, jobs: deps.jobs });

export const processGatewayEventJob = defineJob({
  ...PROCESS_GATEWAY_EVENT,
  // Events a previous run stored but did not apply are applied now.
  atStart: async (deps) => (await unprocessedEventIds(deps.db)).map((id) => ({ id })),
  async run(deps, { id }) {
    await processGatewayEvent(webhookDeps(deps), id);
  },
});

/** A card refund record's money goes back through the gateway; a failed call is retried by the queue, and refunds still owed are sent again at start. */
export const refundPaymentJob = defineJob({
  ...REFUND_PAYMENT,
  atStart: async (deps) => (deps.gateway.id === 'sandbox' || deps.gateway.id === 'stripe' ? (await pendingGatewayRefundIds(deps.db)).map((refundId) => ({ refundId })) : []),
  async run(deps, { refundId }) {
    await refundThroughGateway(webhookDeps(deps), refundId);
  },
});

/** Every 15 minutes: card refunds still owed (a job that gave up, a gateway that was down) are sent again. */
export const refundSweepJob = defineJob({
  name: 'payments.refund-sweep',
  payload: z.object({}),
  cron: '*/15 * * * *',
  async run(deps) {
    const ids = await pendingGatewayRefundIds(deps.db);
    for (const refundId of ids) {
      await giveWay(); // ADR 017
      await deps.jobs.send(REFUND_PAYMENT.name, { refundId });
    }
    return { sent: ids.length };
  },
});

export const reconcileCheckoutsJob = defineJob({
  name: 'payments.reconcile',
  payload: z.object({}),
  cron: '*/5 * * * *',
  async run(deps) {
    return { confirmed: await reconcileCheckouts(webhookDeps(deps), deps.config.checkoutReconcileMinutes) };
  },
});

/** The sandbox provider sending one webhook: signed at each attempt, retried by the queue when our side fails. */
export const sandboxWebhookJob = defineJob({
  ...SANDBOX_WEBHOOK,
  enabled: (deps) => deps.gateway.id === 'sandbox',
  async run(deps, { body }) {
    const raw = JSON.stringify(body);
    const signature = signSandboxPayload(sandboxSecretOf(deps.config), raw, deps.clock.now());
    await ingestWebhook(webhookDeps(deps), { rawBody: Buffer.from(raw), headers: { [SANDBOX_SIGNATURE_HEADER]: signature } });
  },
});

/** Daily 09:00 Tokyo: the reminder before each pending payment's due date (payment-deadlines.ts). */
export const remindPaymentsJob = defineJob({
  name: 'payments.remind',
  payload: z.object({}),
  cron: '0 9 * * *',
  run: (deps) => remindPendingPayments({ ...deps, publicUrl: deps.config.publicUrl }, deps.jobRunId),
});

/** Daily 00:20 Tokyo: payments past their due date are announced overdue to both sides, once. */
export const markOverdueJob = defineJob({
  name: 'payments.mark-overdue',
  payload: z.object({}),
  cron: '20 0 * * *',
  run: (deps) => announceOverduePayments({ ...deps, publicUrl: deps.config.publicUrl }, deps.jobRunId),
});
