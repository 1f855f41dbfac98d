/**
 * The Stripe adapter's webhook side, verified with the library's own test signature generator:
 * a signed completed checkout becomes a capture in our words, a forged or stale one is refused.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { E6 } from '@sagano/domain/money/yen-e6';
import { createStripeGateway } from './stripe-gateway.ts';
import { GatewayError } from './payment-gateway.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_123');
const gateway = createStripeGateway({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, client: stripe });

function event(type: string, object: object) {
  return JSON.stringify({ id: `evt_${type}`, object: 'event', type, api_version: '2025-01-01', created: 1, livemode: false, pending_webhooks: 1, request: null, data: { object } });
}

const session = { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', amount_total: 18800, currency: 'jpy', payment_intent: 'pi_test_1', status: 'complete' };

describe('the Stripe adapter', () => {
  it('turns a signed completed checkout into a capture in whole yen on the e6 scale', () => {
    const payload = event('checkout.session.completed', session);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(gateway.parseEvent({ rawBody: Buffer.from(payload), headers: { 'stripe-signature': header } })).toEqual({
      action: 'captured',
      eventId: 'evt_checkout.session.completed',
      gatewayRef: 'cs_test_1',
      amountE6: 18800 * E6,
      currency: 'JPY',
      transactionId: 'pi_test_1',
    });
  });

  it('ignores a checkout completed without payment and events it does not use', () => {
    const unpaid = event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    const other = event('customer.created', { id: 'cus_1', object: 'customer' });
    for (const payload of [unpaid, other]) {
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(gateway.parseEvent({ rawBody: Buffer.from(payload), headers: { 'stripe-signature': header } }).action).toBe('ignored');
    }
  });

  it('refuses a wrong secret, a changed body and a stale signature', () => {
    const payload = event('checkout.session.completed', session);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (const [body, header] of [[payload, forged], [payload, stale], [payload.replace('18800', '1'), good]] as const) {
      expect(() => gateway.parseEvent({ rawBody: Buffer.from(body), headers: { 'stripe-signature': header } })).toThrow(GatewayError);
    }
  });
});
