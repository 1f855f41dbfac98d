/**
 * The payment steps (DESIGN §6, ADR 012): a card checkout through the gateway, the coupon
 * report, bank transfers, the operator's amount adjustment and the end of a cancellation
 * payment. Each step locks the booking, then the payment, asks the domain's state machine
 * (payment-state.ts), writes the payment and its ledger, the booking's history revision and the
 * notification, all in the caller's transaction. The gateway is never called inside one.
 */
import { randomUUID } from 'node:crypto';
import { applyPaymentStep, discrepancyOf, isSettled, type PaymentRefusal, type PaymentState, type PaymentStep, type PaymentStepInput } from '@sagano/domain/payments/payment-state';
import type { AdjustAmountBody, RecordBankTransferBody, ReportCouponBody, StartCardPaymentResponse } from '@sagano/domain/payments/payment-schemas';
import { addDays } from '@sagano/domain/common/business-date';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jobKey } from '../../jobs/define-job.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/principal.ts';
import { canSee } from '../auth/tenant-scope.ts';
import { callerOf, notify } from '../bookings/booking-steps.ts';
import { recordRevision } from '../bookings/bookings.repository.ts';
import { GatewayError, type PaymentGateway } from './gateway/payment-gateway.ts';
import { standingOf, stateOfPayment } from './payment-presenter.ts';
import { findPayment, paidAttempt, insertAttempt, insertPayment, insertTransaction, lockBookingById, openAttempt, paymentsOfBooking, updateAttempt, updatePayment, type PaymentRow } from './payments.repository.ts';
import { findBookingRow } from '../bookings/bookings.repository.ts';

/** Gives captured money back through the gateway (payment.jobs.ts runs it); with a discrepancy, that discrepancy is settled by it. */
export const REFUND_PAYMENT = jobKey(
  'payments.refund',
  z.object({ paymentId: z.number().int(), gatewayRef: z.string(), transactionId: z.string(), amountE6: z.number().int().positive(), discrepancyId: z.number().int().optional() }),
);

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  clock: Clock;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

/** A discrepancy's extra charge is due this many days after it is opened. */
export const DISCREPANCY_DUE_DAYS = 7;

const FIELD_OF_REFUSAL: Partial<Record<PaymentRefusal, string>> = {
  INVALID_AMOUNT: 'amount',
  AMOUNT_EXCEEDS_REMAINDER: 'amount',
  REASON_REQUIRED: 'reason',
  COUPON_NUMBER_REQUIRED: 'coupon_number',
  DUE_DATE_REQUIRED: 'due_date',
};

const REFUSAL_MESSAGE: Record<PaymentRefusal, string> = {
  PAYMENT_STEP_NOT_ALLOWED: 'this payment does not allow this step now',
  ALREADY_PAID: 'this payment has already been paid',
  TOTAL_FIXED: 'the total of this payment was fixed by an adjustment',
  INVALID_AMOUNT: 'enter a positive whole yen amount',
  AMOUNT_EXCEEDS_REMAINDER: 'the amount is more than what is still owed',
  REFUND_EXCEEDS_PAID: 'the refund is more than what was paid',
  REASON_REQUIRED: 'enter the reason',
  COUPON_NUMBER_REQUIRED: 'enter the coupon number',
  DUE_DATE_REQUIRED: 'a due date is needed',
};

export function refusalError(code: PaymentRefusal): AppError {
  const field = FIELD_OF_REFUSAL[code];
  if (field) return invalid(field, REFUSAL_MESSAGE[code]);
  if (code === 'REFUND_EXCEEDS_PAID') return new AppError('REFUND_EXCEEDS_PAID', REFUSAL_MESSAGE[code]);
  return new AppError('PAYMENT_STEP_NOT_ALLOWED', REFUSAL_MESSAGE[code]);
}

/** The state's fields as the payments row stores them. */
export function rowPatchOf(s: PaymentState): Partial<PaymentRow> {
  return {
    status: s.status,
    paymentMethod: s.method,
    totalAmountE6: s.totalE6,
    paidAmountE6: s.paidE6,
    dueDate: s.dueDate,
    isTotalAmountFixed: s.isTotalAmountFixed,
    isCancellationFeeFixed: s.isCancellationFeeFixed,
    cancelPaymentFinished: s.cancelPaymentFinished,
  };
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

/** Applies a step through the domain's rules (409/400 when refused) and stores the new state. */
export async function takePaymentStep(ctx: PaymentStepContext, step: PaymentStep, input: PaymentStepInput = {}, extra: Partial<PaymentRow> = {}): Promise<PaymentState> {
  const result = applyPaymentStep(stateOfPayment(ctx.payment), step, callerOf(ctx.principal), input);
  if (!result.ok) throw refusalError(result.code);
  await updatePayment(ctx.work.tx, ctx.payment.id, { ...rowPatchOf(result.state), ...extra });
  return result.state;
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

    /**
     * The agent starts a card payment: phase 1 records the attempt (locked, checked), phase 2
     * asks the gateway for a hosted checkout outside any transaction, phase 3 stores its answer.
     * A checkout still open for the same amount is handed back instead of starting another.
     */
    async startCardPayment(principal: Principal, bookingNumber: string, paymentId: number): Promise<StartCardPaymentResponse> {
      const phase1 = await inTransaction(db, async (work) => {
        const ctx = await beginPaymentStep(work, principal, bookingNumber, paymentId);
        const state = stateOfPayment(ctx.payment);
        if (ctx.payment.direction === 'REFUND') throw refusalError('PAYMENT_STEP_NOT_ALLOWED'); // money owed back is not paid in
        const result = applyPaymentStep(state, 'start_card_payment', callerOf(principal));
        if (!result.ok) throw refusalError(result.code);
        const amountE6 = state.totalE6 - state.paidE6;
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
          returnUrl: `${deps.publicUrl}/bookings/${booking.bookingId}?payment=returned`,
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
      await takePaymentStep(ctx, 'report_coupon_issued', { couponNumber: body.coupon_number }, { couponNumber: body.coupon_number, confirmedAt: clock.now() });
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
      const before = stateOfPayment(ctx.payment);
      const after = await takePaymentStep(ctx, 'record_bank_transfer', { amountE6: body.amount });
      const confirmed = after.status === 'PAYMENT_CONFIRMED' && before.status !== 'PAYMENT_CONFIRMED';
      if (confirmed) await updatePayment(work.tx, ctx.payment.id, { confirmedAt: clock.now(), initialPaidAmountE6: ctx.payment.initialPaidAmountE6 ?? after.paidE6 });
      await insertTransaction(work.tx, { paymentId: ctx.payment.id, kind: 'BANK_TRANSFER', amountE6: body.amount, occurredOn: body.transferred_on, note: body.note || null, recordedBy: actorOf(principal) });
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
      const after = await takePaymentStep(ctx, 'adjust_amount', { totalE6: body.total_amount, reason: body.reason }, { adjustReason: body.reason });
      const gap = isSettled(after) ? discrepancyOf(standingOf({ ...ctx.payment, totalAmountE6: after.totalE6 }, await paymentsOfBooking(work.tx, ctx.booking.id)), body.total_amount) : null;
      const discrepancyId = gap ? (await openDiscrepancy(work, ctx.booking, ctx.payment, gap, clock.today())).id : null;
      await recordPaymentRevision(ctx, actorOf(principal));
      return { discrepancy_payment_id: discrepancyId };
    },

    /** PUT /v1/bookings/{id}/set_cancel_payment_finished: irreversible (spec 000 §4). */
    async finishCancelPayment(work: Work, principal: Principal, bookingNumber: string): Promise<void> {
      const ctx = await beginPaymentStep(work, principal, bookingNumber, 'CANCELLATION');
      await takePaymentStep(ctx, 'finish_cancellation_payment', {}, { confirmedAt: clock.now() });
      await recordPaymentRevision(ctx, actorOf(principal));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Opens a discrepancy payment after a change to a settled fare: an extra charge, payable like the
 * fare and due in DISCREPANCY_DUE_DAYS, or money owed back (a card is refunded through the
 * gateway by the refund job; other methods are recorded by the operator).
 */
export async function openDiscrepancy(work: Work, booking: { id: number; agentId: number; agentSubGroupId: number }, fare: PaymentRow, gap: { direction: 'EXTRA' | 'REFUND'; amountE6: number }, today: string): Promise<PaymentRow> {
  const dueDate = gap.direction === 'EXTRA' ? addDays(today, DISCREPANCY_DUE_DAYS) : null;
  const row = await insertPayment(work.tx, {
    bookingId: booking.id,
    kind: 'DISCREPANCY',
    status: 'PAYMENT_PENDING',
    paymentMethod: fare.paymentMethod,
    totalAmountE6: gap.amountE6,
    dueDate,
    normalDueDate: dueDate,
    parentPaymentId: fare.id,
    direction: gap.direction,
  });
  if (gap.direction === 'EXTRA') {
    await notify(work.tx, booking, 'AGENT', 'PAYMENT_REQUEST', 'payment');
    return row;
  }
  // Money owed back: a card payment is refunded through the gateway on the captured transaction.
  const paid = fare.paymentMethod === 'ONLINE_CREDIT_CARD' && fare.transactionId ? await paidAttempt(work.tx, fare.id) : undefined;
  if (paid?.gatewayRef) {
    work.enqueue(REFUND_PAYMENT, { paymentId: fare.id, gatewayRef: paid.gatewayRef, transactionId: fare.transactionId!, amountE6: gap.amountE6, discrepancyId: row.id });
  }
  return row;
}
