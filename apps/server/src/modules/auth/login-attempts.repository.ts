import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function recordAttempt(db: Executor, emailKey: string, succeeded: boolean, ip: string): Promise<void> {
  await db.insert(t.loginAttempts).values({ emailKey, succeeded, ip });
}

/**
 * The failure that holds the account: the `limit`-th newest since `since` that came after its latest
 * successful login. Null while fewer count; with it, sign-in opens when it leaves the window.
 */
export async function limitingFailureAt(db: Executor, emailKey: string, since: Date, limit: number): Promise<Date | null> {
  const [lastSuccess] = await db
    .select({ at: t.loginAttempts.createdAt })
    .from(t.loginAttempts)
    .where(and(eq(t.loginAttempts.emailKey, emailKey), eq(t.loginAttempts.succeeded, true)))
    .orderBy(desc(t.loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [row] = await db
    .select({ at: t.loginAttempts.createdAt })
    .from(t.loginAttempts)
    .where(and(eq(t.loginAttempts.emailKey, emailKey), eq(t.loginAttempts.succeeded, false), gt(t.loginAttempts.createdAt, from)))
    .orderBy(desc(t.loginAttempts.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row?.at ?? null;
}

/** Attempts older than a day are of no further use. */
export async function pruneAttempts(db: Executor): Promise<void> {
  await db.delete(t.loginAttempts).where(sql`${t.loginAttempts.createdAt} < now() - interval '1 day'`);
}
