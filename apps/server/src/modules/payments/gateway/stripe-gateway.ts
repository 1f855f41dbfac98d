/**
 * The Stripe adapter (PAYMENT_GATEWAY=stripe, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): a hosted
 * Checkout Session per payment, the webhook verified with the library's own signature check, and
 * refunds on the captured PaymentIntent. JPY is a zero-decimal currency in Stripe: amounts go as
 * whole yen. Refund webhooks are not mapped: our refunds are recorded when we make them.
 */
import Stripe from 'stripe';
import { e6OfYen, yenOf } from '@sagano/domain/money/yen-e6';
import { GatewayError, type CheckoutState, type GatewayEvent, type PaymentGateway } from './payment-gateway.ts';

const idOf = (value: string | { id: string } | null | undefined): string => (typeof value === 'string' ? value : (value?.id ?? ''));

export function createStripeGateway(options: { secretKey: string; webhookSecret: string; client?: Stripe }): PaymentGateway {
  const stripe = options.client ?? new Stripe(options.secretKey);

  function asGatewayError(error: unknown): never {
    if (error instanceof Stripe.errors.StripeCardError) throw new GatewayError('DECLINED', error.message);
    // A 400/404 is Stripe refusing this request (a refund above the capture, a key reused with
    // other parameters), not an outage: the same request would be refused again (the sandbox agrees).
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) throw new GatewayError('REJECTED', error.message);
    throw new GatewayError('UNAVAILABLE', String((error as Error).message ?? error));
  }

  function paidEvent(eventId: string, session: Stripe.Checkout.Session): GatewayEvent {
    return { action: 'captured', eventId, gatewayRef: session.id, amountE6: e6OfYen(session.amount_total ?? 0), currency: String(session.currency).toUpperCase(), transactionId: idOf(session.payment_intent) };
  }

  return {
    id: 'stripe',
    isSandbox: options.secretKey.startsWith('sk_test_'),

    async createCheckout(request) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: 'jpy', unit_amount: yenOf(request.amountE6), product_data: { name: request.description } } }],
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            client_reference_id: String(request.paymentId),
            metadata: { payment_id: String(request.paymentId) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new GatewayError('UNAVAILABLE', 'Stripe returned no checkout URL');
        return { gatewayRef: session.id, checkoutUrl: session.url };
      } catch (error) {
        if (error instanceof GatewayError) throw error;
        return asGatewayError(error);
      }
    },

    async lookup(gatewayRef): Promise<CheckoutState> {
      try {
        const session = await stripe.checkout.sessions.retrieve(gatewayRef);
        if (session.payment_status === 'paid') {
          return { status: 'PAID', gatewayRef, amountE6: e6OfYen(session.amount_total ?? 0), currency: String(session.currency).toUpperCase(), transactionId: idOf(session.payment_intent) };
        }
        return session.status === 'expired' ? { status: 'EXPIRED' } : { status: 'OPEN' };
      } catch (error) {
        return asGatewayError(error);
      }
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: request.transactionId, amount: yenOf(request.amountE6) }, { idempotencyKey: request.idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        return asGatewayError(error);
      }
    },

    parseEvent({ rawBody, headers }): GatewayEvent {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, Array.isArray(header) ? header[0]! : (header ?? ''), options.webhookSecret);
      } catch (error) {
        throw new GatewayError('SIGNATURE_INVALID', String((error as Error).message ?? error));
      }
      switch (event.type) {
        case 'checkout.session.completed':
          return event.data.object.payment_status === 'paid' ? paidEvent(event.id, event.data.object) : { action: 'ignored', eventId: event.id };
        case 'checkout.session.async_payment_succeeded':
          return paidEvent(event.id, event.data.object);
        case 'checkout.session.async_payment_failed':
          return { action: 'failed', eventId: event.id, gatewayRef: event.data.object.id, reason: 'async_payment_failed' };
        default:
          return { action: 'ignored', eventId: event.id };
      }
    },
  };
}
