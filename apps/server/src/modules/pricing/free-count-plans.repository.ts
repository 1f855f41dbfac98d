import { asc, eq, sql } from 'drizzle-orm';
import type { FreeCountPlanBody, FreeCountPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

function toResponse(r: typeof t.freeCountPlans.$inferSelect): FreeCountPlanResponse {
  return { id: r.id, min: r.min, max: r.max, free_quantity: r.freeQuantity, updated_at: r.updatedAt.toISOString() };
}

export async function listFreeCountPlans(db: Executor): Promise<FreeCountPlanResponse[]> {
  const rows = await db.select().from(t.freeCountPlans).orderBy(asc(t.freeCountPlans.min), asc(t.freeCountPlans.id));
  return rows.map(toResponse);
}

export async function findFreeCountPlan(db: Executor, id: number): Promise<FreeCountPlanResponse | undefined> {
  const [row] = await db.select().from(t.freeCountPlans).where(eq(t.freeCountPlans.id, id));
  return row ? toResponse(row) : undefined;
}

/** Serialises free count plan writes so two overlapping ranges cannot be saved side by side. */
export async function lockFreeCountPlans(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${t.freeCountPlans} in share row exclusive mode`);
}

export async function insertFreeCountPlan(db: Executor, input: FreeCountPlanBody): Promise<number> {
  const [row] = await db.insert(t.freeCountPlans).values({ min: input.min, max: input.max, freeQuantity: input.free_quantity }).returning({ id: t.freeCountPlans.id });
  return row!.id;
}

export async function updateFreeCountPlan(db: Executor, id: number, input: FreeCountPlanBody): Promise<void> {
  await db.update(t.freeCountPlans).set({ min: input.min, max: input.max, freeQuantity: input.free_quantity, updatedAt: new Date() }).where(eq(t.freeCountPlans.id, id));
}

export async function deleteFreeCountPlan(db: Executor, id: number): Promise<void> {
  await db.delete(t.freeCountPlans).where(eq(t.freeCountPlans.id, id));
}
