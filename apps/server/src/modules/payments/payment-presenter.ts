/**
 * A payment as the caller sees it (spec 000 §3 "Payment"): amounts, items, due dates, overdue,
 * the discrepancy and the can_* flags, all from the domain's pure rules.
 */
import { isOverdue, paymentFlags, standingTotalE6, type PaymentCaller, type PaymentState } from '@sagano/domain/payments/payment-state';
import type { BookingMoney, PaymentDetail, PaymentPriceItem, PaymentRefund } from '@sagano/domain/payments/payment-schemas';
import { bookingMoney, heldE6, isRefundRecord, moneyStateOf, refundRouteOf, type LedgerEntry } from '@sagano/domain/payments/payment-ledger';
import { ledgerPaymentOf, planCancellation, presentSettlement } from './payment-accounts.ts';

export { ledgerPaymentOf };
import { percentOfRate } from '@sagano/domain/money/yen-e6';
import { documentFlags, mayHaveDocument } from '@sagano/domain/invoices/document-rules';
import type { DocumentKind } from '@sagano/domain/invoices/document-numbers';
import { expectedBillingDate, type BillingTerms } from '@sagano/domain/settlements/billing-period';
import type { PaymentRow } from './payments.repository.ts';

export function stateOfPayment(row: PaymentRow): PaymentState {
  return {
    kind: row.kind,
    status: row.status,
    method: row.paymentMethod,
    totalE6: row.totalAmountE6,
    paidE6: row.paidAmountE6,
    dueDate: row.dueDate,
    isTotalAmountFixed: row.isTotalAmountFixed,
    isCancellationFeeFixed: row.isCancellationFeeFixed,
    cancelPaymentFinished: row.cancelPaymentFinished,
    direction: row.direction,
  };
}

/** The booking's account on the wire: billed, received, refunded, owed back, balance. */
export function presentBookingMoney(bookingStatus: string, payments: readonly PaymentRow[], entries: readonly LedgerEntry[]): BookingMoney {
  const m = bookingMoney(moneyStateOf(bookingStatus), payments.map(ledgerPaymentOf), entries);
  return { billed_amount: m.billedE6, received_amount: m.receivedE6, refunded_amount: m.refundedE6, owed_back_amount: m.owedBackE6, balance_amount: m.balanceE6 };
}

/** What the booking holds that may still go back (the operator's refund is at most this). */
export function refundableE6(payments: readonly PaymentRow[]): number {
  return heldE6(payments.map(ledgerPaymentOf));
}

/** What a booking adds to its payments' presentation: its priced units and its cancellation quote. */
export interface PaymentContext {
  caller: PaymentCaller;
  today: string;
  units: readonly { unitId: number; quantity: number; calculatedQuantity: number; unitPriceE6: number; subtotalE6: number; decrementQuantity: number; decrementFeeE6: number; recordLargestCalculatedQuantity: number }[];
  cancellation: { rateE6: number | null; feeE6: number | null; baseE6: number } | null;
  /** The booking number, for the document links (none: no links). */
  bookingNumber?: string;
  /** The agent settlement of each group settlement (monthly invoice) that billed a payment. */
  agentSettlementIds?: ReadonlyMap<number, number>;
  /** The booking's first service date, its agent's billing day and last billed period's end: when a monthly payment waiting for its invoice will be billed. */
  billing?: { firstServiceDate: string; lastBilledTo: string | null; terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'> };
  /** The booking's status, every payment of it and its ledger (the account each payment shows). */
  account?: { bookingStatus: string; payments: readonly PaymentRow[]; entries: readonly LedgerEntry[] };
}

/** What a booking tells of its payments' presentation: the same for the booking detail and the payments list. */
export interface BookingPaymentFacts {
  bookingNumber: string;
  bookingStatus: string;
  /** What the booking costs (the base a cancellation fee applies to), its cancellation rate and fee once quoted. */
  totalAmountE6: number;
  cancellationRateE6: number | null;
  cancellationFeeE6: number | null;
  /** The booking's first service date (none: no expected billing date). */
  firstServiceDate: string | null;
  agent: { lastBilledTo: string | null } & Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>;
  units: PaymentContext['units'];
  /** Every payment of the booking and its ledger. */
  payments: readonly PaymentRow[];
  entries: readonly LedgerEntry[];
  agentSettlementIds?: ReadonlyMap<number, number> | undefined;
}

/** The context every payment of a booking is presented in, for `caller` on `today`. */
export function bookingPaymentContext(f: BookingPaymentFacts, caller: PaymentCaller, today: string): PaymentContext {
  return {
    caller,
    today,
    bookingNumber: f.bookingNumber,
    ...(f.agentSettlementIds ? { agentSettlementIds: f.agentSettlementIds } : {}),
    ...(f.firstServiceDate ? { billing: { firstServiceDate: f.firstServiceDate, lastBilledTo: f.agent.lastBilledTo, terms: f.agent } } : {}),
    account: { bookingStatus: f.bookingStatus, payments: f.payments, entries: f.entries },
    units: f.units,
    cancellation: f.cancellationFeeE6 === null ? null : { rateE6: f.cancellationRateE6, feeE6: f.cancellationFeeE6, baseE6: f.totalAmountE6 },
  };
}

/** The booking's fare as its detail (`main_params.payment`) and the payments list show it: with its latest discrepancy and where it stands. */
export function presentFarePayment(fare: PaymentRow, discrepancy: PaymentRow | undefined, ctx: PaymentContext): PaymentDetail {
  return presentPaymentDetail(fare, ctx, discrepancy, standingOf(fare, ctx.account?.payments ?? [fare]));
}

const NO_MONEY: BookingMoney = { billed_amount: 0, received_amount: 0, refunded_amount: 0, owed_back_amount: 0, balance_amount: 0 };

/** The refund records returning money of `row` (oldest first). */
function presentRefunds(row: PaymentRow, ctx: PaymentContext): PaymentRefund[] {
  const records = (ctx.account?.payments ?? []).filter((p) => isRefundRecord(ledgerPaymentOf(p)) && p.parentPaymentId === row.id).sort((a, b) => a.id - b.id);
  return records.map((r) => presentRefund(r, ctx));
}

/** One refund record as the caller sees it (the booking's payments, and the operator's refund answer). */
export function presentRefund(r: PaymentRow, ctx: Pick<PaymentContext, 'caller' | 'bookingNumber'>): PaymentRefund {
  const route = refundRouteOf(r.paymentMethod);
  return {
    payment_id: r.id,
    parent_payment_id: r.parentPaymentId,
    reason: r.refundReason ?? 'CHANGE',
    route,
    status: r.status,
    total_amount: r.totalAmountE6,
    refunded_amount: r.paidAmountE6,
    note: r.refundNote,
    // Who at the operator asked for it is the operator's own business; the agent sees the refund, not the staff member.
    requested_by: ctx.caller === 'OPERATOR' ? r.requestedBy : null,
    created_at: r.issuedAt.toISOString(),
    return_invoice_url: documentUrl(r, ctx, 'RETURN_INVOICE'),
    can_record_refund: ctx.caller === 'OPERATOR' && route === 'RECORDED' && r.status === 'PAYMENT_PENDING',
  };
}

const DOCUMENT_FILES: Record<DocumentKind, string> = { INVOICE: 'invoice', RECEIPT: 'receipt', RETURN_INVOICE: 'return-invoice' };

/** The PDF link of a payment's document when the caller may have it now (DESIGN §6), else null. */
function documentUrl(row: PaymentRow, ctx: Pick<PaymentContext, 'caller' | 'bookingNumber'>, kind: DocumentKind): string | null {
  if (ctx.bookingNumber === undefined) return null;
  const payment = { ...stateOfPayment(row), direction: row.direction };
  return mayHaveDocument(kind, payment, ctx.caller) ? `/v1/bookings/${ctx.bookingNumber}/payments/${row.id}/${DOCUMENT_FILES[kind]}.pdf` : null;
}

/**
 * A payment's flags: the payment machine's, with the document flags saying what is served (a
 * refund record has its return invoice, never an invoice or a receipt: document-rules.ts).
 */
function flagsOf(row: PaymentRow, caller: PaymentCaller) {
  const state = stateOfPayment(row);
  return { ...paymentFlags(state, caller), ...documentFlags({ ...state, direction: state.direction ?? null }, caller) };
}

function priceItems(units: PaymentContext['units']): PaymentPriceItem[] {
  return units.map((u) => ({
    unit_id: u.unitId,
    quantity: u.quantity,
    calculated_quantity: u.calculatedQuantity,
    unit_price: u.unitPriceE6,
    decrement_quantity: u.decrementQuantity,
    decrement_fee: u.decrementFeeE6,
    final_remained_quantity: u.calculatedQuantity,
    record_largest_calculated_quantity: u.recordLargestCalculatedQuantity,
    subtotal_amount: u.subtotalE6,
  }));
}

const settlementIdText = (id: number | undefined) => (id === undefined ? null : String(id));

/**
 * `standingE6`: where a settled fare stands with all its discrepancies (standingOf); the detail's
 * "as it stands now" shows it. Without it, the fare's own total.
 */
export function presentPaymentDetail(row: PaymentRow, ctx: PaymentContext, discrepancy?: PaymentRow, standingE6?: number): PaymentDetail {
  const state = stateOfPayment(row);
  const cancelled = ctx.cancellation && ctx.cancellation.feeE6 !== null;
  const items = priceItems(ctx.units);
  return {
    payment_id: row.id,
    kind: state.kind,
    status: state.status,
    payment_method: state.method,
    transaction_id: row.transactionId,
    issued_at: row.issuedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_amount: row.paidAmountE6,
    initial_paid_amount: row.initialPaidAmountE6 ?? 0,
    unit_quantity_price_items: row.kind === 'CANCELLATION' ? [] : items,
    cancellation_unit_quantity_price_items: row.kind === 'CANCELLATION' ? items : [],
    total_amount: row.totalAmountE6,
    // Commission: the operator pays agents none today; the field is kept for the spec's record.
    commission: { value: 0, is_automatically_calculated: true },
    cancellation_rate_percent: cancelled ? percentOfRate(ctx.cancellation!.rateE6 ?? 0) : null,
    total_cancellation_fee: cancelled ? ctx.cancellation!.feeE6 : null,
    total_cancellation_amount: cancelled ? ctx.cancellation!.baseE6 : null,
    is_cancellation_fee_fixed: row.isCancellationFeeFixed,
    is_total_amount_fixed: row.isTotalAmountFixed,
    due_date: row.dueDate,
    normal_due_date: row.normalDueDate ?? row.dueDate,
    is_overdue: isOverdue(state, ctx.today),
    coupon_number: row.couponNumber,
    monthly_invoice_id: row.monthlyInvoiceId,
    // Strings on the wire (spec 001 §9.5): the settlements' ids once a monthly invoice billed the payment.
    agent_settlement_id: settlementIdText(row.monthlyInvoiceId === null ? undefined : ctx.agentSettlementIds?.get(row.monthlyInvoiceId)),
    agent_sub_group_settlement_id: settlementIdText(row.monthlyInvoiceId ?? undefined),
    expected_billing_date: ctx.billing && state.method === 'MONTHLY' && state.status === 'INVOICE_PENDING' && row.monthlyInvoiceId === null ? expectedBillingDate({ ...ctx.billing, today: ctx.today }) : null,
    invoice_url: documentUrl(row, ctx, 'INVOICE'),
    receipt_url: documentUrl(row, ctx, 'RECEIPT'),
    is_cancel_payment_finished: row.cancelPaymentFinished,
    flags: { ...flagsOf(row, ctx.caller), can_refund: canRefund(row, ctx) },
    discrepancy: discrepancy
      ? {
          payment_id: discrepancy.id,
          status: discrepancy.status,
          due_date: discrepancy.dueDate,
          is_overdue: isOverdue(stateOfPayment(discrepancy), ctx.today),
          total_amount: discrepancy.totalAmountE6,
          paid_amount: discrepancy.paidAmountE6,
          direction: discrepancy.direction ?? 'EXTRA',
          invoice_url: documentUrl(discrepancy, ctx, 'INVOICE'),
          receipt_url: documentUrl(discrepancy, ctx, 'RECEIPT'),
          return_invoice_url: documentUrl(discrepancy, ctx, 'RETURN_INVOICE'),
          // Money owed back is not paid by the agent: a refund discrepancy offers neither card nor coupon.
          flags: discrepancy.direction === 'REFUND' ? { ...flagsOf(discrepancy, ctx.caller), can_pay: false, can_issue_coupon: false } : flagsOf(discrepancy, ctx.caller),
        }
      : null,
    discrepancy_details: row.kind === 'FARE' && (row.confirmedAt || discrepancy) ? discrepancyDetails(row, items, ctx, standingE6) : null,
    refunds: presentRefunds(row, ctx),
    booking_money: ctx.account ? presentBookingMoney(ctx.account.bookingStatus, ctx.account.payments, ctx.account.entries) : NO_MONEY,
  };
}

/**
 * The operator refunds from the payment the booking's money now stands on (the fare while the
 * booking is live, the fee once cancelled) while the booking holds money not already promised back.
 */
function canRefund(row: PaymentRow, ctx: PaymentContext): boolean {
  if (ctx.caller !== 'OPERATOR' || !ctx.account) return false;
  const cancelled = ctx.account.bookingStatus === 'CANCELLED';
  if (row.kind !== (cancelled ? 'CANCELLATION' : 'FARE') || row.status === 'INITED') return false;
  return refundableE6(ctx.account.payments) > 0;
}

/** DESIGN §6: the fare as first confirmed, as it stands now, and what cancelling would cost (when quoted). */
function discrepancyDetails(row: PaymentRow, items: PaymentPriceItem[], ctx: PaymentContext, standingE6: number | undefined): PaymentDetail['discrepancy_details'] {
  const initial = row.initialPaidAmountE6;
  const quoted = ctx.cancellation && ctx.cancellation.feeE6 !== null ? ctx.cancellation : null;
  return {
    first_confirmed_payment: initial === null ? null : { total_amount: initial, paid_amount: initial, unit_quantity_price_items: [], recorded_at: row.confirmedAt?.toISOString() ?? null },
    last_payment: { total_amount: standingE6 ?? row.totalAmountE6, paid_amount: row.paidAmountE6, unit_quantity_price_items: items, recorded_at: row.updatedAt.toISOString() },
    expected_cancellation_payment: quoted
      ? {
          cancellation_rate_percent: percentOfRate(quoted.rateE6 ?? 0),
          total_cancellation_amount: quoted.baseE6,
          total_cancellation_fee: quoted.feeE6!,
          // How the fee is settled against what was paid (as it stands now; once cancelled, as it was settled).
          settlement: ctx.account && ctx.account.bookingStatus !== 'CANCELLED' ? presentSettlement(planCancellation(ctx.account.payments, row.paymentMethod, quoted.feeE6!)) : null,
        }
      : null,
  };
}

/** Where a settled fare stands with the discrepancies opened on it so far (payment-state.ts standingTotalE6). */
export function standingOf(fare: PaymentRow, payments: readonly PaymentRow[]): number {
  const discrepancies = payments
    .filter((p) => p.kind === 'DISCREPANCY' && p.parentPaymentId === fare.id)
    .map((p) => ({ direction: p.direction ?? 'EXTRA', status: p.status, totalE6: p.totalAmountE6 }));
  return standingTotalE6({ totalE6: fare.totalAmountE6 }, discrepancies);
}
