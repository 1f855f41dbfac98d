/**
 * The gateway's side coming back (ADR 012): webhooks are verified, stored once in an inbox
 * (gateway_events, unique per event id) and applied by the `payments.process-event` job; the
 * reconcile sweep asks the gateway about checkouts still open, so a lost webhook does not leave a
 * paid booking unpaid; money that arrives for a booking that no longer owes it is refunded.
 * Applying an event is idempotent: in any order and any number of times, one effect.
 */
import { mayTakePayment } from '@sagano/domain/payments/payment-state';
import { owedE6 } from '@sagano/domain/payments/money-terms';
import type { Db } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { notify, recordRevision } from '../booking-core/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { GatewayError, type GatewayEvent, type PaymentGateway } from './gateway/payment-gateway.ts';
import { paymentReceivedMail } from './payment-mails.ts';
import { stateOfPayment } from './payment-presenter.ts';
import { attemptByRef, capturesOfBooking, ledgerHasReference, findPayment, insertGatewayEvent, lockBookingById, lockUnprocessedEvent, markEventProcessed, paidAttempt, stalePendingAttempts, updateAttempt } from './payments.repository.ts';
import { z } from 'zod';
import { jobKey } from '../../jobs/define-job.ts';
import { openRefund, recordCardCapture, recordMoney, settleRefund, takeSystemStep } from './payment-steps.ts';

/** Applies a stored gateway event (payment.jobs.ts runs it). */
export const PROCESS_GATEWAY_EVENT = jobKey('payments.process-event', z.object({ id: z.number().int() }));

export interface WebhookDeps {
  db: Db;
  gateway: PaymentGateway;
  clock: Clock;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

/** Verifies and stores a webhook; answers whether it was new. A forged or stale one is refused (400) and nothing is stored. */
export async function ingestWebhook(deps: WebhookDeps, request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): Promise<{ duplicate: boolean }> {
  let event: GatewayEvent;
  try {
    event = deps.gateway.parseEvent(request);
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('GATEWAY_SIGNATURE_INVALID', error.message);
    throw error;
  }
  return inTransaction(deps.db, async (work) => {
    const id = await insertGatewayEvent(work.tx, { gateway: deps.gateway.id, eventId: event.eventId, action: event.action, event });
    if (id !== undefined) work.enqueue(PROCESS_GATEWAY_EVENT, { id });
    return { duplicate: id === undefined };
  }, { jobs: deps.jobs });
}

/** Applies one stored event (once: a processed event is skipped). Answers its outcome, or 'skipped'. */
export async function processGatewayEvent(deps: WebhookDeps, id: number): Promise<string> {
  return inTransaction(deps.db, async (work) => {
    const row = await lockUnprocessedEvent(work.tx, id);
    if (!row) return 'skipped';
    const outcome = await applyEvent(work, deps, row.event as GatewayEvent);
    await markEventProcessed(work.tx, id, outcome, deps.clock.now());
    return outcome;
  }, { jobs: deps.jobs });
}

async function applyEvent(work: Work, deps: WebhookDeps, event: GatewayEvent): Promise<string> {
  if (event.action === 'ignored') return 'IGNORED';
  const found = await attemptByRef(work.tx, deps.gateway.id, event.gatewayRef);
  if (!found) return 'UNKNOWN_CHECKOUT';
  const paymentRow = await findPayment(work.tx, found.paymentId);
  const booking = paymentRow && (await lockBookingById(work.tx, paymentRow.bookingId));
  const payment = booking && (await findPayment(work.tx, found.paymentId, { lock: true }));
  const attempt = await attemptByRef(work.tx, deps.gateway.id, event.gatewayRef, { lock: true });
  if (!booking || !payment || !attempt) return 'UNKNOWN_CHECKOUT';
  const link = `${deps.publicUrl}/bookings/${booking.bookingId}`;

  if (event.action === 'failed') {
    if (attempt.status === 'PENDING') await updateAttempt(work.tx, attempt.id, { failureReason: event.reason });
    return 'DECLINE_NOTED';
  }

  if (event.action === 'refunded') {
    // Our own refunds are recorded when the gateway answers the refund call (refundThroughGateway),
    // on their refund record; the gateway's notice of them changes nothing.
    if (event.requestKey?.startsWith('refund-')) return 'REFUND_NOTED';
    if (await ledgerHasReference(work.tx, 'REFUND', event.refundId)) return 'DUPLICATE';
    // A refund made at the provider (its dashboard): money went back, recorded once on a refund
    // record of its own (reason OPERATOR: it lowers what the booking costs).
    const record = await openRefund(work, booking, { parent: payment, amountE6: event.amountE6, reason: 'OPERATOR', requestedBy: deps.gateway.id, note: `refund ${event.refundId} made at the payment provider` }, { publicUrl: deps.publicUrl }, { dispatch: false });
    await settleRefund(work, booking, record, { amountE6: event.amountE6, occurredOn: deps.clock.today(), recordedBy: deps.gateway.id, reference: event.refundId }, { publicUrl: deps.publicUrl });
    await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
    return 'REFUNDED';
  }

  // captured
  if (event.currency !== 'JPY' || event.amountE6 !== attempt.amountE6) {
    await updateAttempt(work.tx, attempt.id, { status: 'FAILED', failureReason: `captured ${event.amountE6 / 1} ${event.currency} does not match the checkout` });
    return 'AMOUNT_MISMATCH';
  }
  const capture = { amountE6: event.amountE6, transactionId: event.transactionId, gatewayRef: event.gatewayRef, occurredOn: deps.clock.today(), recordedBy: deps.gateway.id };
  if (!mayTakePayment('confirm_card_payment', stateOfPayment(payment), 'SYSTEM', { amountE6: event.amountE6 })) {
    const entry = await recordMoney(work, { paymentId: payment.id, kind: 'CARD_CAPTURE', amountE6: capture.amountE6, occurredOn: capture.occurredOn, reference: capture.transactionId, gatewayRef: capture.gatewayRef, recordedBy: capture.recordedBy });
    if (!entry) return 'DUPLICATE';
    await updateAttempt(work.tx, attempt.id, { status: 'PAID', failureReason: null });
    // Nothing is owed any more (the booking was cancelled or refused meanwhile, or another
    // checkout paid first): the money is received (net_in keeps it on the payment that took it)
    // and goes back in full through the gateway (a refund record, reason OVERPAYMENT).
    const held = await takeSystemStep(work, payment, 'receive_unowed', { amountE6: event.amountE6 }, { transactionId: payment.transactionId ?? event.transactionId });
    await openRefund(work, booking, { parent: held, amountE6: event.amountE6, reason: 'OVERPAYMENT', requestedBy: deps.gateway.id }, { publicUrl: deps.publicUrl });
    await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
    await notify(work.tx, booking, 'ADMIN', 'PAYMENT_RECEIVED', 'payment');
    return 'REFUND_QUEUED';
  }
  if (!(await recordCardCapture(work, payment, capture))) return 'DUPLICATE';
  await updateAttempt(work.tx, attempt.id, { status: 'PAID', failureReason: null });
  await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
  await notify(work.tx, booking, 'ADMIN', 'PAYMENT_RECEIVED', 'payment');
  const mail = paymentReceivedMail('ja', { bookingId: booking.bookingId, groupName: booking.groupName, amountE6: event.amountE6, link });
  await enqueueMail(work, { kind: 'PAYMENT_RECEIVED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
  return 'CONFIRMED';
}

/**
 * Makes a card refund record's money go back (the refund job): taken from the booking's card
 * captures in order, each part one gateway call outside any transaction, keyed by the record, the
 * capture and what had gone back before it, so a retry after a crash asks the gateway the same
 * question and records the same refund once. Answers what the record stands at.
 */
export async function refundThroughGateway(deps: WebhookDeps, refundId: number): Promise<'REFUNDED' | 'PARTLY_REFUNDED' | 'NOTHING_TO_DO' | 'NO_CAPTURE'> {
  for (let round = 0; round < 20; round++) {
    const next = await inTransaction(deps.db, async (work) => {
      const record = await findPayment(work.tx, refundId);
      const booking = record && (await lockBookingById(work.tx, record.bookingId));
      const locked = booking && (await findPayment(work.tx, refundId, { lock: true }));
      if (!booking || !locked || locked.direction !== 'REFUND' || locked.status !== 'PAYMENT_PENDING') return null;
      const remaining = owedE6({ totalE6: locked.totalAmountE6, paidE6: locked.paidAmountE6 });
      if (remaining <= 0) return null;
      const capture = (await capturesOfBooking(work.tx, booking.id)).find((c) => c.amountE6 - c.refundedE6 > 0);
      if (!capture) return 'NO_CAPTURE' as const;
      return { amountE6: Math.min(remaining, capture.amountE6 - capture.refundedE6), capture, paidBefore: locked.paidAmountE6 };
    }, { jobs: deps.jobs });
    if (next === null) return round === 0 ? 'NOTHING_TO_DO' : 'REFUNDED';
    if (next === 'NO_CAPTURE') return round === 0 ? 'NO_CAPTURE' : 'PARTLY_REFUNDED';
    const gatewayRef = next.capture.gatewayRef ?? (await attemptOfCapture(deps, next.capture.paymentId));
    const { refundId: gatewayRefundId } = await deps.gateway.refund({
      gatewayRef,
      transactionId: next.capture.reference,
      amountE6: next.amountE6,
      idempotencyKey: `refund-${refundId}-${next.capture.reference}-${next.paidBefore}`,
    });
    await inTransaction(deps.db, async (work) => {
      const record = await findPayment(work.tx, refundId);
      const booking = record && (await lockBookingById(work.tx, record.bookingId));
      const locked = booking && (await findPayment(work.tx, refundId, { lock: true }));
      if (!booking || !locked || locked.status !== 'PAYMENT_PENDING') return;
      await settleRefund(work, booking, locked, { amountE6: next.amountE6, occurredOn: deps.clock.today(), recordedBy: deps.gateway.id, reference: gatewayRefundId, sourceReference: next.capture.reference }, { publicUrl: deps.publicUrl });
      await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
    }, { jobs: deps.jobs });
  }
  return 'PARTLY_REFUNDED';
}

/** The checkout a capture paid, for a capture recorded before captures kept it. */
async function attemptOfCapture(deps: WebhookDeps, paymentId: number): Promise<string> {
  return (await paidAttempt(deps.db, paymentId))?.gatewayRef ?? '';
}

/**
 * The reconcile sweep: checkouts pending longer than `minutes` are looked up at the gateway; a
 * paid one is stored as an event (`reconcile:<ref>`) and applied like a webhook, an expired one
 * is closed. Answers how many were found paid.
 */
export async function reconcileCheckouts(deps: WebhookDeps, minutes: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - minutes * 60_000);
  let paid = 0;
  for (const attempt of await stalePendingAttempts(deps.db, before)) {
    await giveWay(); // ADR 017
    const state = await deps.gateway.lookup(attempt.gatewayRef!);
    if (state.status === 'EXPIRED') {
      await updateAttempt(deps.db, attempt.id, { status: 'EXPIRED' });
      continue;
    }
    if (state.status !== 'PAID') continue;
    const event: GatewayEvent = { action: 'captured', eventId: `reconcile:${attempt.gatewayRef}`, gatewayRef: state.gatewayRef, amountE6: state.amountE6, currency: state.currency, transactionId: state.transactionId };
    const id = await insertGatewayEvent(deps.db, { gateway: deps.gateway.id, eventId: event.eventId, action: event.action, event });
    if (id !== undefined && (await processGatewayEvent(deps, id)) === 'CONFIRMED') paid++;
  }
  return paid;
}
