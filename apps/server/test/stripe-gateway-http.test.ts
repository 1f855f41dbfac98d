/**
 * The Stripe adapter's outbound calls through the real `stripe` SDK, over HTTP, against an
 * in-process fake of Stripe's API: what reaches Stripe is whole yen in JPY (never ×100, never
 * the e6 scale), every create carries the idempotency key the payments module chose (not the
 * SDK's own), a retried or repeated create makes one object, and Stripe's answers come back in
 * the port's words.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E6, e6OfYen } from '@sagano/domain/money/yen-e6';
import { createStripeGateway } from '../src/modules/payments/gateway/stripe-gateway.ts';
import { GatewayError, type CheckoutRequest, type PaymentGateway } from '../src/modules/payments/gateway/payment-gateway.ts';
import { startStripeApiFake, type StripeApiFake } from './support/stripe-api-fake.ts';

let fake: StripeApiFake;
let gateway: PaymentGateway;

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: 41,
  amountE6: e6OfYen(18_800),
  currency: 'JPY',
  description: 'SG-2025-00041 京都ツアー御一行',
  returnUrl: 'https://backoffice.example/bookings/SG-2025-00041?payment=returned',
  idempotencyKey: 'checkout-41-1',
  ...overrides,
});

async function gatewayErrorOf(call: Promise<unknown>): Promise<GatewayError> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

/** A paid checkout of `yen`, as a refund needs one: its PaymentIntent. */
async function paidCheckout(yen: number, key: string): Promise<{ gatewayRef: string; paymentIntent: string }> {
  const { gatewayRef } = await gateway.createCheckout(checkout({ amountE6: e6OfYen(yen), idempotencyKey: key }));
  return { gatewayRef, paymentIntent: fake.markPaid(gatewayRef) };
}

const posts = () => fake.requests.filter((r) => r.method === 'POST');

beforeEach(async () => {
  fake = await startStripeApiFake();
  const client = new Stripe('sk_test_x', { host: '127.0.0.1', port: fake.port, protocol: 'http' });
  gateway = createStripeGateway({ secretKey: 'sk_test_x', webhookSecret: 'whsec_unused', client });
});

afterEach(async () => {
  // Every create went out with the key the payments module chose: the SDK would otherwise send
  // its own random `stripe-node-retry-…` key, which dedupes nothing across our retries.
  expect(posts().length).toBeGreaterThan(0);
  for (const request of posts()) expect(request.headers['idempotency-key'], `${request.path}`).toMatch(/^(checkout|refund)-/);
  for (const request of fake.requests) expect(request.headers.authorization).toBe('Bearer sk_test_x');
  await fake.close();
});

describe('the Stripe adapter over HTTP', () => {
  it('creates a Checkout Session in whole yen, JPY, with the key it was given', async () => {
    const started = await gateway.createCheckout(checkout());

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/checkout/sessions');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers['idempotency-key']).toBe('checkout-41-1');
    expect(request!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '18800',
      'line_items[0][price_data][product_data][name]': 'SG-2025-00041 京都ツアー御一行',
      success_url: 'https://backoffice.example/bookings/SG-2025-00041?payment=returned',
      cancel_url: 'https://backoffice.example/bookings/SG-2025-00041?payment=returned',
      client_reference_id: '41',
      'metadata[payment_id]': '41',
    });

    const [session] = fake.sessions();
    expect(session!.amount_total).toBe(18_800);
    expect(started).toEqual({ gatewayRef: session!.id, checkoutUrl: session!.url });
    expect(started.gatewayRef).toMatch(/^cs_test_/);
  });

  it('makes one session for a repeated key, and another for a new key', async () => {
    const first = await gateway.createCheckout(checkout());
    const again = await gateway.createCheckout(checkout());
    expect(again).toEqual(first);
    expect(fake.sessions()).toHaveLength(1);
    expect(posts().map((r) => r.headers['idempotency-key'])).toEqual(['checkout-41-1', 'checkout-41-1']);

    const second = await gateway.createCheckout(checkout({ idempotencyKey: 'checkout-41-2' }));
    expect(second.gatewayRef).not.toBe(first.gatewayRef);
    expect(fake.sessions()).toHaveLength(2);
  });

  it('makes one session when the answer is lost and the SDK retries with the same key', async () => {
    fake.dropAnswers(1);
    const started = await gateway.createCheckout(checkout({ idempotencyKey: 'checkout-41-lost' }));

    expect(posts()).toHaveLength(2);
    expect(posts().map((r) => r.headers['idempotency-key'])).toEqual(['checkout-41-lost', 'checkout-41-lost']);
    expect(fake.sessions()).toHaveLength(1);
    expect(started.gatewayRef).toBe(fake.sessions()[0]!.id);
  });

  it('looks a session up: paid (amount back on the e6 scale), expired, open', async () => {
    const paid = await gateway.createCheckout(checkout({ idempotencyKey: 'checkout-1' }));
    const expired = await gateway.createCheckout(checkout({ idempotencyKey: 'checkout-2' }));
    const open = await gateway.createCheckout(checkout({ idempotencyKey: 'checkout-3' }));
    const paymentIntent = fake.markPaid(paid.gatewayRef);
    fake.markExpired(expired.gatewayRef);

    expect(await gateway.lookup(paid.gatewayRef)).toEqual({ status: 'PAID', gatewayRef: paid.gatewayRef, amountE6: 18_800 * E6, currency: 'JPY', transactionId: paymentIntent });
    expect(paymentIntent).toMatch(/^pi_/);
    expect(await gateway.lookup(expired.gatewayRef)).toEqual({ status: 'EXPIRED' });
    expect(await gateway.lookup(open.gatewayRef)).toEqual({ status: 'OPEN' });

    const gets = fake.requests.filter((r) => r.method === 'GET');
    expect(gets.map((r) => r.path)).toEqual([paid, expired, open].map((s) => `/v1/checkout/sessions/${s.gatewayRef}`));
  });

  it('refunds in whole yen on the PaymentIntent with its key; the same key twice makes one refund', async () => {
    const { gatewayRef, paymentIntent } = await paidCheckout(18_800, 'checkout-41-1');
    const request = { gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(5_000), idempotencyKey: 'refund-41-all' };

    const first = await gateway.refund(request);
    const again = await gateway.refund(request);

    const refundCalls = posts().filter((r) => r.path === '/v1/refunds');
    expect(refundCalls).toHaveLength(2);
    for (const call of refundCalls) {
      expect(call.form).toEqual({ payment_intent: paymentIntent, amount: '5000' });
      expect(call.headers['idempotency-key']).toBe('refund-41-all');
    }
    expect(fake.refunds()).toHaveLength(1);
    expect(fake.refunds()[0]).toMatchObject({ amount: 5_000, currency: 'jpy', payment_intent: paymentIntent, status: 'succeeded' });
    expect(first).toEqual({ refundId: fake.refunds()[0]!.id });
    expect(first.refundId).toMatch(/^re_/);
    expect(again).toEqual(first);
  });

  it('answers REJECTED when Stripe refuses a refund above what is left of the capture, and refunds nothing', async () => {
    const { gatewayRef, paymentIntent } = await paidCheckout(18_800, 'checkout-41-1');

    const whole = await gatewayErrorOf(gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(18_801), idempotencyKey: 'refund-41-a' }));
    expect(whole.code).toBe('REJECTED');
    expect(whole.message).toMatch(/greater than/);
    expect(fake.refunds()).toHaveLength(0);

    await gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(10_000), idempotencyKey: 'refund-41-b' });
    const rest = await gatewayErrorOf(gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(8_801), idempotencyKey: 'refund-41-c' }));
    expect(rest.code).toBe('REJECTED');
    await gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(8_800), idempotencyKey: 'refund-41-d' });
    expect(fake.refunds().map((r) => r.amount)).toEqual([10_000, 8_800]);
  });

  it('answers REJECTED when a key is reused for another amount, and refunds nothing more', async () => {
    const { gatewayRef, paymentIntent } = await paidCheckout(18_800, 'checkout-41-1');
    await gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(1_000), idempotencyKey: 'refund-41-all' });

    const error = await gatewayErrorOf(gateway.refund({ gatewayRef, transactionId: paymentIntent, amountE6: e6OfYen(2_000), idempotencyKey: 'refund-41-all' }));
    expect(error.code).toBe('REJECTED');
    expect(fake.refunds().map((r) => r.amount)).toEqual([1_000]);
  });

  it('answers UNAVAILABLE when Stripe cannot be reached', async () => {
    const gone = await startStripeApiFake();
    await gone.close();
    const client = new Stripe('sk_test_x', { host: '127.0.0.1', port: gone.port, protocol: 'http', maxNetworkRetries: 0 });
    const offline = createStripeGateway({ secretKey: 'sk_test_x', webhookSecret: 'whsec_unused', client });

    const error = await gatewayErrorOf(offline.createCheckout(checkout()));
    expect(error.code).toBe('UNAVAILABLE');
    // The same request to a Stripe that answers goes through.
    await expect(gateway.createCheckout(checkout())).resolves.toMatchObject({ gatewayRef: expect.stringMatching(/^cs_test_/) });
  });
});
