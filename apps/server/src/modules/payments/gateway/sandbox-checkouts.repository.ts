/** The sandbox provider's own checkouts (sandbox_checkouts): only the sandbox adapter and its pages use them. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import * as t from '../../../db/schema.ts';

export type SandboxCheckoutRow = typeof t.sandboxCheckouts.$inferSelect;

/** A new checkout; a retried call with the same idempotency key keeps the first one. */
export async function insertCheckout(db: Executor, checkout: { ref: string; idempotencyKey: string; amountE6: number; currency: string; description: string; returnUrl: string }): Promise<void> {
  await db.insert(t.sandboxCheckouts).values(checkout).onConflictDoNothing({ target: t.sandboxCheckouts.idempotencyKey });
}

export async function checkoutByIdempotencyKey(db: Executor, idempotencyKey: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(t.sandboxCheckouts).where(eq(t.sandboxCheckouts.idempotencyKey, idempotencyKey));
  return row;
}

export async function checkoutByRef(db: Executor, ref: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(t.sandboxCheckouts).where(eq(t.sandboxCheckouts.ref, ref));
  return row;
}

/** Refunds `amountE6` of a paid checkout once per idempotency key, never more than was paid; undefined when refused or already made. */
export async function refundCheckout(db: Executor, refund: { gatewayRef: string; amountE6: number; idempotencyKey: string }): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db
    .update(t.sandboxCheckouts)
    .set({ refundedE6: sql`${t.sandboxCheckouts.refundedE6} + ${refund.amountE6}`, refundKeys: sql`array_append(${t.sandboxCheckouts.refundKeys}, ${refund.idempotencyKey})`, updatedAt: new Date() })
    .where(
      sql`${t.sandboxCheckouts.ref} = ${refund.gatewayRef} and ${t.sandboxCheckouts.status} = 'PAID' and ${t.sandboxCheckouts.refundedE6} + ${refund.amountE6} <= ${t.sandboxCheckouts.amountE6} and not (${refund.idempotencyKey} = any(${t.sandboxCheckouts.refundKeys}))`,
    )
    .returning();
  return row;
}

/** Whether the refund with this idempotency key was already made on the checkout. */
export async function refundMade(db: Executor, gatewayRef: string, idempotencyKey: string): Promise<boolean> {
  const [made] = await db.select({ ref: t.sandboxCheckouts.ref }).from(t.sandboxCheckouts).where(sql`${t.sandboxCheckouts.ref} = ${gatewayRef} and ${idempotencyKey} = any(${t.sandboxCheckouts.refundKeys})`);
  return made !== undefined;
}

/** Marks the checkout paid when it is in one of the `from` states; answers it when it was. */
export async function markCheckoutPaid(db: Executor, ref: string, from: readonly ('OPEN' | 'REQUIRES_ACTION')[], transactionId: string, now: Date): Promise<SandboxCheckoutRow | undefined> {
  const [paid] = await db
    .update(t.sandboxCheckouts)
    .set({ status: 'PAID', transactionId, updatedAt: now })
    .where(and(eq(t.sandboxCheckouts.ref, ref), inArray(t.sandboxCheckouts.status, [...from])))
    .returning();
  return paid;
}

/** A declined card leaves the checkout open for another try. */
export async function reopenCheckout(db: Executor, ref: string, now: Date): Promise<void> {
  await db.update(t.sandboxCheckouts).set({ status: 'OPEN', updatedAt: now }).where(eq(t.sandboxCheckouts.ref, ref));
}

/** An open checkout whose card needs the extra confirmation. */
export async function checkoutRequiresAction(db: Executor, ref: string, now: Date): Promise<void> {
  await db.update(t.sandboxCheckouts).set({ status: 'REQUIRES_ACTION', updatedAt: now }).where(and(eq(t.sandboxCheckouts.ref, ref), eq(t.sandboxCheckouts.status, 'OPEN')));
}
