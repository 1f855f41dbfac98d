import { asc, max, sql } from 'drizzle-orm';
import type { CancellationPolicyResponse, CancellationPolicyRowBody } from '@sagano/domain/master-data/cancellation-policy-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** The policy now in force, shortest notice first, with its last change. */
export async function readCurrentCancellationPolicy(db: Executor): Promise<CancellationPolicyResponse> {
  const rows = await db.select().from(t.cancellationPolicies).orderBy(asc(t.cancellationPolicies.daysBefore));
  const [last] = await db.select({ at: max(t.cancellationPolicies.updatedAt) }).from(t.cancellationPolicies);
  return { policy: rows.map((r) => ({ days_before: r.daysBefore, rate_e6: r.rateE6 })), updated_at: last?.at ? new Date(last.at).toISOString() : null };
}

/**
 * Replaces every row. The table lock makes two replacements wait for each other; a booking
 * confirmed meanwhile reads the policy before or after, never half of it.
 */
export async function replaceCancellationPolicy(db: Executor, rows: readonly CancellationPolicyRowBody[]): Promise<void> {
  await db.execute(sql`lock table ${t.cancellationPolicies} in share row exclusive mode`);
  await db.delete(t.cancellationPolicies);
  const now = new Date();
  await db.insert(t.cancellationPolicies).values(rows.map((r) => ({ daysBefore: r.days_before, rateE6: r.rate_e6, updatedAt: now })));
}
