/**
 * The one door every payment change goes through (DESIGN §6 "One ledger"): a step is asked of the
 * domain's state machine (payment-state.ts), which answers the next row or why not, and the row is
 * written here; money that moves is written to the ledger beside it. Opening a discrepancy or a
 * refund record and making a refund live here too. Callers hold the booking's lock (booking first,
 * then its payments), inside their transaction; the gateway is never called from here.
 */
import { addDays } from '@sagano/domain/common/business-date';
import { refundRouteOf, type LedgerKind, type RefundReason } from '@sagano/domain/payments/payment-ledger';
import type { WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';
import { applyPaymentStep, discrepancyOf, type PaymentCaller, type PaymentStep, type PaymentStepInput } from '@sagano/domain/payments/payment-state';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { notify } from '../booking-core/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { emitPaymentEvent } from '../webhooks/index.ts';
import { refundMadeMail } from './payment-mails.ts';
import { standingOf, stateOfPayment } from './payment-presenter.ts';
import { findPayment, insertPayment, insertTransaction, updatePayment, updatePaymentsEach, type PaymentRow, type PaymentTransactionRow } from './payments.repository.ts';
import { jobKey } from '../../jobs/define-job.ts';
import { z } from 'zod';
import type { PaymentRefusal } from '@sagano/domain/payments/payment-state';

/** Makes a card refund record's money go back through the gateway (payment.jobs.ts runs it, with retries). */
export const REFUND_PAYMENT = jobKey('payments.refund', z.object({ refundId: z.number().int() }));

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
  REFUND_EXCEEDS_PAID: 'the refund is more than the booking holds (what was received, less refunds already made or owed)',
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

/**
 * Takes `step` on `payment` as `caller`: the domain decides (409/400 when it refuses), the row is
 * written with `extra` columns, and a payment that becomes PAYMENT_CONFIRMED gets its confirmation
 * time (and what it had then, initial_paid_amount). Answers the row as now stored.
 */
export async function takeStep(work: Work, payment: PaymentRow, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput = {}, extra: Partial<PaymentRow> = {}): Promise<PaymentRow> {
  const patch = stepPatch(payment, step, caller, input, extra);
  await updatePayment(work.tx, payment.id, patch);
  return { ...payment, ...patch, updatedAt: new Date() };
}

/** The columns `step` writes on `payment` (the domain refuses with 409/400). */
function stepPatch(payment: PaymentRow, step: PaymentStep, caller: PaymentCaller, input: PaymentStepInput, extra: Partial<PaymentRow>): Partial<PaymentRow> {
  const result = applyPaymentStep(stateOfPayment(payment), step, caller, input);
  if (!result.ok) throw refusalError(result.code);
  const s = result.state;
  const confirmedNow = s.status === 'PAYMENT_CONFIRMED' && payment.status !== 'PAYMENT_CONFIRMED';
  return {
    status: s.status,
    paymentMethod: s.method,
    totalAmountE6: s.totalE6,
    paidAmountE6: s.paidE6,
    dueDate: s.dueDate,
    isTotalAmountFixed: s.isTotalAmountFixed,
    isCancellationFeeFixed: s.isCancellationFeeFixed,
    cancelPaymentFinished: s.cancelPaymentFinished,
    ...(confirmedNow ? { confirmedAt: new Date(), initialPaidAmountE6: payment.initialPaidAmountE6 ?? s.paidE6 } : {}),
    ...extra,
  };
}

/**
 * Many payments moved at once by the system, written in one statement: each item a step (decided
 * by the domain as `takeStep` decides it) or only `extra` columns. The rows must be locked.
 */
export async function takeSystemSteps(work: Work, items: readonly { payment: PaymentRow; step: PaymentStep | null; input?: PaymentStepInput; extra?: Partial<PaymentRow> }[]): Promise<PaymentRow[]> {
  const written = items.map(({ payment, step, input = {}, extra = {} }) => ({ ...payment, ...(step ? stepPatch(payment, step, 'SYSTEM', input, extra) : extra) }));
  await updatePaymentsEach(work.tx, written);
  return written;
}

/** A step the system takes (booking steps, jobs, webhooks, the monthly billing). */
export const takeSystemStep = (work: Work, payment: PaymentRow, step: PaymentStep, input: PaymentStepInput = {}, extra: Partial<PaymentRow> = {}) =>
  takeStep(work, payment, step, 'SYSTEM', input, extra);

/** Money in or out, beside the step that moved it; a second entry with the same kind and reference records nothing (undefined). */
/**
 * The one door money goes through: a ledger entry, once (a replay records nothing). Money received
 * or refunded is also an event for the agent's systems (webhooks payment.received / payment.refunded,
 * ADR 038), written in the same transaction.
 */
export async function recordMoney(work: Work, entry: Parameters<typeof insertTransaction>[1]): Promise<PaymentTransactionRow | undefined> {
  const row = await insertTransaction(work.tx, entry);
  const event = row ? MONEY_EVENTS[row.kind] : undefined;
  if (row && event) {
    await emitPaymentEvent(work, row.paymentId, event, { payment: { payment_id: row.paymentId, ledger_kind: row.kind, amount_e6: Math.abs(row.amountE6), occurred_on: row.occurredOn } });
  }
  return row;
}

const MONEY_EVENTS: Partial<Record<LedgerKind, WebhookEventType>> = { CARD_CAPTURE: 'payment.received', BANK_TRANSFER: 'payment.received', COUPON: 'payment.received', REFUND: 'payment.refunded' };

interface BookingRef {
  id: number;
  bookingId: string;
  agentId: number;
  agentSubGroupId: number;
  applicantEmail: string;
  groupName?: string;
}

/**
 * Opens a discrepancy after a change to a settled fare: an extra charge, payable like the fare and
 * due in DISCREPANCY_DUE_DAYS, or money going back (a refund record, reason CHANGE).
 */
export async function openDiscrepancy(work: Work, booking: BookingRef, fare: PaymentRow, gap: { direction: 'EXTRA' | 'REFUND'; amountE6: number }, today: string, links?: { publicUrl: string }): Promise<PaymentRow> {
  if (gap.direction === 'REFUND') return openRefund(work, booking, { parent: fare, amountE6: gap.amountE6, reason: 'CHANGE', requestedBy: 'system' }, { publicUrl: links?.publicUrl });
  const dueDate = addDays(today, DISCREPANCY_DUE_DAYS);
  const row = await insertPayment(work.tx, {
    bookingId: booking.id,
    kind: 'DISCREPANCY',
    status: 'PAYMENT_PENDING',
    paymentMethod: fare.paymentMethod,
    totalAmountE6: gap.amountE6,
    dueDate,
    normalDueDate: dueDate,
    parentPaymentId: fare.id,
    direction: 'EXTRA',
  });
  await notify(work.tx, booking, 'AGENT', 'PAYMENT_REQUEST', 'payment');
  return row;
}

/**
 * A new price for a settled (or monthly-invoiced) fare (a change of the booking, the operator's
 * adjustment): an extra charge not paid yet and a change refund not made yet (nor on its way to a
 * card, nor on a monthly invoice) are withdrawn first, so one difference is opened from where the fare then stands — never an extra charge to
 * pay beside a refund of more. Answers the discrepancy opened, if any.
 */
export async function openPriceDifference(work: Work, booking: BookingRef, fare: PaymentRow, payments: readonly PaymentRow[], newTotalE6: number, today: string, links?: { publicUrl: string }): Promise<PaymentRow | null> {
  const withdrawn = new Set<number>();
  for (const p of payments) {
    // (One already on a monthly invoice stands with that invoice.)
    if (p.kind !== 'DISCREPANCY' || p.parentPaymentId !== fare.id || p.status !== 'PAYMENT_PENDING' || p.paidAmountE6 > 0 || p.monthlyInvoiceId !== null) continue;
    const changeRefund = p.direction === 'REFUND' && (p.refundReason === null || p.refundReason === 'CHANGE') && refundRouteOf(p.paymentMethod) !== 'GATEWAY';
    if (p.direction === 'EXTRA' || changeRefund) {
      await takeSystemStep(work, p, 'waive');
      withdrawn.add(p.id);
    }
  }
  const standing = standingOf(fare, payments.filter((p) => !withdrawn.has(p.id)));
  const gap = discrepancyOf(standing, newTotalE6);
  return gap ? openDiscrepancy(work, booking, fare, gap, today, links) : null;
}

export interface RefundRequest {
  /** The payment whose money goes back (the fare, or the cancellation fee). */
  parent: PaymentRow;
  amountE6: number;
  reason: RefundReason;
  requestedBy: string;
  note?: string | null;
  idempotencyKey?: string | null;
  /** A refund the operator already paid back by hand (RECORDED route): settled at once on this day. */
  paidOn?: string;
}

/**
 * Opens a refund record (a DISCREPANCY whose direction is REFUND, PAYMENT_PENDING) and starts it
 * on its route: a card through the gateway by the refund job; a monthly agent's waits for its
 * next monthly invoice, which nets it; any other waits for the operator to record it paid back
 * (or is recorded at once when `paidOn` says it already was).
 */
export async function openRefund(work: Work, booking: BookingRef, request: RefundRequest, ctx: { publicUrl?: string }, options: { dispatch?: boolean } = {}): Promise<PaymentRow> {
  const method = request.parent.paymentMethod;
  const row = await insertPayment(work.tx, {
    bookingId: booking.id,
    kind: 'DISCREPANCY',
    status: 'PAYMENT_PENDING',
    paymentMethod: method,
    totalAmountE6: request.amountE6,
    parentPaymentId: request.parent.id,
    direction: 'REFUND',
    refundReason: request.reason,
    refundNote: request.note ?? null,
    requestedBy: request.requestedBy,
    idempotencyKey: request.idempotencyKey ?? null,
  });
  const route = refundRouteOf(method);
  // (A refund the provider already made is settled by its caller instead: `dispatch: false`.)
  if (route === 'GATEWAY' && options.dispatch !== false) work.enqueue(REFUND_PAYMENT, { refundId: row.id });
  if (route === 'RECORDED' && request.paidOn) {
    return settleRefund(work, booking, row, { amountE6: request.amountE6, occurredOn: request.paidOn, recordedBy: request.requestedBy, note: request.note ?? null, caller: 'OPERATOR' }, ctx);
  }
  return row;
}

/**
 * Money went back on a refund record (the gateway made it, the operator paid it, a monthly
 * invoice netted it): a REFUND entry (negative) on the record, settle_refund, and the agent's
 * mail once all of it went back. A replayed gateway refund (same reference) records nothing.
 */
export async function settleRefund(
  work: Work,
  booking: BookingRef,
  record: PaymentRow,
  money: { amountE6: number; occurredOn: string; recordedBy: string; note?: string | null; reference?: string; sourceReference?: string; caller?: PaymentCaller },
  ctx: { publicUrl?: string },
): Promise<PaymentRow> {
  const entry = await recordMoney(work, {
    paymentId: record.id,
    kind: 'REFUND',
    amountE6: -money.amountE6,
    occurredOn: money.occurredOn,
    note: money.note ?? null,
    recordedBy: money.recordedBy,
    reference: money.reference ?? null,
    sourceReference: money.sourceReference ?? null,
  });
  if (!entry) return record;
  const after = await takeStep(work, record, 'settle_refund', money.caller ?? 'SYSTEM', { amountE6: money.amountE6 }, money.caller === 'OPERATOR' ? { confirmedBy: money.recordedBy } : {});
  if (after.status === 'PAYMENT_CONFIRMED') {
    const route = refundRouteOf(record.paymentMethod);
    const mail = refundMadeMail('ja', { bookingId: booking.bookingId, groupName: booking.groupName ?? '', amountE6: after.paidAmountE6, link: `${ctx.publicUrl ?? ''}/bookings/${booking.bookingId}`, route });
    await enqueueMail(work, { kind: 'PAYMENT_REFUNDED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
  }
  return after;
}

/** A payment read again, locked (after another step wrote it). */
export async function reloadPayment(work: Work, id: number): Promise<PaymentRow> {
  const row = await findPayment(work.tx, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', 'payment not found');
  return row;
}

/**
 * A card capture reported by the gateway (a webhook, the reconcile sweep, or the demo data as the
 * sandbox would have captured it): recorded once per transaction, and the payment confirmed
 * through confirm_card_payment. Answers the payment as it now stands, or undefined for a replay.
 */
export async function recordCardCapture(work: Work, payment: PaymentRow, capture: { amountE6: number; transactionId: string; gatewayRef: string | null; occurredOn: string; recordedBy: string }): Promise<PaymentRow | undefined> {
  const entry = await recordMoney(work, { paymentId: payment.id, kind: 'CARD_CAPTURE', amountE6: capture.amountE6, occurredOn: capture.occurredOn, reference: capture.transactionId, gatewayRef: capture.gatewayRef, recordedBy: capture.recordedBy });
  if (!entry) return undefined;
  return takeSystemStep(work, payment, 'confirm_card_payment', { amountE6: capture.amountE6 }, { transactionId: capture.transactionId });
}

/** Demo data only: a pending payment's due date set in the past (an overdue payment to look at). */
export async function backdateDueDate(work: Work, payment: PaymentRow, dueDate: string): Promise<void> {
  await updatePayment(work.tx, payment.id, { dueDate });
}
