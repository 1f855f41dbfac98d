import { count, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, passwordProblems } from '@sagano/domain/auth/password-policy';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * Without demo data nobody could sign in: when no operator user exists, ADMIN_EMAIL and
 * ADMIN_PASSWORD create the first back-office admin.
 */
export async function bootstrapAdmin(db: Db, env: NodeJS.ProcessEnv): Promise<void> {
  const email = env.ADMIN_EMAIL;
  const password = env.ADMIN_PASSWORD;
  if (!email || !password) return;
  const [row] = await db.select({ n: count() }).from(t.operatorUsers).where(eq(t.operatorUsers.userGroup, 'BACK_OFFICE'));
  if ((row?.n ?? 0) > 0) return;
  // The first admin exists only on an install without demo data: the published demo password is refused.
  const problems = passwordProblems(password, { email, published: [DEMO_PASSWORD] });
  if (problems.length > 0) throw new Error(`ADMIN_PASSWORD does not meet the password policy (${problems.join(', ')})`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [account] = await tx.insert(t.accounts).values({ email, kind: 'OPERATOR', passwordHash, passwordChangedAt: new Date() }).returning({ id: t.accounts.id });
    await tx.insert(t.operatorUsers).values({ accountId: account!.id, name: 'Administrator', userGroup: 'BACK_OFFICE', userType: 'ADMIN' });
  });
}
