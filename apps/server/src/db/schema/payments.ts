/**
 * Payments of a booking (fare, cancellation fee or discrepancy) and what moves them: card
 * checkouts through a gateway, the gateway's webhooks (an inbox), and the money that came in or
 * went back (a ledger). Written only by modules/payments (ADR 007). The sandbox provider's own
 * storage is here too, apart: it plays the provider, not us.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';
import type { DiscrepancyDirection, PaymentKind, PaymentMethod, PaymentStatus } from '@sagano/domain/payments/payment-state';
import { LEDGER_KINDS, REFUND_REASONS, type LedgerKind, type RefundReason } from '@sagano/domain/payments/payment-ledger';
import { createdAt, updatedAt, oneOf } from './columns.ts';
import { bookings } from './bookings.ts';
import { groupSettlements } from './settlements.ts';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PaymentKind>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    totalAmountE6: bigint('total_amount_e6', { mode: 'number' }).notNull(),
    paidAmountE6: bigint('paid_amount_e6', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    transactionId: text('transaction_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** What had been paid when the payment was first confirmed (spec: initial_paid_amount). */
    initialPaidAmountE6: bigint('initial_paid_amount_e6', { mode: 'number' }),
    /** The due date the payment was opened with, before any change (spec: normal_due_date). */
    normalDueDate: date('normal_due_date', { mode: 'string' }),
    couponNumber: text('coupon_number'),
    /** Set by the operator's amount adjustment: later re-pricing leaves the total alone. */
    isTotalAmountFixed: boolean('is_total_amount_fixed').notNull().default(false),
    isCancellationFeeFixed: boolean('is_cancellation_fee_fixed').notNull().default(false),
    /** The cancellation payment was marked finished (irreversible, spec 000 §4). */
    cancelPaymentFinished: boolean('cancel_payment_finished').notNull().default(false),
    /** A discrepancy's original payment, and which way the money goes. */
    parentPaymentId: integer('parent_payment_id').references((): AnyPgColumn => payments.id),
    direction: text('direction').$type<DiscrepancyDirection>(),
    adjustReason: text('adjust_reason'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The monthly invoice (group settlement) that billed this payment, once billed. */
    monthlyInvoiceId: integer('monthly_invoice_id').references((): AnyPgColumn => groupSettlements.id),
    /** Who confirmed it by hand (the end of a cancellation payment), for "already confirmed by …". */
    confirmedBy: text('confirmed_by'),
    /** A refund record (direction REFUND): why the money goes back, the operator's words, who asked. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    refundNote: text('refund_note'),
    requestedBy: text('requested_by'),
    /** The operator's refund request key: a double click or a retry finds the refund already made. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    index('payments_monthly_invoice_idx').on(t.monthlyInvoiceId),
    check('payments_direction', sql`${t.direction} is null or ${t.direction} in ('EXTRA', 'REFUND')`),
    check('payments_amounts', sql`${t.totalAmountE6} >= 0 and ${t.paidAmountE6} >= 0`),
    check('payments_kind', sql`${t.kind} in ('FARE', 'CANCELLATION', 'DISCREPANCY')`),
    check('payments_status', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_payment_method', oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check('payments_refund_reason', sql`${t.refundReason} is null or ${oneOf(t.refundReason, REFUND_REASONS)}`),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
  ],
);

/** A card checkout started for a payment: recorded before the gateway is called (phase 1), its answer stored after (phase 3). */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    amountE6: bigint('amount_e6', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('PENDING'),
    gatewayRef: text('gateway_ref'),
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    startedBy: text('started_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_gateway_ref').on(t.gateway, t.gatewayRef),
    index('payment_attempts_payment_idx').on(t.paymentId),
    index('payment_attempts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    check('payment_attempts_status', sql`${t.status} in ('PENDING', 'PAID', 'FAILED', 'EXPIRED')`),
  ],
);

/** Money that came in or went back on a payment: card captures, bank transfers, refunds (negative). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amountE6: bigint('amount_e6', { mode: 'number' }).notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** The gateway's transaction or refund id; unique per kind so a replay records nothing twice. */
    reference: text('reference'),
    note: text('note'),
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
    /** A card capture: the checkout it paid (the gateway refunds against it). */
    gatewayRef: text('gateway_ref'),
    /** A refund through the gateway: the capture (its reference) it returns money from. */
    sourceReference: text('source_reference'),
  },
  (t) => [
    index('payment_transactions_payment_idx').on(t.paymentId),
    uniqueIndex('payment_transactions_reference').on(t.kind, t.reference),
    check('payment_transactions_kind', oneOf(t.kind, LEDGER_KINDS)),
  ],
);

/** The gateway's webhooks as received (the inbox): one row per event id, applied once by a job. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    action: text('action').notNull(),
    event: jsonb('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('gateway_events_event').on(t.gateway, t.eventId), index('gateway_events_unprocessed_idx').on(t.id).where(sql`${t.processedAt} is null`)],
);

/** The sandbox provider's own checkouts (it plays a card provider's test mode; our tables above never read these). */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    ref: text('ref').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountE6: bigint('amount_e6', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status').notNull().default('OPEN'),
    transactionId: text('transaction_id'),
    refundedE6: bigint('refunded_e6', { mode: 'number' }).notNull().default(0),
    /** The idempotency keys of the refunds made (a retried refund call is answered, not made twice). */
    refundKeys: text('refund_keys').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_checkouts_idempotency_key').on(t.idempotencyKey), check('sandbox_checkouts_status', sql`${t.status} in ('OPEN', 'REQUIRES_ACTION', 'PAID', 'EXPIRED')`)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const paymentsTableOwners = {
  payments: 'payments',
  payment_attempts: 'payments',
  payment_transactions: 'payments',
  gateway_events: 'payments',
  sandbox_checkouts: 'payments',
} as const;
