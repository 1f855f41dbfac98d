import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export interface SessionRow {
  id: string;
  accountId: string;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

export async function insertSession(
  db: Executor,
  row: { tokenHash: string; csrfToken: string; accountId: string; expiresAt: Date; ip: string; userAgent: string },
): Promise<SessionRow> {
  const [created] = await db.insert(t.sessions).values(row).returning({
    id: t.sessions.id,
    accountId: t.sessions.accountId,
    csrfToken: t.sessions.csrfToken,
    expiresAt: t.sessions.expiresAt,
    lastSeenAt: t.sessions.lastSeenAt,
  });
  return created!;
}

export async function touchSession(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(t.sessions).set({ lastSeenAt: now }).where(eq(t.sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.id, id));
}

export async function deleteSessionByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.tokenHash, tokenHash));
}

/** Ends every session of the account, or every other one when `keep` is given. */
export async function deleteSessionsOf(db: Executor, accountId: string, keep?: string): Promise<void> {
  await db
    .delete(t.sessions)
    .where(keep ? and(eq(t.sessions.accountId, accountId), ne(t.sessions.id, keep)) : eq(t.sessions.accountId, accountId));
}
