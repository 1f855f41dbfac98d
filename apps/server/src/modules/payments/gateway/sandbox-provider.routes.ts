/**
 * The sandbox provider's side: what its hosted checkout page (the web app's
 * /sandbox-checkout/:ref) calls. It plays a card provider's test mode, so it answers only to
 * the test card numbers below and never stores a card number; these calls are kept out of the
 * operation log because their bodies carry one. Registered only when the sandbox is the gateway.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { yenOf } from '@sagano/domain/money/yen-e6';
import type { Db } from '../../../db/client.ts';
import { AppError, invalid, notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { newSandboxId, sandboxEvent, type SandboxEventBody } from './sandbox-gateway.ts';
import { checkoutByRef, checkoutRequiresAction, markCheckoutPaid, reopenCheckout } from './sandbox-checkouts.repository.ts';

/** The sandbox's test cards, as a real provider's test mode lists them. */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': 'SUCCEEDS',
  '4000000000000002': 'DECLINED',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000003220': 'REQUIRES_CONFIRMATION',
} as const;

const Ref = z.object({ ref: z.string().min(1).max(64) });
const CheckoutView = z.object({
  ref: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['OPEN', 'REQUIRES_ACTION', 'PAID', 'EXPIRED']),
  return_url: z.string(),
  test_cards: z.array(z.object({ number: z.string(), behaviour: z.string() })),
});
const PayBody = z.object({ card_number: z.string().max(32) });
const ConfirmBody = z.object({ approve: z.boolean() });
const PayResult = z.object({
  outcome: z.enum(['PAID', 'DECLINED', 'REQUIRES_ACTION']),
  reason: z.string().nullable(),
  return_url: z.string(),
});

export function sandboxProviderRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; sendWebhook(body: SandboxEventBody): Promise<void> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['payment sandbox'];

  async function checkout(ref: string) {
    const row = await checkoutByRef(db, ref);
    if (!row) throw notFound('checkout');
    return row;
  }

  /** Marks the checkout paid (once) and sends the signed webhook; a second call answers PAID again. */
  async function pay(ref: string, from: readonly ('OPEN' | 'REQUIRES_ACTION')[]) {
    const transactionId = newSandboxId('ch');
    const paid = await markCheckoutPaid(db, ref, from, transactionId, deps.clock.now());
    if (paid) await deps.sendWebhook(sandboxEvent('checkout.paid', { ref, amount: yenOf(paid.amountE6), currency: paid.currency.toLowerCase(), transaction_id: transactionId }, deps.clock.now()));
  }

  async function decline(ref: string, reason: string) {
    await reopenCheckout(db, ref, deps.clock.now());
    const row = await checkout(ref);
    await deps.sendWebhook(sandboxEvent('checkout.failed', { ref, amount: yenOf(row.amountE6), currency: row.currency.toLowerCase(), reason }, deps.clock.now()));
  }

  r.get('/v1/sandbox-gateway/checkouts/:ref', {
    schema: { tags, params: Ref, response: { 200: CheckoutView } },
    config: { access: 'public' },
  }, async (request) => {
    const row = await checkout(request.params.ref);
    return {
      ref: row.ref,
      amount: yenOf(row.amountE6),
      currency: row.currency,
      description: row.description,
      status: row.status as z.infer<typeof CheckoutView>['status'],
      return_url: row.returnUrl,
      test_cards: Object.entries(SANDBOX_TEST_CARDS).map(([number, behaviour]) => ({ number, behaviour })),
    };
  });

  r.post('/v1/sandbox-gateway/checkouts/:ref/pay', {
    schema: { tags, params: Ref, body: PayBody, response: { 200: PayResult } },
    config: { access: 'public', operationLog: false },
  }, async (request) => {
    const row = await checkout(request.params.ref);
    const answer = (outcome: z.infer<typeof PayResult>['outcome'], reason: string | null = null) => ({ outcome, reason, return_url: row.returnUrl });
    if (row.status === 'PAID') return answer('PAID');
    if (row.status === 'EXPIRED') throw new AppError('STEP_NOT_ALLOWED', 'this checkout has expired: start the payment again from the booking');
    const number = request.body.card_number.replace(/[\s-]/g, '');
    const behaviour = SANDBOX_TEST_CARDS[number as keyof typeof SANDBOX_TEST_CARDS];
    if (!behaviour) throw invalid('card_number', 'use one of the sandbox test card numbers shown on this page');
    if (behaviour === 'SUCCEEDS') {
      await pay(row.ref, ['OPEN', 'REQUIRES_ACTION']);
      return answer('PAID');
    }
    if (behaviour === 'REQUIRES_CONFIRMATION') {
      await checkoutRequiresAction(db, row.ref, deps.clock.now());
      return answer('REQUIRES_ACTION');
    }
    const reason = behaviour === 'INSUFFICIENT_FUNDS' ? 'insufficient_funds' : 'card_declined';
    await decline(row.ref, reason);
    return answer('DECLINED', reason);
  });

  r.post('/v1/sandbox-gateway/checkouts/:ref/confirm', {
    schema: { tags, params: Ref, body: ConfirmBody, response: { 200: PayResult } },
    config: { access: 'public', operationLog: false },
  }, async (request) => {
    const row = await checkout(request.params.ref);
    if (row.status === 'PAID') return { outcome: 'PAID' as const, reason: null, return_url: row.returnUrl };
    if (row.status !== 'REQUIRES_ACTION') throw new AppError('STEP_NOT_ALLOWED', 'nothing to confirm on this checkout');
    if (request.body.approve) {
      await pay(row.ref, ['REQUIRES_ACTION']);
      return { outcome: 'PAID' as const, reason: null, return_url: row.returnUrl };
    }
    await decline(row.ref, 'authentication_failed');
    return { outcome: 'DECLINED' as const, reason: 'authentication_failed', return_url: row.returnUrl };
  });
}
