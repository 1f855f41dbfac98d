import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ResetPurpose = 'RESET' | 'INVITE';

export async function insertResetToken(
  db: Executor,
  row: { tokenHash: string; accountId: string; purpose: ResetPurpose; expiresAt: Date },
): Promise<void> {
  // A new link replaces any earlier unused one for the same account.
  await db
    .update(t.passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(t.passwordResetTokens.accountId, row.accountId), isNull(t.passwordResetTokens.usedAt)));
  await db.insert(t.passwordResetTokens).values(row);
}

/** Marks the token used and answers its account, only when it is unused and unexpired. */
export async function consumeResetToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(t.passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.passwordResetTokens.tokenHash, tokenHash),
        isNull(t.passwordResetTokens.usedAt),
        gt(t.passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ accountId: t.passwordResetTokens.accountId });
  return row?.accountId;
}
