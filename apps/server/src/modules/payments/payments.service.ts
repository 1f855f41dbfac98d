/**
 * The payment steps (DESIGN §6, ADR 012): a card checkout through the gateway, the coupon
 * report, bank transfers, the operator's amount adjustment and the end of a cancellation
 * payment. Each step locks the booking, then the payment, asks the domain's state machine
 * (payment-state.ts), writes the payment and its ledger, the booking's history revision and the
 * notification, all in the caller's transaction. The gateway is never called inside one.
 */
import { randomUUID } from 'node:crypto';
import { applyPaymentStep, isSettled, type PaymentStep, type PaymentStepInput } from '@sagano/domain/payments/payment-state';
import { refundRouteOf } from '@sagano/domain/payments/payment-ledger';
import { owedE6 } from '@sagano/domain/payments/money-terms';
import type { AdjustAmountBody, RecordBankTransferBody, RecordRefundPaidBody, RefundBody, RefundResponse, ReportCouponBody, StartCardPaymentResponse } from '@sagano/domain/payments/payment-schemas';
import type { Db, Executor } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError, alreadyConfirmed, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { callerOf, notify, recordRevision, findBookingRow } from '../booking-core/index.ts';
import { GatewayError, type PaymentGateway } from './gateway/payment-gateway.ts';
import { presentBookingMoney, presentRefund, refundableE6, stateOfPayment } from './payment-presenter.ts';
import { openPriceDifference, openRefund, recordMoney, refusalError, settleRefund, takeStep } from './payment-steps.ts';
import { findPayment, insertAttempt, ledgerOfBooking, lockBookingById, openAttempt, paymentByIdempotencyKey, paymentsOfBooking, updateAttempt, type PaymentRow } from './payments.repository.ts';

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  clock: Clock;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

export type LockedPaymentBooking = NonNullable<Awaited<ReturnType<typeof lockBookingById>>>;

export interface PaymentStepContext {
  work: Work;
  principal: Principal;
  booking: LockedPaymentBooking;
  payment: PaymentRow;
}

/** Locks the booking (404 outside the caller's scope) and then the payment (404 when it is not this booking's). */
export async function beginPaymentStep(work: Work, principal: Principal, bookingNumber: string, paymentId: number | 'FARE' | 'CANCELLATION'): Promise<PaymentStepContext> {
  const row = await findBookingRow(work.tx, bookingNumber);
  if (!row || !canSee(principal, row)) throw notFound('booking');
  const booking = await lockBookingById(work.tx, row.id);
  if (!booking) throw notFound('booking');
  let payment: PaymentRow | undefined;
  if (typeof paymentId === 'number') {
    payment = await findPayment(work.tx, paymentId, { lock: true });
    if (payment && payment.bookingId !== booking.id) payment = undefined;
  } else {
    payment = (await paymentsOfBooking(work.tx, booking.id, { lock: true })).filter((p) => p.kind === paymentId).at(-1);
  }
  if (!payment) throw notFound('payment');
  return { work, principal, booking, payment };
}

/** Applies a step through the one door (payment-steps.ts) as the caller. */
export async function takePaymentStep(ctx: PaymentStepContext, step: PaymentStep, input: PaymentStepInput = {}, extra: Partial<PaymentRow> = {}): Promise<PaymentRow> {
  return takeStep(ctx.work, ctx.payment, step, callerOf(ctx.principal), input, extra);
}

/** The booking's history revision for a payment step (the snapshot carries the payment). */
export async function recordPaymentRevision(ctx: { work: Work; booking: LockedPaymentBooking }, by: string): Promise<void> {
  await recordRevision(ctx.work.tx, ctx.booking.id, 'UPDATE', {}, by);
}

const actorOf = (principal: Principal) => principal.user.email;

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateway, clock } = deps;

  return {
    gateway,

    /** A booking's payments as stored (read only: demo data and tests pick one to act on). */
    paymentsOf: (executor: Executor, bookingDbId: number) => paymentsOfBooking(executor, bookingDbId),

    /**
     * The agent starts a card payment: phase 1 records the attempt (locked, checked), phase 2
     * asks the gateway for a hosted checkout outside any transaction, phase 3 stores its answer.
     * A checkout still open for the same amount is handed back instead of starting another.
     * `siteUrl` is the site as the agent reached it (lib/return-base-url.ts): the checkout
     * returns there, so the browser comes back with its session (PUBLIC_URL by default).
     */
    async startCardPayment(principal: Principal, bookingNumber: string, paymentId: number, siteUrl = deps.publicUrl): Promise<StartCardPaymentResponse> {
      const phase1 = await inTransaction(db, async (work) => {
        const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
        const state = stateOfPayment(ctx.payment);
        if (ctx.payment.direction === 'REFUND') throw refusalError('PAYMENT_STEP_NOT_ALLOWED'); // money owed back is not paid in
        const result = applyPaymentStep(state, 'start_card_payment', callerOf(principal));
        if (!result.ok) throw refusalError(result.code);
        const amountE6 = owedE6(state);
        const open = await openAttempt(work.tx, ctx.payment.id, amountE6);
        if (open?.checkoutUrl) return { checkoutUrl: open.checkoutUrl, attempt: undefined, booking: undefined };
        const attempt = await insertAttempt(work.tx, { paymentId: ctx.payment.id, gateway: gateway.id, amountE6, idempotencyKey: `checkout-${ctx.payment.id}-${randomUUID()}`, startedBy: actorOf(principal) });
        return { checkoutUrl: undefined, attempt, booking: ctx.booking };
      }, { jobs: deps.jobs });
      if (phase1.checkoutUrl !== undefined) return { checkout_url: phase1.checkoutUrl };
      const { attempt, booking } = phase1;
      let started;
      try {
        started = await gateway.createCheckout({
          paymentId: attempt.paymentId,
          amountE6: attempt.amountE6,
          currency: 'JPY',
          description: `${booking.bookingId} ${booking.groupName}`,
          returnUrl: `${siteUrl}/bookings/${booking.bookingId}?payment=returned`,
          siteUrl,
          idempotencyKey: attempt.idempotencyKey,
        });
      } catch (error) {
        await updateAttempt(db, attempt.id, { status: 'FAILED', failureReason: String((error as Error).message ?? error).slice(0, 500) });
        if (error instanceof GatewayError && error.code === 'DECLINED') throw new AppError('PAYMENT_DECLINED', error.message);
        throw new AppError('GATEWAY_UNAVAILABLE', 'the payment service could not start the checkout; try again in a moment');
      }
      await updateAttempt(db, attempt.id, { gatewayRef: started.gatewayRef, checkoutUrl: started.checkoutUrl });
      return { checkout_url: started.checkoutUrl };
    },

    /** The agent reports the coupon issued (COUPON_CONFIRMED); the operator is told. */
    async reportCoupon(work: Work, principal: Principal, bookingNumber: string, paymentId: number, body: ReportCouponBody): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
      const after = await takePaymentStep(ctx, 'report_coupon_issued', { couponNumber: body.coupon_number }, { couponNumber: body.coupon_number, confirmedAt: clock.now() });
      // The coupon is worth what it covers: received, by coupon (a cancellation applies it to the fee).
      const covered = after.paidAmountE6 - ctx.payment.paidAmountE6;
      if (covered > 0) await recordMoney(work, { paymentId: ctx.payment.id, kind: 'COUPON', amountE6: covered, occurredOn: clock.today(), note: body.coupon_number, recordedBy: actorOf(principal) });
      await recordPaymentRevision(ctx, actorOf(principal));
      await notify(work.tx, ctx.booking, 'ADMIN', 'COUPON', 'payment');
    },

    /** The operator corrects a reported coupon number. */
    async correctCouponNumber(work: Work, principal: Principal, bookingNumber: string, paymentId: number, body: ReportCouponBody): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
      await takePaymentStep(ctx, 'correct_coupon_number', { couponNumber: body.coupon_number }, { couponNumber: body.coupon_number });
      await recordPaymentRevision(ctx, actorOf(principal));
    },

    /** The operator records a bank transfer (or other offline money) received; it confirms the payment once covered. */
    async recordBankTransfer(work: Work, principal: Principal, bookingNumber: string, paymentId: number, body: RecordBankTransferBody): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
      const after = await takePaymentStep(ctx, 'record_bank_transfer', { amountE6: body.amount });
      const confirmed = after.status === 'PAYMENT_CONFIRMED' && ctx.payment.status !== 'PAYMENT_CONFIRMED';
      await recordMoney(work, { paymentId: ctx.payment.id, kind: 'BANK_TRANSFER', amountE6: body.amount, occurredOn: body.transferred_on, note: body.note || null, recordedBy: actorOf(principal) });
      await recordPaymentRevision(ctx, actorOf(principal));
      if (confirmed) await notify(work.tx, ctx.booking, 'AGENT', 'PAYMENT_RECEIVED', 'payment');
    },

    /**
     * POST /v1/bookings/{id}/adjust_amount: the operator sets the fare's total with a reason. The
     * total is fixed from then on (re-pricing leaves it alone). On a settled payment the
     * difference opens a discrepancy: an extra charge or a refund.
     */
    async adjustAmount(work: Work, principal: Principal, bookingNumber: string, body: AdjustAmountBody): Promise<{ discrepancy_payment_id: number | null }> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, 'FARE');
      // A settled fare keeps the total it was settled at (a pending one lowered below what was paid
      // settles at what was paid); the new total opens a discrepancy against where the fare stands,
      // so sales and settlements count the difference once. A pending fare otherwise takes the new total.
      // A fare already on a monthly invoice keeps the total it was invoiced at (the invoice stands):
      // the new total is a difference for the next invoice, as for a settled fare.
      const invoiced = ctx.payment.monthlyInvoiceId !== null;
      const after = await takePaymentStep(ctx, 'adjust_amount', { totalE6: invoiced ? ctx.payment.totalAmountE6 : body.total_amount, reason: body.reason }, { adjustReason: body.reason });
      const opened = isSettled(stateOfPayment(after)) || invoiced ? await openPriceDifference(work, ctx.booking, after, await paymentsOfBooking(work.tx, ctx.booking.id, { lock: true }), body.total_amount, clock.today(), { publicUrl: deps.publicUrl }) : null;
      const discrepancyId = opened?.id ?? null;
      await recordPaymentRevision(ctx, actorOf(principal));
      return { discrepancy_payment_id: discrepancyId };
    },

    /** PUT /v1/bookings/{id}/set_cancel_payment_finished: irreversible (spec 000 §4); a second time answers who finished it and when. */
    async finishCancelPayment(work: Work, principal: Principal, bookingNumber: string): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, 'CANCELLATION');
      if (ctx.payment.cancelPaymentFinished) throw alreadyConfirmed('the cancellation payment', ctx.payment.confirmedAt ?? ctx.payment.updatedAt, ctx.payment.confirmedBy);
      await takePaymentStep(ctx, 'finish_cancellation_payment', {}, { confirmedAt: clock.now(), confirmedBy: actorOf(principal) });
      await recordPaymentRevision(ctx, actorOf(principal));
    },

    /**
     * POST …/payments/{payment_id}/refund: the operator gives back all or part of what the booking
     * holds (never more than was received, less refunds made or owed), with a reason; through the
     * gateway for a card, as a credit on the next monthly invoice for a monthly agent, recorded as
     * paid back for the others. One refund per key: a double click or a retry answers the first.
     */
    async refund(work: Work, principal: Principal, bookingNumber: string, paymentId: number, body: RefundBody, headerKey: string | undefined): Promise<RefundResponse> {
      const key = headerKey ?? body.idempotency_key ?? null;
      const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
      const replay = key ? await paymentByIdempotencyKey(work.tx, `refund:${key}`) : undefined;
      if (replay) {
        if (replay.bookingId !== ctx.booking.id || replay.totalAmountE6 !== body.amount) throw new AppError('CONFLICT', 'this idempotency key was used for another refund');
        return refundAnswer(work, principal, ctx.booking, replay);
      }
      const payments = await paymentsOfBooking(work.tx, ctx.booking.id, { lock: true });
      const available = refundableE6(payments);
      await takePaymentStep(ctx, 'refund', { amountE6: body.amount, availableE6: available });
      const route = refundRouteOf(ctx.payment.paymentMethod);
      const record = await openRefund(
        work,
        ctx.booking,
        { parent: ctx.payment, amountE6: body.amount, reason: 'OPERATOR', requestedBy: actorOf(principal), note: body.reason, idempotencyKey: key ? `refund:${key}` : null, ...(route === 'RECORDED' ? { paidOn: clock.today() } : {}) },
        { publicUrl: deps.publicUrl },
      );
      await recordPaymentRevision(ctx, actorOf(principal));
      return refundAnswer(work, principal, ctx.booking, record);
    },

    /** POST …/payments/{refund_payment_id}/refund_paid: the operator records that a refund owed (coupon, other) was paid back. */
    async recordRefundPaid(work: Work, principal: Principal, bookingNumber: string, refundId: number, body: RecordRefundPaidBody): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, refundId);
      if (ctx.payment.direction !== 'REFUND' || refundRouteOf(ctx.payment.paymentMethod) !== 'RECORDED') throw refusalError('PAYMENT_STEP_NOT_ALLOWED');
      const remaining = owedE6({ totalE6: ctx.payment.totalAmountE6, paidE6: ctx.payment.paidAmountE6 });
      if (ctx.payment.status !== 'PAYMENT_PENDING' || remaining <= 0) throw alreadyConfirmed('this refund', ctx.payment.confirmedAt ?? ctx.payment.updatedAt, ctx.payment.confirmedBy);
      await settleRefund(work, ctx.booking, ctx.payment, { amountE6: remaining, occurredOn: body.paid_on, recordedBy: actorOf(principal), note: body.note || null, caller: callerOf(principal) }, { publicUrl: deps.publicUrl });
      await recordPaymentRevision(ctx, actorOf(principal));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** The refund as it stands, with the booking's account after it. */
async function refundAnswer(work: Work, principal: Principal, booking: LockedPaymentBooking, record: PaymentRow): Promise<RefundResponse> {
  const payments = await paymentsOfBooking(work.tx, booking.id);
  const entries = await ledgerOfBooking(work.tx, booking.id);
  const fresh = payments.find((p) => p.id === record.id) ?? record;
  return {
    refund: presentRefund(fresh, { caller: callerOf(principal), bookingNumber: booking.bookingId }),
    booking_money: presentBookingMoney(booking.status, payments, entries),
  };
}

