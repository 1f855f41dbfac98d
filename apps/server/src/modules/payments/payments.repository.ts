/**
 * Reads and writes of payments and what moves them (attempts, the ledger, the gateway inbox).
 * The payments module is the only writer of these tables (ADR 007).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

/** A payments row read as JSON (`to_jsonb(p)` in a raw query) back into the typed row. */
export function paymentRowOfJson(j: Record<string, unknown> | null): PaymentRow | undefined {
  if (!j) return undefined;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    id: Number(j.id),
    bookingId: Number(j.booking_id),
    kind: String(j.kind),
    status: String(j.status),
    paymentMethod: String(j.payment_method),
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
    direction: (j.direction as string | null) ?? null,
    adjustReason: (j.adjust_reason as string | null) ?? null,
    confirmedAt: d(j.confirmed_at),
    monthlyInvoiceId: n(j.monthly_invoice_id),
  };
}

/** What the ledger says was paid (captures and transfers less refunds), never below 0: whatever order the rows arrived in. */
export async function ledgerPaidE6(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${t.paymentTransactions.amountE6}), 0)::text` }).from(t.paymentTransactions).where(eq(t.paymentTransactions.paymentId, paymentId));
  return Math.max(0, Number(row?.sum ?? 0));
}
