/**
 * The money words, each defined once (ADR 011): the server (its TypeScript and the SQL built from
 * these constants, apps/server/src/db/money-sql.ts), the web app and the CSVs read them from here.
 *
 * - **Pending**: waiting for money, the monthly invoice (INVOICE_PENDING) or the payment itself
 *   (PAYMENT_PENDING). A pending payment past its due date is overdue (payment-state.ts isOverdue).
 * - **Unsettled**: not settled yet, opened or not: INITED or pending. What a cancellation closes,
 *   and what may still be waived or re-priced.
 * - **Settled**: paid in full (PAYMENT_CONFIRMED) or a coupon issued for it (COUPON_CONFIRMED).
 * - **Counted**: a payment any booking figure counts: not INITED (priced, not yet asked for) and
 *   not NO_NEED_TO_PAY (waived, closed, or nothing to pay). payment-ledger.ts bookingMoney, the
 *   sales SQL and the settlements bill only counted payments.
 * - **Owed**: what is still to pay on a payment, its total less what it received, never below 0
 *   (owedE6). On a refund record the same figure is what is still owed back. On a booking, its
 *   balance: billed less (received less refunded), above 0 still to pay, below 0 owed back
 *   (balanceE6; payment-ledger.ts bookingMoney, the bookings CSV).
 * - **Due date**: how a payment's due date is set is due-dates.ts (card fare, cancellation fee)
 *   and settlements/billing-period.ts settlementDueDate (the monthly invoice).
 * - **Revenue** (sales): what bookings cost now, bookingMoney's billed figure (fares with extra
 *   charges less price refunds; a cancelled booking its fee only; a refused or unconfirmed one
 *   nothing), with the money received and refunded beside it. The sales screen and the bookings
 *   and sales CSVs sum it through apps/server/src/modules/sales/booking-money-sql.ts.
 */
import type { PaymentStatus } from './payment-state.ts';

/** Waiting for money: the monthly invoice, or the payment itself. */
export const PENDING_PAYMENT_STATUSES = ['INVOICE_PENDING', 'PAYMENT_PENDING'] as const satisfies readonly PaymentStatus[];
/** Not settled yet: opened (pending) or not (INITED). */
export const UNSETTLED_PAYMENT_STATUSES = ['INITED', ...PENDING_PAYMENT_STATUSES] as const satisfies readonly PaymentStatus[];
/** Settled: paid in full, or a coupon issued for it. */
export const SETTLED_PAYMENT_STATUSES = ['PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'] as const satisfies readonly PaymentStatus[];
/** Counted by no figure: priced but not asked for yet, or nothing to pay. Every other status is counted. */
export const UNCOUNTED_PAYMENT_STATUSES = ['INITED', 'NO_NEED_TO_PAY'] as const satisfies readonly PaymentStatus[];

const among = (statuses: readonly PaymentStatus[]) => (status: PaymentStatus) => statuses.includes(status);
export const isPendingStatus: (status: PaymentStatus) => boolean = among(PENDING_PAYMENT_STATUSES);
export const isUnsettledStatus: (status: PaymentStatus) => boolean = among(UNSETTLED_PAYMENT_STATUSES);
export const isSettledStatus: (status: PaymentStatus) => boolean = among(SETTLED_PAYMENT_STATUSES);
export const isCountedStatus = (status: PaymentStatus): boolean => !UNCOUNTED_PAYMENT_STATUSES.some((s) => s === status);

/** What is still to pay (or, on a refund record, to pay back): the total less what came in, never below 0. */
export function owedE6(p: { totalE6: number; paidE6: number }): number {
  return Math.max(0, p.totalE6 - p.paidE6);
}

/** A booking's balance: billed − (received − refunded); above 0 the agent still owes it, below 0 it is owed back. */
export function balanceE6(m: { billedE6: number; receivedE6: number; refundedE6: number }): number {
  return m.billedE6 - (m.receivedE6 - m.refundedE6);
}
