/**
 * The built-in sandbox card provider (DESIGN §6): the default gateway, used by the demo and the
 * tests. It behaves like a real provider's test mode: a hosted checkout page (the web app's
 * /sandbox-checkout/:ref, labelled as a sandbox), test card numbers that succeed, decline or need
 * an extra confirmation, and webhooks signed with HMAC-SHA256 over a timestamp and the body, sent
 * asynchronously with retries. It keeps its own checkouts (sandbox_checkouts); the payments module
 * never reads them, only this adapter does, exactly as it would ask a remote provider.
 */
import { createHash, randomBytes } from 'node:crypto';
import { yenOf, e6OfYen } from '@sagano/domain/money/yen-e6';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { jobKey } from '../../../jobs/define-job.ts';
import { GatewayError, type CheckoutState, type GatewayEvent, type PaymentGateway } from './payment-gateway.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature.ts';
import { checkoutByIdempotencyKey, checkoutByRef, insertCheckout, refundCheckout, refundMade } from './sandbox-checkouts.repository.ts';

/** The sandbox's webhook body (its own wire format, shaped like a real provider's). */
export interface SandboxEventBody {
  id: string;
  type: 'checkout.paid' | 'checkout.failed' | 'charge.refunded';
  created: number;
  data: { ref: string; amount: number; currency: string; transaction_id?: string; reason?: string; refund_id?: string; refund_key?: string };
}

/** The sandbox sending one webhook (payment.jobs.ts runs it, with retries). */
export const SANDBOX_WEBHOOK = jobKey('payments.sandbox-webhook', z.object({ body: z.record(z.string(), z.unknown()) }));

export interface SandboxGatewayDeps {
  db: Db;
  publicUrl: string;
  secret: string;
  now(): Date;
  /** Sends a webhook asynchronously (a job with retries). */
  sendWebhook(body: SandboxEventBody): Promise<void>;
}

export const newSandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function sandboxEvent(type: SandboxEventBody['type'], data: SandboxEventBody['data'], now: Date): SandboxEventBody {
  return { id: newSandboxId('evt'), type, created: Math.floor(now.getTime() / 1000), data };
}

export function createSandboxGateway(deps: SandboxGatewayDeps): PaymentGateway {
  return {
    id: 'sandbox',
    isSandbox: true,

    async createCheckout(request) {
      const ref = newSandboxId('cs');
      // The idempotency key makes a retried call answer the same checkout.
      await insertCheckout(deps.db, { ref, idempotencyKey: request.idempotencyKey, amountE6: request.amountE6, currency: request.currency, description: request.description, returnUrl: request.returnUrl });
      const row = await checkoutByIdempotencyKey(deps.db, request.idempotencyKey);
      if (!row) throw new GatewayError('UNAVAILABLE', 'the sandbox could not create the checkout');
      // The page is on the site the payer is on, so they stay on one address through the payment.
      return { gatewayRef: row.ref, checkoutUrl: `${request.siteUrl ?? deps.publicUrl}/sandbox-checkout/${row.ref}` };
    },

    async lookup(gatewayRef): Promise<CheckoutState> {
      const row = await checkoutByRef(deps.db, gatewayRef);
      if (!row || row.status === 'EXPIRED') return { status: 'EXPIRED' };
      if (row.status === 'PAID') return { status: 'PAID', gatewayRef, amountE6: row.amountE6, currency: row.currency, transactionId: row.transactionId! };
      return { status: 'OPEN' };
    },

    async refund(request) {
      // One refund per idempotency key, as a real provider: a retried call answers the refund already made.
      const refundId = `re_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const row = await refundCheckout(deps.db, { gatewayRef: request.gatewayRef, amountE6: request.amountE6, idempotencyKey: request.idempotencyKey });
      if (!row) {
        if (await refundMade(deps.db, request.gatewayRef, request.idempotencyKey)) return { refundId };
        throw new GatewayError('REJECTED', 'the sandbox refused the refund: nothing paid, or more than was paid');
      }
      await deps.sendWebhook(sandboxEvent('charge.refunded', { ref: request.gatewayRef, amount: yenOf(request.amountE6), currency: 'jpy', refund_id: refundId, refund_key: request.idempotencyKey }, deps.now()));
      return { refundId };
    },

    parseEvent({ rawBody, headers }): GatewayEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const body = rawBody.toString('utf8');
      if (!verifySandboxSignature(deps.secret, body, Array.isArray(header) ? header[0] : header, deps.now())) {
        throw new GatewayError('SIGNATURE_INVALID', 'the webhook signature is missing, wrong or too old');
      }
      let event: SandboxEventBody;
      try {
        event = JSON.parse(body) as SandboxEventBody;
      } catch {
        throw new GatewayError('SIGNATURE_INVALID', 'the webhook body is not JSON');
      }
      const d = event.data ?? ({} as SandboxEventBody['data']);
      if (typeof event.id !== 'string' || typeof d.ref !== 'string') throw new GatewayError('SIGNATURE_INVALID', 'the webhook has no event id or checkout');
      switch (event.type) {
        case 'checkout.paid':
          return { action: 'captured', eventId: event.id, gatewayRef: d.ref, amountE6: e6OfYen(d.amount), currency: String(d.currency).toUpperCase(), transactionId: String(d.transaction_id) };
        case 'checkout.failed':
          return { action: 'failed', eventId: event.id, gatewayRef: d.ref, reason: String(d.reason ?? 'declined') };
        case 'charge.refunded':
          return { action: 'refunded', eventId: event.id, gatewayRef: d.ref, amountE6: e6OfYen(d.amount), refundId: String(d.refund_id), ...(d.refund_key ? { requestKey: d.refund_key } : {}) };
        default:
          return { action: 'ignored', eventId: event.id };
      }
    },
  };
}
