/**
 * Reads and writes of payments and what moves them (attempts, the ledger, the gateway inbox).
 * The payments module is the only writer of these tables (ADR 007).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { REFUND_REASONS, type LedgerEntry, type LedgerKind } from '@sagano/domain/payments/payment-ledger';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type DiscrepancyDirection } from '@sagano/domain/payments/payment-state';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type PaymentRow = typeof t.payments.$inferSelect;
export type PaymentAttemptRow = typeof t.paymentAttempts.$inferSelect;
export type PaymentTransactionRow = typeof t.paymentTransactions.$inferSelect;
export type GatewayEventRow = typeof t.gatewayEvents.$inferSelect;

export async function findPayment(db: Executor, paymentId: number, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(t.payments).where(eq(t.payments.id, paymentId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Payments by id, in id order (locked in that order with `lock`). */
export async function findPayments(db: Executor, paymentIds: readonly number[], options: { lock?: boolean } = {}): Promise<PaymentRow[]> {
  if (paymentIds.length === 0) return [];
  const query = db.select().from(t.payments).where(inArray(t.payments.id, [...paymentIds])).orderBy(asc(t.payments.id));
  return options.lock ? query.for('update') : query;
}

export async function paymentsOfBooking(db: Executor, bookingId: number, options: { lock?: boolean } = {}): Promise<PaymentRow[]> {
  const query = db.select().from(t.payments).where(eq(t.payments.bookingId, bookingId)).orderBy(asc(t.payments.id));
  return options.lock ? query.for('update') : query;
}

export async function insertPayment(db: Executor, values: typeof t.payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(t.payments).values(values).returning();
  return row!;
}

export async function updatePayment(db: Executor, paymentId: number, patch: Partial<typeof t.payments.$inferInsert>): Promise<void> {
  await db.update(t.payments).set({ ...patch, updatedAt: new Date() }).where(eq(t.payments.id, paymentId));
}

/**
 * Writes many payments' rows in one statement, each its own values (what a batch of steps answered:
 * the monthly billing moves hundreds at once). Every row names the same columns; rows read under
 * lock in the caller's transaction.
 */
export async function updatePaymentsEach(db: Executor, rows: readonly PaymentRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    id: r.id,
    status: r.status,
    payment_method: r.paymentMethod,
    total_amount_e6: r.totalAmountE6,
    paid_amount_e6: r.paidAmountE6,
    due_date: r.dueDate,
    normal_due_date: r.normalDueDate,
    initial_paid_amount_e6: r.initialPaidAmountE6,
    is_total_amount_fixed: r.isTotalAmountFixed,
    is_cancellation_fee_fixed: r.isCancellationFeeFixed,
    cancel_payment_finished: r.cancelPaymentFinished,
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
    monthly_invoice_id: r.monthlyInvoiceId,
  }));
  await db.execute(sql`
    update payments p set
      status = v.status, payment_method = v.payment_method, total_amount_e6 = v.total_amount_e6,
      paid_amount_e6 = v.paid_amount_e6, due_date = v.due_date, normal_due_date = v.normal_due_date,
      initial_paid_amount_e6 = v.initial_paid_amount_e6, is_total_amount_fixed = v.is_total_amount_fixed,
      is_cancellation_fee_fixed = v.is_cancellation_fee_fixed, cancel_payment_finished = v.cancel_payment_finished,
      confirmed_at = v.confirmed_at, monthly_invoice_id = v.monthly_invoice_id, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id integer, status text, payment_method text, total_amount_e6 bigint, paid_amount_e6 bigint, due_date date,
      normal_due_date date, initial_paid_amount_e6 bigint, is_total_amount_fixed boolean, is_cancellation_fee_fixed boolean,
      cancel_payment_finished boolean, confirmed_at timestamptz, monthly_invoice_id integer)
    where p.id = v.id`);
}

export async function insertAttempt(db: Executor, values: typeof t.paymentAttempts.$inferInsert): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(t.paymentAttempts).values(values).returning();
  return row!;
}

export async function updateAttempt(db: Executor, attemptId: number, patch: Partial<typeof t.paymentAttempts.$inferInsert>): Promise<void> {
  await db.update(t.paymentAttempts).set({ ...patch, updatedAt: new Date() }).where(eq(t.paymentAttempts.id, attemptId));
}

/** The checkout still open for this payment and amount, to hand back instead of starting another. */
export async function openAttempt(db: Executor, paymentId: number, amountE6: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(t.paymentAttempts)
    .where(and(eq(t.paymentAttempts.paymentId, paymentId), eq(t.paymentAttempts.amountE6, amountE6), eq(t.paymentAttempts.status, 'PENDING'), sql`${t.paymentAttempts.checkoutUrl} is not null`))
    .orderBy(sql`${t.paymentAttempts.id} desc`)
    .limit(1);
  return row;
}

export async function attemptByRef(db: Executor, gateway: string, gatewayRef: string, options: { lock?: boolean } = {}): Promise<PaymentAttemptRow | undefined> {
  const query = db.select().from(t.paymentAttempts).where(and(eq(t.paymentAttempts.gateway, gateway), eq(t.paymentAttempts.gatewayRef, gatewayRef)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The checkout that paid this payment, if any. */
export async function paidAttempt(db: Executor, paymentId: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(t.paymentAttempts).where(and(eq(t.paymentAttempts.paymentId, paymentId), eq(t.paymentAttempts.status, 'PAID'))).orderBy(sql`${t.paymentAttempts.id} desc`).limit(1);
  return row;
}

export async function latestAttempt(db: Executor, paymentId: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.paymentId, paymentId)).orderBy(sql`${t.paymentAttempts.id} desc`).limit(1);
  return row;
}

/** Attempts still pending since before `before`: the reconcile sweep asks the gateway about them. */
export async function stalePendingAttempts(db: Executor, before: Date, limit = 100): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(t.paymentAttempts)
    .where(and(eq(t.paymentAttempts.status, 'PENDING'), lte(t.paymentAttempts.createdAt, before), sql`${t.paymentAttempts.gatewayRef} is not null`))
    .orderBy(asc(t.paymentAttempts.id))
    .limit(limit);
}

/** Records money in or out; a second row with the same kind and reference records nothing (answers undefined). */
export async function insertTransaction(db: Executor, values: typeof t.paymentTransactions.$inferInsert): Promise<PaymentTransactionRow | undefined> {
  const [row] = await db.insert(t.paymentTransactions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function transactionsOf(db: Executor, paymentIds: number[]): Promise<PaymentTransactionRow[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(t.paymentTransactions).where(sql`${t.paymentTransactions.paymentId} in (${sql.join(paymentIds.map((id) => sql`${id}`), sql`, `)})`).orderBy(asc(t.paymentTransactions.id));
}

/** Stores a verified webhook once; answers its row id, or undefined when the event was already received. */
export async function insertGatewayEvent(db: Executor, values: { gateway: string; eventId: string; action: string; event: unknown }): Promise<number | undefined> {
  const [row] = await db.insert(t.gatewayEvents).values(values).onConflictDoNothing().returning({ id: t.gatewayEvents.id });
  return row?.id;
}

export async function lockUnprocessedEvent(db: Executor, id: number): Promise<GatewayEventRow | undefined> {
  const [row] = await db.select().from(t.gatewayEvents).where(and(eq(t.gatewayEvents.id, id), sql`${t.gatewayEvents.processedAt} is null`)).for('update');
  return row;
}

export async function markEventProcessed(db: Executor, id: number, outcome: string, at: Date): Promise<void> {
  await db.update(t.gatewayEvents).set({ processedAt: at, outcome }).where(eq(t.gatewayEvents.id, id));
}

export async function unprocessedEventIds(db: Executor, limit = 100): Promise<number[]> {
  const rows = await db.select({ id: t.gatewayEvents.id }).from(t.gatewayEvents).where(sql`${t.gatewayEvents.processedAt} is null`).orderBy(asc(t.gatewayEvents.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** The booking a payment belongs to, locked: every payment step locks the booking first, then the payment (one lock order, no deadlocks). */
export async function lockBookingById(db: Executor, id: number): Promise<{ id: number; bookingId: string; agentId: number; agentSubGroupId: number; status: string; groupName: string; applicantEmail: string } | undefined> {
  const [row] = await db
    .select({ id: t.bookings.id, bookingId: t.bookings.bookingId, agentId: t.bookings.agentId, agentSubGroupId: t.bookings.agentSubGroupId, status: t.bookings.status, groupName: t.bookings.groupName, applicant: t.bookings.applicant })
    .from(t.bookings)
    .where(eq(t.bookings.id, id))
    .for('update');
  return row ? { ...row, applicantEmail: (row.applicant as { email: string }).email } : undefined;
}

/** Locks many bookings in one statement, in id order (the payments module's lock order). */
export async function lockBookingsByIds(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`select id from bookings where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int) order by id for update`);
}

const DISCREPANCY_DIRECTIONS: readonly DiscrepancyDirection[] = ['EXTRA', 'REFUND'];

/** A value of one of the payments columns read back from JSON (the column's check constraint allows only these). */
function oneOf<T extends string>(values: readonly T[], column: string, v: unknown): T {
  const value = values.find((s) => s === v);
  if (value === undefined) throw new Error(`unknown payment ${column}: ${String(v)}`);
  return value;
}

/** The same for a column that may be null. */
const oneOfOrNull = <T extends string>(values: readonly T[], column: string, v: unknown): T | null => (v === null || v === undefined ? null : oneOf(values, column, v));

/** A payments row read as JSON (`to_jsonb(p)` in a raw query) back into the typed row. */
export function paymentRowOfJson(j: Record<string, unknown> | null): PaymentRow | undefined {
  if (!j) return undefined;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    id: Number(j.id),
    bookingId: Number(j.booking_id),
    kind: oneOf(PAYMENT_KINDS, 'kind', j.kind),
    status: oneOf(PAYMENT_STATUSES, 'status', j.status),
    paymentMethod: oneOf(PAYMENT_METHODS, 'payment_method', j.payment_method),
    totalAmountE6: Number(j.total_amount_e6),
    paidAmountE6: Number(j.paid_amount_e6),
    dueDate: (j.due_date as string | null) ?? null,
    transactionId: (j.transaction_id as string | null) ?? null,
    issuedAt: d(j.issued_at)!,
    updatedAt: d(j.updated_at)!,
    initialPaidAmountE6: n(j.initial_paid_amount_e6),
    normalDueDate: (j.normal_due_date as string | null) ?? null,
    couponNumber: (j.coupon_number as string | null) ?? null,
    isTotalAmountFixed: Boolean(j.is_total_amount_fixed),
    isCancellationFeeFixed: Boolean(j.is_cancellation_fee_fixed),
    cancelPaymentFinished: Boolean(j.cancel_payment_finished),
    parentPaymentId: n(j.parent_payment_id),
    direction: oneOfOrNull(DISCREPANCY_DIRECTIONS, 'direction', j.direction),
    adjustReason: (j.adjust_reason as string | null) ?? null,
    confirmedAt: d(j.confirmed_at),
    monthlyInvoiceId: n(j.monthly_invoice_id),
    confirmedBy: (j.confirmed_by as string | null) ?? null,
    refundReason: oneOfOrNull(REFUND_REASONS, 'refund_reason', j.refund_reason),
    refundNote: (j.refund_note as string | null) ?? null,
    requestedBy: (j.requested_by as string | null) ?? null,
    idempotencyKey: (j.idempotency_key as string | null) ?? null,
  };
}

/** What the ledger says was paid (captures and transfers less refunds), never below 0: whatever order the rows arrived in. */
export async function ledgerPaidE6(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${t.paymentTransactions.amountE6}), 0)::text` }).from(t.paymentTransactions).where(eq(t.paymentTransactions.paymentId, paymentId));
  return Math.max(0, Number(row?.sum ?? 0));
}

/** The ledger of one booking, summed per payment and kind (what bookingMoney reads). */
export async function ledgerOfBooking(db: Executor, bookingId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .select({ paymentId: t.paymentTransactions.paymentId, kind: t.paymentTransactions.kind, amount: sql<string>`sum(${t.paymentTransactions.amountE6})::text` })
    .from(t.paymentTransactions)
    .innerJoin(t.payments, eq(t.payments.id, t.paymentTransactions.paymentId))
    .where(eq(t.payments.bookingId, bookingId))
    .groupBy(t.paymentTransactions.paymentId, t.paymentTransactions.kind);
  return rows.map((r) => ({ paymentId: r.paymentId, kind: r.kind, amountE6: safeE6(Number(r.amount)) }));
}

/** The ledger entries of several bookings (the payments list), by booking. */
export async function ledgerOfBookings(db: Executor, bookingIds: readonly number[]): Promise<Map<number, { payments: PaymentRow[]; entries: LedgerEntry[] }>> {
  const out = new Map<number, { payments: PaymentRow[]; entries: LedgerEntry[] }>();
  if (bookingIds.length === 0) return out;
  for (const id of bookingIds) out.set(id, { payments: [], entries: [] });
  const payments = await db.select().from(t.payments).where(inArray(t.payments.bookingId, [...bookingIds])).orderBy(asc(t.payments.id));
  for (const p of payments) out.get(p.bookingId)!.payments.push(p);
  const rows = await db
    .select({ bookingId: t.payments.bookingId, paymentId: t.paymentTransactions.paymentId, kind: t.paymentTransactions.kind, amount: sql<string>`sum(${t.paymentTransactions.amountE6})::text` })
    .from(t.paymentTransactions)
    .innerJoin(t.payments, eq(t.payments.id, t.paymentTransactions.paymentId))
    .where(inArray(t.payments.bookingId, [...bookingIds]))
    .groupBy(t.payments.bookingId, t.paymentTransactions.paymentId, t.paymentTransactions.kind);
  for (const r of rows) out.get(r.bookingId)!.entries.push({ paymentId: r.paymentId, kind: r.kind, amountE6: safeE6(Number(r.amount)) });
  return out;
}

/** The card captures of a booking's payments, with what was already refunded from each (the refund job takes from them in order). */
export async function capturesOfBooking(db: Executor, bookingId: number): Promise<{ paymentId: number; reference: string; gatewayRef: string | null; amountE6: number; refundedE6: number }[]> {
  const rows = rowsOf<{ payment_id: number; reference: string; gateway_ref: string | null; amount_e6: string; refunded_e6: string }>(
    await db.execute(sql`
      select c.payment_id, c.reference, c.gateway_ref, c.amount_e6::text,
             coalesce((select -sum(r.amount_e6) from payment_transactions r where r.kind = 'REFUND' and r.source_reference = c.reference), 0)::text as refunded_e6
      from payment_transactions c join payments p on p.id = c.payment_id
      where p.booking_id = ${bookingId} and c.kind = 'CARD_CAPTURE' and c.reference is not null
      order by c.id`),
  );
  return rows.map((r) => ({ paymentId: r.payment_id, reference: r.reference, gatewayRef: r.gateway_ref, amountE6: safeE6(Number(r.amount_e6)), refundedE6: safeE6(Number(r.refunded_e6)) }));
}

/** A refund record by the operator's request key (a double click or a retry finds it). */
export async function paymentByIdempotencyKey(db: Executor, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(t.payments).where(eq(t.payments.idempotencyKey, key));
  return row;
}

/** Refund records still to be made through the gateway (the refund job's sweep at start). */
export async function pendingGatewayRefundIds(db: Executor, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(and(eq(t.payments.kind, 'DISCREPANCY'), eq(t.payments.direction, 'REFUND'), eq(t.payments.status, 'PAYMENT_PENDING'), eq(t.payments.paymentMethod, 'ONLINE_CREDIT_CARD')))
    .orderBy(asc(t.payments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether the ledger already holds an entry of this kind and reference (a gateway's refund or capture id). */
export async function ledgerHasReference(db: Executor, kind: LedgerKind, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: t.paymentTransactions.id }).from(t.paymentTransactions).where(and(eq(t.paymentTransactions.kind, kind), eq(t.paymentTransactions.reference, reference)));
  return row !== undefined;
}
