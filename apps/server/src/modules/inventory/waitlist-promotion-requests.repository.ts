/**
 * The waitlist promotion requests (db/schema/inventory.ts): written with the change that freed
 * capacity, marked done by the promotion, read back by the sweep and the start-up (ADR 010).
 */
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export interface WaitlistPromotionRequest {
  id: number;
  trains: { service_date: string; service_id: number }[];
  reason: string;
  exceptBookingIds: string[];
}

export async function insertWaitlistPromotionRequest(db: Executor, request: Omit<WaitlistPromotionRequest, 'id'>): Promise<number> {
  const [row] = await db.insert(t.waitlistPromotionRequests).values(request).returning({ id: t.waitlistPromotionRequests.id });
  return row!.id;
}

/** Requests not yet done that were written at or before `writtenBy`, oldest first. */
export async function pendingWaitlistPromotions(db: Executor, writtenBy: Date, limit: number): Promise<WaitlistPromotionRequest[]> {
  const r = t.waitlistPromotionRequests;
  return db
    .select({ id: r.id, trains: r.trains, reason: r.reason, exceptBookingIds: r.exceptBookingIds })
    .from(r)
    .where(and(isNull(r.doneAt), lte(r.createdAt, writtenBy)))
    .orderBy(asc(r.id))
    .limit(limit);
}

export async function markWaitlistPromotionDone(db: Executor, id: number, at: Date): Promise<void> {
  const r = t.waitlistPromotionRequests;
  await db.update(r).set({ doneAt: at }).where(and(eq(r.id, id), isNull(r.doneAt)));
}

/** Requests done before `before` are of no more use (the promotions keep their own history and log). */
export async function pruneWaitlistPromotions(db: Executor, before: Date): Promise<void> {
  const r = t.waitlistPromotionRequests;
  await db.delete(r).where(lt(r.doneAt, before));
}
