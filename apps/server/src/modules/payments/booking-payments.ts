/**
 * What a booking step may ask of payments (the narrow interface bookings depend on, ADR 007):
 * open the fare on confirmation, waive it on refusal or cancellation, re-price it after a change
 * (a discrepancy when it was already settled), and open the cancellation fee. Only the payments
 * module writes the payments table.
 */
import { discrepancyOf } from '@sagano/domain/payments/payment-state';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { LockedBooking } from '../bookings/bookings.repository.ts';
import { openDiscrepancy } from './payments.service.ts';
import { standingOf } from './payment-presenter.ts';
import { paymentsOfBooking } from './payments.repository.ts';

/** The payment a booking's agent makes: FREE by card (due on `cardDueDate`), CONTRACTED by coupon, SPECIAL_CONTRACTED monthly. */
export function paymentFor(agentType: string, cardDueDate: string): { status: string; method: string; dueDate: string | null } {
  if (agentType === 'FREE') return { status: 'PAYMENT_PENDING', method: 'ONLINE_CREDIT_CARD', dueDate: cardDueDate };
  if (agentType === 'CONTRACTED') return { status: 'PAYMENT_PENDING', method: 'COUPON', dueDate: null };
  return { status: 'INVOICE_PENDING', method: 'MONTHLY', dueDate: null };
}

/** What a refused booking, or a cancellation without a fee, owes: nothing. */
export const NOTHING_TO_PAY = { status: 'NO_NEED_TO_PAY', method: 'UNKNOWN', dueDate: null } as const;

/** A fare nothing has been paid on yet. */
const UNPAID_FARE = sql`kind = 'FARE' and paid_amount_e6 = 0 and status in ('PAYMENT_PENDING', 'INVOICE_PENDING', 'INITED')`;

export async function openFarePayment(tx: Executor, booking: LockedBooking, payment: { status: string; method: string; dueDate: string | null }): Promise<void> {
  await tx.insert(t.payments).values({ bookingId: booking.id, kind: 'FARE', status: payment.status, paymentMethod: payment.method, totalAmountE6: booking.totalAmountE6, dueDate: payment.dueDate, normalDueDate: payment.dueDate });
}

/** The fare is no longer owed where nothing was paid (a fare already paid stays as it is); answers how many were waived. */
export async function waiveUnpaidFare(tx: Executor, bookingId: number): Promise<number> {
  const waived = rowsOf<{ id: number }>(await tx.execute(sql`update payments set status = 'NO_NEED_TO_PAY', updated_at = now() where booking_id = ${bookingId} and ${UNPAID_FARE} returning id`));
  return waived.length;
}

/**
 * A changed booking's fare: re-priced where nothing was paid yet; left alone when the operator
 * fixed its total; on a settled fare (paid, or covered by a coupon) the difference opens a
 * discrepancy payment (DESIGN §6).
 */
export async function repriceFare(work: Work, booking: LockedBooking, totalAmountE6: number, today: string): Promise<'REPRICED' | 'DISCREPANCY_OPENED' | 'UNCHANGED'> {
  const payments = await paymentsOfBooking(work.tx, booking.id, { lock: true });
  const fare = payments.filter((p) => p.kind === 'FARE').at(-1);
  if (!fare || fare.isTotalAmountFixed || fare.status === 'NO_NEED_TO_PAY') return 'UNCHANGED';
  const settled = fare.status === 'PAYMENT_CONFIRMED' || fare.status === 'COUPON_CONFIRMED' || fare.paidAmountE6 > 0;
  if (!settled) {
    await work.tx.execute(sql`update payments set total_amount_e6 = ${totalAmountE6}, updated_at = now() where id = ${fare.id} and ${UNPAID_FARE}`);
    return 'REPRICED';
  }
  const gap = discrepancyOf(standingOf(fare, payments), totalAmountE6);
  if (!gap) return 'UNCHANGED';
  await openDiscrepancy(work, booking, fare, gap, today);
  return 'DISCREPANCY_OPENED';
}

export async function hasFarePayment(tx: Executor, bookingId: number): Promise<boolean> {
  const [fare] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from payments where booking_id = ${bookingId} and kind = 'FARE'`));
  return Number(fare?.n ?? 0) > 0;
}

export async function openCancellationPayment(tx: Executor, booking: LockedBooking, feeE6: number, payment: { status: string; method: string; dueDate: string | null }): Promise<void> {
  await tx.insert(t.payments).values({ bookingId: booking.id, kind: 'CANCELLATION', status: payment.status, paymentMethod: payment.method, totalAmountE6: feeE6, dueDate: payment.dueDate, normalDueDate: payment.dueDate });
}
