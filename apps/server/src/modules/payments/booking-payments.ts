/**
 * What a booking step may ask of payments (the narrow door bookings use, ADR 007, DESIGN §6 "One
 * ledger"): price the fare at submission (INITED), open it on confirmation, re-price it after a
 * change, waive it on refusal, and settle a cancellation (the fee against what was paid, by
 * method). Each change goes through the domain's state machine (takeSystemStep) and, where money
 * moves, the ledger. Only the payments module writes the payment tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { cancellationFeeDueDate } from '@sagano/domain/payments/due-dates';
import { isSettledStatus } from '@sagano/domain/payments/money-terms';
import { heldE6, isCharge, type CancellationSettlement } from '@sagano/domain/payments/payment-ledger';
import { paymentMethodOf, type PaymentMethod } from '@sagano/domain/payments/payment-state';
import type { CancellationSettlementPreview } from '@sagano/domain/payments/payment-schemas';
import type { AgentType } from '@sagano/domain/agents/agent-schemas';
import type { Executor } from '../../db/client.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { enqueueMail, recipientLanguage } from '../mail/index.ts';
import { cancellationSettlementMail } from './payment-mails.ts';
import { closesOnCancellation, ledgerPaymentOf, planCancellation, presentSettlement } from './payment-accounts.ts';
import { insertPayment, insertTransaction, paymentsOfBooking, type PaymentRow } from './payments.repository.ts';
import { openPriceDifference, openRefund, takeSystemStep } from './payment-steps.ts';

/** What the booking steps hand to payments about the booking (a locked booking has all of it). */
export interface PaymentBooking {
  id: number;
  bookingId: string;
  agentId: number;
  agentSubGroupId: number;
  agentType: AgentType;
  totalAmountE6: number;
  applicantEmail: string;
  groupName?: string;
}

/** Who and where, for the ledger and the agent's mail. */
export interface MoneyContext {
  today: string;
  actor: string;
  publicUrl: string;
}

const methodOf = (booking: Pick<PaymentBooking, 'agentType'>): PaymentMethod => paymentMethodOf(booking.agentType);
const latestFare = (payments: readonly PaymentRow[]) => payments.filter((p) => p.kind === 'FARE').at(-1);

/**
 * Submission: the fare exists from the start, priced and owing nothing yet (INITED). Written by the
 * booking's own insert, in its one statement: this is the body of a data-modifying CTE over the new
 * booking `b` (its id), so the payment's SQL stays here.
 */
export function priceFareSql(booking: Pick<PaymentBooking, 'agentType' | 'totalAmountE6'>): SQL {
  return sql`insert into payments (booking_id, kind, status, payment_method, total_amount_e6)
    select b.id, 'FARE', 'INITED', ${methodOf(booking)}, ${booking.totalAmountE6} from b`;
}

/**
 * Confirmation: the fare opens (card and coupon PAYMENT_PENDING, monthly INVOICE_PENDING) at the
 * booking's total, card fares due on `cardDueDate`. Answers the status it opened in.
 */
export async function openFare(work: Work, booking: PaymentBooking, cardDueDate: string): Promise<string> {
  const payments = await paymentsOfBooking(work.tx, booking.id, { lock: true });
  let fare = latestFare(payments);
  if (!fare || fare.status !== 'INITED') {
    // A booking submitted before fares were priced at submission: price it now.
    fare = await insertPayment(work.tx, { bookingId: booking.id, kind: 'FARE', status: 'INITED', paymentMethod: methodOf(booking), totalAmountE6: booking.totalAmountE6 });
  }
  const method = fare.paymentMethod;
  const dueDate = method === 'ONLINE_CREDIT_CARD' ? cardDueDate : undefined;
  if (fare.totalAmountE6 !== booking.totalAmountE6) fare = await takeSystemStep(work, fare, 'reprice', { totalE6: booking.totalAmountE6 });
  const opened = await takeSystemStep(work, fare, 'open', dueDate ? { dueDate } : {}, dueDate ? { normalDueDate: dueDate } : {});
  return opened.status;
}

/**
 * A changed booking's fare: re-priced while nothing was paid on it (INITED or pending); left alone
 * when the operator fixed its total; on a settled fare the difference opens a discrepancy
 * (DESIGN §6), counted from where the fare stands.
 */
export async function repriceFare(work: Work, booking: PaymentBooking, totalAmountE6: number, today: string): Promise<'REPRICED' | 'DISCREPANCY_OPENED' | 'UNCHANGED'> {
  const payments = await paymentsOfBooking(work.tx, booking.id, { lock: true });
  const fare = latestFare(payments);
  if (!fare || fare.isTotalAmountFixed || fare.status === 'NO_NEED_TO_PAY') return 'UNCHANGED';
  // Paid, couponed, or already on a monthly invoice (the invoice stands): the change is a difference.
  const settled = isSettledStatus(fare.status) || fare.paidAmountE6 > 0 || fare.monthlyInvoiceId !== null;
  if (!settled) {
    if (fare.totalAmountE6 === totalAmountE6) return 'UNCHANGED';
    await takeSystemStep(work, fare, 'reprice', { totalE6: totalAmountE6 });
    return 'REPRICED';
  }
  return (await openPriceDifference(work, booking, fare, payments, totalAmountE6, today)) ? 'DISCREPANCY_OPENED' : 'UNCHANGED';
}

/**
 * A refused booking (by the operator or a suspension) owes nothing: every charge still open is
 * closed, and whatever it had already paid goes back in full (reason SUSPENSION or OVERPAYMENT),
 * through the gateway for a card. A booking without a fare row gets a waived one.
 */
export async function waiveForRefusal(work: Work, booking: PaymentBooking, actor: string, reason: 'SUSPENSION' | 'OVERPAYMENT'): Promise<{ refundE6: number }> {
  const payments = await paymentsOfBooking(work.tx, booking.id, { lock: true });
  if (!payments.some((p) => p.kind === 'FARE')) {
    await insertPayment(work.tx, { bookingId: booking.id, kind: 'FARE', status: 'NO_NEED_TO_PAY', paymentMethod: methodOf(booking), totalAmountE6: booking.totalAmountE6 });
    return { refundE6: 0 };
  }
  const after = await closeOpenCharges(work, payments, false);
  const held = heldE6(after.map(ledgerPaymentOf));
  if (held > 0) await openRefund(work, booking, { parent: latestFare(after)!, amountE6: held, reason, requestedBy: actor }, {});
  return { refundE6: held };
}

/** Closes (NO_NEED_TO_PAY) the fare and extra charges that stop being owed (closesOnCancellation); answers the payments as they now stand. */
async function closeOpenCharges(work: Work, payments: readonly PaymentRow[], monthly: boolean): Promise<PaymentRow[]> {
  const out: PaymentRow[] = [];
  for (const p of payments) out.push(closesOnCancellation(p, monthly) ? await takeSystemStep(work, p, 'close') : p);
  return out;
}

/** How cancelling at `feeE6` now would settle the booking's money (the cancel page and the operator's confirmation show it). */
export async function previewCancellation(db: Executor, booking: Pick<PaymentBooking, 'id' | 'agentType'>, feeE6: number): Promise<CancellationSettlementPreview> {
  const payments = await paymentsOfBooking(db, booking.id);
  const fare = latestFare(payments);
  return presentSettlement(planCancellation(payments, fare?.paymentMethod ?? methodOf(booking), feeE6));
}

/**
 * A confirmed cancellation's money (DESIGN §6 "Cancellation and refunds"): the open charges
 * close; the fee is opened (NO_NEED_TO_PAY at 0); what was paid pays the fee first (a netting
 * pair in the ledger) and the rest goes back on a refund record (a card through the gateway by
 * the refund job, a coupon owed and recorded by the operator, a monthly agent's as a credit on its
 * next invoice, where the fee also goes); the agent is mailed the settlement.
 */
export async function settleCancellation(work: Work, booking: PaymentBooking, feeE6: number, ctx: MoneyContext): Promise<CancellationSettlement> {
  const payments = await paymentsOfBooking(work.tx, booking.id, { lock: true });
  const fareBefore = latestFare(payments);
  const method = fareBefore?.paymentMethod ?? methodOf(booking);
  const plan = planCancellation(payments, method, feeE6);
  const monthly = method === 'MONTHLY';
  let after = await closeOpenCharges(work, payments, monthly);

  // The fee: INITED, then opened (a card fee left to pay is due a week from today).
  let fee = await insertPayment(work.tx, { bookingId: booking.id, kind: 'CANCELLATION', status: 'INITED', paymentMethod: method, totalAmountE6: feeE6 });
  const dueDate = method === 'ONLINE_CREDIT_CARD' && plan.stillOwedE6 > 0 ? cancellationFeeDueDate(ctx.today) : undefined;
  fee = await takeSystemStep(work, fee, 'open', dueDate ? { dueDate } : {}, dueDate ? { normalDueDate: dueDate } : {});

  // What was paid pays the fee: netted from the charges that hold it, fare first.
  let toApply = plan.appliedToFeeE6;
  for (const source of after.filter((p) => isCharge(ledgerPaymentOf(p)) && p.kind !== 'CANCELLATION' && p.paidAmountE6 > 0)) {
    if (toApply <= 0) break;
    const amountE6 = Math.min(toApply, source.paidAmountE6);
    const moved = await takeSystemStep(work, source, 'net_out', { amountE6 });
    fee = await takeSystemStep(work, fee, 'apply_credit', { amountE6 });
    const note = `取消料に充当 / applied to the cancellation fee`;
    await insertTransaction(work.tx, { paymentId: source.id, kind: 'NETTING', amountE6: -amountE6, occurredOn: ctx.today, note, recordedBy: ctx.actor });
    await insertTransaction(work.tx, { paymentId: fee.id, kind: 'NETTING', amountE6, occurredOn: ctx.today, note, recordedBy: ctx.actor });
    after = after.map((p) => (p.id === moved.id ? moved : p));
    toApply -= amountE6;
  }

  const fare = latestFare(after);
  if (plan.refundE6 > 0 && fare) await openRefund(work, booking, { parent: fare, amountE6: plan.refundE6, reason: 'CANCELLATION', requestedBy: ctx.actor }, ctx);

  // Always told, in the applicant's language: a booking that owes and holds nothing gets the short "cancelled, no fee" mail.
  const mail = cancellationSettlementMail(await recipientLanguage(work.tx, booking.applicantEmail), {
    bookingId: booking.bookingId,
    groupName: booking.groupName ?? '',
    feeE6,
    paidE6: plan.paidE6,
    appliedE6: plan.appliedToFeeE6,
    refundE6: plan.refundE6,
    stillOwedE6: plan.stillOwedE6,
    route: plan.refundRoute,
    onMonthlyInvoice: plan.onMonthlyInvoice,
    link: `${ctx.publicUrl}/bookings/${booking.bookingId}`,
  });
  await enqueueMail(work, { kind: 'CANCELLATION_SETTLED', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
  return plan;
}
