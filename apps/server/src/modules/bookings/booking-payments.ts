/** The payments a booking step opens: the fare on confirmation or refusal, the cancellation fee. */
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { LockedBooking } from './bookings.repository.ts';

/** The payment a booking's agent makes: FREE by card (due on `cardDueDate`), CONTRACTED by coupon, SPECIAL_CONTRACTED monthly. */
export function paymentFor(agentType: string, cardDueDate: string): { status: string; method: string; dueDate: string | null } {
  if (agentType === 'FREE') return { status: 'PAYMENT_PENDING', method: 'ONLINE_CREDIT_CARD', dueDate: cardDueDate };
  if (agentType === 'CONTRACTED') return { status: 'PAYMENT_PENDING', method: 'COUPON', dueDate: null };
  return { status: 'INVOICE_PENDING', method: 'MONTHLY', dueDate: null };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function openFarePayment(tx: Executor, booking: LockedBooking, payment: { status: string; method: string; dueDate: string | null }): Promise<void> {
  await tx.insert(t.payments).values({ bookingId: booking.id, kind: 'FARE', status: payment.status, paymentMethod: payment.method, totalAmountE6: booking.totalAmountE6, dueDate: payment.dueDate });
}
