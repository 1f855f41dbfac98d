/**
 * The gateway's side coming back (ADR 012): webhooks are verified, stored once in an inbox
 * (gateway_events, unique per event id) and applied by the `payments.process-event` job; the
 * reconcile sweep asks the gateway about checkouts still open, so a lost webhook does not leave a
 * paid booking unpaid; money that arrives for a booking that no longer owes it is refunded.
 * Applying an event is idempotent: in any order and any number of times, one effect.
 */
import { applyPaymentStep } from '@sagano/domain/payments/payment-state';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { notify } from '../bookings/booking-steps.ts';
import { recordRevision } from '../bookings/bookings.repository.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { GatewayError, type GatewayEvent, type PaymentGateway } from './gateway/payment-gateway.ts';
import { paymentReceivedMail, paymentRefundedMail } from './payment-mails.ts';
import { stateOfPayment } from './payment-presenter.ts';
import { attemptByRef, ledgerPaidE6, findPayment, insertGatewayEvent, insertTransaction, lockBookingById, lockUnprocessedEvent, markEventProcessed, stalePendingAttempts, updateAttempt, updatePayment } from './payments.repository.ts';
import { z } from 'zod';
import { jobKey } from '../../jobs/define-job.ts';
import { REFUND_PAYMENT, rowPatchOf } from './payments.service.ts';

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
    const recorded = await insertTransaction(work.tx, { paymentId: payment.id, kind: 'REFUND', amountE6: -event.amountE6, occurredOn: deps.clock.today(), reference: event.refundId, recordedBy: deps.gateway.id });
    if (!recorded) return 'DUPLICATE';
    await updatePayment(work.tx, payment.id, { paidAmountE6: await ledgerPaidE6(work.tx, payment.id) });
    return 'REFUNDED';
  }

  // captured
  if (event.currency !== 'JPY' || event.amountE6 !== attempt.amountE6) {
    await updateAttempt(work.tx, attempt.id, { status: 'FAILED', failureReason: `captured ${event.amountE6 / 1} ${event.currency} does not match the checkout` });
    return 'AMOUNT_MISMATCH';
  }
  const capture = await insertTransaction(work.tx, { paymentId: payment.id, kind: 'CARD_CAPTURE', amountE6: event.amountE6, occurredOn: deps.clock.today(), reference: event.transactionId, recordedBy: deps.gateway.id });
  if (!capture) return 'DUPLICATE';
  await updateAttempt(work.tx, attempt.id, { status: 'PAID', failureReason: null });
  const result = applyPaymentStep(stateOfPayment(payment), 'confirm_card_payment', 'SYSTEM', { amountE6: event.amountE6 });
  if (!result.ok) {
    // Nothing is owed any more (the booking was cancelled or refused meanwhile, or another
    // checkout paid first): keep the money on record and give it back through the gateway.
    await updatePayment(work.tx, payment.id, { paidAmountE6: await ledgerPaidE6(work.tx, payment.id), transactionId: payment.transactionId ?? event.transactionId });
    work.enqueue(REFUND_PAYMENT, { paymentId: payment.id, gatewayRef: event.gatewayRef, transactionId: event.transactionId, amountE6: event.amountE6 });
    await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
    await notify(work.tx, booking, 'ADMIN', 'PAYMENT_RECEIVED', 'payment');
    return 'REFUND_QUEUED';
  }
  await updatePayment(work.tx, payment.id, {
    ...rowPatchOf(result.state),
    // A refund that arrived before this capture is already in the ledger.
    paidAmountE6: await ledgerPaidE6(work.tx, payment.id),
    transactionId: event.transactionId,
    confirmedAt: result.state.status === 'PAYMENT_CONFIRMED' ? deps.clock.now() : null,
    initialPaidAmountE6: payment.initialPaidAmountE6 ?? (result.state.status === 'PAYMENT_CONFIRMED' ? result.state.paidE6 : null),
  });
  await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
  await notify(work.tx, booking, 'ADMIN', 'PAYMENT_RECEIVED', 'payment');
  const mail = paymentReceivedMail('ja', { bookingId: booking.bookingId, groupName: booking.groupName, amountE6: event.amountE6, link });
  await enqueueMail(work, { kind: 'PAYMENT_RECEIVED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
  return 'CONFIRMED';
}

/** Gives money back through the gateway (outside any transaction), then records it once. */
export async function refundThroughGateway(deps: WebhookDeps, input: { paymentId: number; gatewayRef: string; transactionId: string; amountE6: number; discrepancyId?: number | undefined }): Promise<'REFUNDED' | 'DUPLICATE'> {
  const idempotencyKey = `refund-${input.paymentId}-${input.transactionId}-${input.discrepancyId ?? 'all'}`;
  const { refundId } = await deps.gateway.refund({ gatewayRef: input.gatewayRef, transactionId: input.transactionId, amountE6: input.amountE6, idempotencyKey });
  return inTransaction(deps.db, async (work) => {
    const payment = await findPayment(work.tx, input.paymentId);
    const booking = payment && (await lockBookingById(work.tx, payment.bookingId));
    const locked = booking && (await findPayment(work.tx, input.paymentId, { lock: true }));
    if (!booking || !locked) return 'DUPLICATE' as const;
    const recorded = await insertTransaction(work.tx, { paymentId: locked.id, kind: 'REFUND', amountE6: -input.amountE6, occurredOn: deps.clock.today(), reference: refundId, recordedBy: deps.gateway.id });
    if (!recorded) return 'DUPLICATE' as const;
    await updatePayment(work.tx, locked.id, { paidAmountE6: await ledgerPaidE6(work.tx, locked.id) });
    // A refund discrepancy is settled once its money has gone back.
    if (input.discrepancyId !== undefined) await updatePayment(work.tx, input.discrepancyId, { status: 'PAYMENT_CONFIRMED', paidAmountE6: input.amountE6, confirmedAt: deps.clock.now() });
    await recordRevision(work.tx, booking.id, 'UPDATE', {}, deps.gateway.id);
    const mail = paymentRefundedMail('ja', { bookingId: booking.bookingId, groupName: booking.groupName, amountE6: input.amountE6, link: `${deps.publicUrl}/bookings/${booking.bookingId}` });
    await enqueueMail(work, { kind: 'PAYMENT_REFUNDED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
    return 'REFUNDED' as const;
  }, { jobs: deps.jobs });
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
