/**
 * A booking's money as one account (DESIGN §6 "One ledger"): what it costs now (billed), what
 * came in (received) and what went back (refunded), read from its payments and their ledger
 * entries; and how a cancellation fee is settled against what was already paid, by method.
 * Pure: the server writes what these answer, the screens, CSVs and sales show the same figures.
 *
 * Ledger entries live on the payment they belong to: a capture, a transfer or a coupon on the
 * payment it pays (positive), a refund on the refund record that returns it (negative), and a
 * netting pair (money already paid on the fare applied to the cancellation fee: negative on the
 * fare, positive on the fee) that sums to nothing.
 */
import type { PaymentKind, PaymentMethod, PaymentStatus } from './payment-state.ts';
import { balanceE6, isCountedStatus, owedE6 } from './money-terms.ts';

/** What a ledger entry records. */
export const LEDGER_KINDS = ['CARD_CAPTURE', 'BANK_TRANSFER', 'COUPON', 'REFUND', 'NETTING'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Why money goes back (a refund record: a DISCREPANCY payment whose direction is REFUND):
 * CHANGE: the booking now costs less than was settled; OPERATOR: the operator refunded part of
 * what was paid (both lower what the booking costs); CANCELLATION: what was paid beyond the fee;
 * SUSPENSION: a paid booking refused because its train was suspended; OVERPAYMENT: money that
 * arrived when nothing was owed (a checkout paid after a cancellation, a second checkout).
 */
export const REFUND_REASONS = ['CHANGE', 'OPERATOR', 'CANCELLATION', 'SUSPENSION', 'OVERPAYMENT'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * How money owed back reaches the agent: a card payment is refunded through the gateway; a
 * monthly agent's is netted on its next monthly invoice (never repaid per booking); any other
 * (coupon, cash, transfer) is paid back by the operator, who records it.
 */
export type RefundRoute = 'GATEWAY' | 'MONTHLY_INVOICE' | 'RECORDED';
export const REFUND_ROUTES: readonly RefundRoute[] = ['GATEWAY', 'MONTHLY_INVOICE', 'RECORDED'];

export function refundRouteOf(method: PaymentMethod): RefundRoute {
  if (method === 'ONLINE_CREDIT_CARD') return 'GATEWAY';
  if (method === 'MONTHLY') return 'MONTHLY_INVOICE';
  return 'RECORDED';
}

/** A payment as the account reads it. */
export interface LedgerPayment {
  id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  direction: 'EXTRA' | 'REFUND' | null;
  refundReason: RefundReason | null;
  parentPaymentId: number | null;
  totalE6: number;
  paidE6: number;
}

export interface LedgerEntry {
  paymentId: number;
  kind: LedgerKind;
  amountE6: number;
}

export const isRefundRecord = (p: Pick<LedgerPayment, 'kind' | 'direction'>) => p.kind === 'DISCREPANCY' && p.direction === 'REFUND';
/** A charge: the fare, an extra charge after a change, or the cancellation fee. */
export const isCharge = (p: Pick<LedgerPayment, 'kind' | 'direction'>) => !isRefundRecord(p);
/** Counted at all: opened (not INITED, which is priced but not yet asked for) and not waived (money-terms.ts). */
const live = (p: Pick<LedgerPayment, 'status'>) => isCountedStatus(p.status);
/** A refund that lowers what the booking costs (rather than returning money it no longer owes). */
const lowersPrice = (p: Pick<LedgerPayment, 'refundReason'>) => p.refundReason === null || p.refundReason === 'CHANGE' || p.refundReason === 'OPERATOR';

/** The booking's state as far as money goes: live, cancelled (the fee is what it costs) or refused (nothing). */
export type BookingMoneyState = 'LIVE' | 'CANCELLED' | 'REFUSED';

export function moneyStateOf(bookingStatus: string): BookingMoneyState {
  if (bookingStatus === 'CANCELLED') return 'CANCELLED';
  if (bookingStatus === 'NOT_RESERVED') return 'REFUSED';
  return 'LIVE';
}

export interface BookingMoney {
  /** What the booking costs now: its fare with extra charges less price refunds, or its cancellation fee, or 0 when refused. */
  billedE6: number;
  /** Money that came in: captures, transfers and coupons (netting left out: it moves money inside the booking). */
  receivedE6: number;
  /** Money that went back (refunds made, and refunds netted on a monthly invoice). */
  refundedE6: number;
  /** Refunds decided but not yet made. */
  owedBackE6: number;
  /** billed − (received − refunded): above 0 the agent still owes it, below 0 it is owed back. */
  balanceE6: number;
}

/**
 * The booking's three figures and its balance. Once everything is settled (every charge paid,
 * every refund made), received − refunded equals billed: the balance is 0.
 */
export function bookingMoney(state: BookingMoneyState, payments: readonly LedgerPayment[], entries: readonly LedgerEntry[]): BookingMoney {
  const byId = new Map(payments.map((p) => [p.id, p]));
  let billedE6 = 0;
  if (state !== 'REFUSED') {
    for (const p of payments) {
      if (!live(p)) continue;
      const counted = state === 'CANCELLED' ? (q: LedgerPayment | undefined) => q?.kind === 'CANCELLATION' : (q: LedgerPayment | undefined) => q !== undefined && q.kind !== 'CANCELLATION' && !isRefundRecord(q);
      if (isRefundRecord(p)) {
        if (lowersPrice(p) && counted(byId.get(p.parentPaymentId ?? -1))) billedE6 -= p.totalE6;
      } else if (counted(p)) {
        billedE6 += p.totalE6;
      }
    }
  }
  let receivedE6 = 0;
  let refundedE6 = 0;
  for (const e of entries) {
    if (e.kind === 'REFUND') refundedE6 -= e.amountE6;
    else if (e.kind !== 'NETTING' && e.amountE6 > 0) receivedE6 += e.amountE6;
  }
  const owedBackE6 = payments.filter((p) => isRefundRecord(p) && p.status === 'PAYMENT_PENDING').reduce((sum, p) => sum + owedE6(p), 0);
  return { billedE6, receivedE6, refundedE6, owedBackE6, balanceE6: balanceE6({ billedE6, receivedE6, refundedE6 }) };
}

/**
 * Money the booking holds that is not already promised back: what its charges received (net of
 * netting) less every refund decided (made or not). A refund can never be more than this.
 */
export function heldE6(payments: readonly LedgerPayment[]): number {
  const paid = payments.filter((p) => isCharge(p)).reduce((sum, p) => sum + p.paidE6, 0);
  const promised = payments.filter((p) => isRefundRecord(p) && p.status !== 'NO_NEED_TO_PAY').reduce((sum, p) => sum + p.totalE6, 0);
  return Math.max(0, paid - promised);
}

/** How a cancellation fee is settled against what was already paid (DESIGN §6 "Cancellation and refunds"). */
export interface CancellationSettlement {
  feeE6: number;
  /** Money already paid toward the booking (or, for a monthly agent, already invoiced) that the cancellation returns. */
  paidE6: number;
  /** Of that, what pays the fee at once. */
  appliedToFeeE6: number;
  /** What goes back to the agent, and how. */
  refundE6: number;
  refundRoute: RefundRoute;
  /** What the agent still has to pay for the fee (by card, on the next monthly invoice, …). */
  stillOwedE6: number;
  /** Monthly agents: the fee and the credit are both settled on the next monthly invoice. */
  onMonthlyInvoice: boolean;
}

/**
 * Card, coupon and others: what was paid (or couponed) pays the fee first, the rest goes back
 * (a card through the gateway, a coupon as a refund the operator pays and records), and only a
 * fee above what was paid is left to pay. Monthly: nothing is repaid per booking; the fee
 * replaces the fare on the next monthly invoice, and a fare already invoiced (paid or not) comes
 * back as a credit line on it. A fee of 0 returns everything.
 */
export function settleCancellation(input: { feeE6: number; method: PaymentMethod; heldE6: number; invoicedE6?: number }): CancellationSettlement {
  const route = refundRouteOf(input.method);
  if (route === 'MONTHLY_INVOICE') {
    const credit = Math.max(0, input.invoicedE6 ?? input.heldE6);
    return { feeE6: input.feeE6, paidE6: credit, appliedToFeeE6: 0, refundE6: credit, refundRoute: route, stillOwedE6: input.feeE6, onMonthlyInvoice: true };
  }
  const applied = Math.min(input.heldE6, input.feeE6);
  return {
    feeE6: input.feeE6,
    paidE6: input.heldE6,
    appliedToFeeE6: applied,
    refundE6: input.heldE6 - applied,
    refundRoute: route,
    stillOwedE6: input.feeE6 - applied,
    onMonthlyInvoice: false,
  };
}
