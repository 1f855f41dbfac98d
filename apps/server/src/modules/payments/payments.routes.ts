/**
 * The payment calls (DESIGN §6): card checkout, coupon report and correction, bank transfers,
 * the amount adjustment and the end of a cancellation payment on a booking; the gateway's webhook
 * inbox; and, with the sandbox gateway, the sandbox provider's own calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingIdParams } from '@sagano/domain/bookings/booking-schemas';
import { AdjustAmountBody, RecordBankTransferBody, RecordRefundPaidBody, RefundBody, RefundResponse, ReportCouponBody, StartCardPaymentResponse } from '@sagano/domain/payments/payment-schemas';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/app-error.ts';
import { returnBaseUrl } from '../../lib/return-base-url.ts';
import { sandboxProviderRoutes } from './gateway/sandbox-provider.routes.ts';
import { SANDBOX_WEBHOOK } from './gateway/sandbox-gateway.ts';
import { ingestWebhook } from './payment-webhooks.ts';
import type { PaymentsService } from './payments.service.ts';

const PaymentParams = BookingIdParams.extend({ payment_id: z.coerce.number().int().positive() });
const Ok = z.object({ ok: z.literal(true) });
const GatewayParams = z.object({ gateway: z.string().max(20) });

export function paymentsRoutes(app: FastifyInstance, deps: { db: Db; payments: PaymentsService; clock: Clock; publicUrl: string; port: number; jobs?: JobSender | undefined }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = deps;
  const tags = ['payments'];
  const category = 'payments' as const;

  // Three phases around the gateway call, so no request.mutate: the operation log's onSend fallback records it.
  r.post('/v1/bookings/:booking_id/payments/:payment_id/checkout', {
    schema: { tags, params: PaymentParams, response: { 200: StartCardPaymentResponse } },
    config: { access: 'agent', category, operation: 'payments.start_card_payment' },
  }, async (request) => payments.startCardPayment(request.principal!, request.params.booking_id, request.params.payment_id, returnBaseUrl(request, deps)));

  r.post('/v1/bookings/:booking_id/payments/:payment_id/report_coupon', {
    schema: { tags, params: PaymentParams, body: ReportCouponBody, response: { 200: Ok } },
    config: { access: 'agent', category, operation: 'payments.report_coupon' },
  }, async (request) => {
    await request.mutate((work) => payments.reportCoupon(work, request.principal!, request.params.booking_id, request.params.payment_id, request.body), { bookingId: request.params.booking_id });
    return { ok: true as const };
  });

  r.put('/v1/bookings/:booking_id/payments/:payment_id/coupon_number', {
    schema: { tags, params: PaymentParams, body: ReportCouponBody, response: { 200: Ok } },
    config: { access: 'backOffice', category, operation: 'payments.correct_coupon_number' },
  }, async (request) => {
    await request.mutate((work) => payments.correctCouponNumber(work, request.principal!, request.params.booking_id, request.params.payment_id, request.body), { bookingId: request.params.booking_id });
    return { ok: true as const };
  });

  r.post('/v1/bookings/:booking_id/payments/:payment_id/bank_transfers', {
    schema: { tags, params: PaymentParams, body: RecordBankTransferBody, response: { 200: Ok } },
    config: { access: 'backOffice', category, operation: 'payments.record_bank_transfer' },
  }, async (request) => {
    await request.mutate((work) => payments.recordBankTransfer(work, request.principal!, request.params.booking_id, request.params.payment_id, request.body), { bookingId: request.params.booking_id });
    return { ok: true as const };
  });

  // The operator gives money back (all or part of what the booking holds); the Idempotency-Key header makes a retry one refund.
  r.post('/v1/bookings/:booking_id/payments/:payment_id/refund', {
    schema: { tags, params: PaymentParams, body: RefundBody, headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }).passthrough(), response: { 200: RefundResponse } },
    config: { access: 'backOffice', category, operation: 'payments.refund' },
  }, async (request) =>
    request.mutate((work) => payments.refund(work, request.principal!, request.params.booking_id, request.params.payment_id, request.body, request.headers['idempotency-key']), { bookingId: request.params.booking_id }));

  r.post('/v1/bookings/:booking_id/payments/:payment_id/refund_paid', {
    schema: { tags, params: PaymentParams, body: RecordRefundPaidBody, response: { 200: Ok } },
    config: { access: 'backOffice', category, operation: 'payments.record_refund_paid' },
  }, async (request) => {
    await request.mutate((work) => payments.recordRefundPaid(work, request.principal!, request.params.booking_id, request.params.payment_id, request.body), { bookingId: request.params.booking_id });
    return { ok: true as const };
  });

  r.post('/v1/bookings/:booking_id/adjust_amount', {
    schema: { tags, params: BookingIdParams, body: AdjustAmountBody, response: { 200: z.object({ discrepancy_payment_id: z.number().int().nullable() }) } },
    config: { access: 'backOffice', category, operation: 'bookings.adjust_amount' },
  }, async (request) => request.mutate((work) => payments.adjustAmount(work, request.principal!, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  r.put('/v1/bookings/:booking_id/set_cancel_payment_finished', {
    schema: { tags, params: BookingIdParams, response: { 200: Ok } },
    config: { access: 'backOffice', category, operation: 'bookings.set_cancel_payment_finished' },
  }, async (request) => {
    await request.mutate((work) => payments.finishCancelPayment(work, request.principal!, request.params.booking_id), { bookingId: request.params.booking_id });
    return { ok: true as const };
  });

  // The gateway's webhooks: the raw body is what the signature covers.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/v1/payment-webhooks/:gateway', {
      schema: { tags, params: GatewayParams, response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
      config: { access: 'public', operationLog: false },
    }, async (request) => {
      if (request.params.gateway !== payments.gateway.id) throw notFound('payment gateway');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
      const { duplicate } = await ingestWebhook({ db: deps.db, gateway: payments.gateway, clock: deps.clock, publicUrl: deps.publicUrl, jobs: deps.jobs }, { rawBody, headers: request.headers });
      return { received: true as const, duplicate };
    });
  });

  if (payments.gateway.id === 'sandbox') {
    sandboxProviderRoutes(app, {
      db: deps.db,
      clock: deps.clock,
      sendWebhook: async (body) => {
        await deps.jobs?.send(SANDBOX_WEBHOOK.name, { body }, { retryLimit: 8, retryDelay: 2, retryBackoff: true });
      },
    });
  }
}
