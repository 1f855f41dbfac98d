import { and, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AgentType } from '@sagano/domain/agents/agent-constants';
import type { AccountKind, StaffType, UserGroup, UserType } from '@sagano/domain/auth/roles';
import type { Executor } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as t from '../../db/schema.ts';

/** An account with the profile that decides its role. */
export interface AccountWithProfile {
  id: string;
  email: string;
  kind: AccountKind;
  passwordHash: string | null;
  totpEnrolledAt: Date | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  /** The staff member's agent requires two-factor sign-in. */
  agentRequiresTotp: boolean;
  agentType: AgentType | null;
  name: string;
  languageCode: string;
  userGroup: UserGroup | null;
  userType: UserType | null;
  agentId: number | null;
  groupId: number | null;
  groupIsRoot: boolean | null;
  staffType: StaffType | null;
}

const profileColumns = {
  id: t.accounts.id,
  email: t.accounts.email,
  kind: t.accounts.kind,
  passwordHash: t.accounts.passwordHash,
  totpEnrolledAt: t.accounts.totpEnrolledAt,
  totpSecret: t.accounts.totpSecret,
  totpLastStep: t.accounts.totpLastStep,
  agentRequiresTotp: t.agents.requireTotp,
  agentType: t.agents.agentType,
  operatorName: t.operatorUsers.name,
  operatorLanguage: t.operatorUsers.languageCode,
  userGroup: t.operatorUsers.userGroup,
  userType: t.operatorUsers.userType,
  staffName: t.agentStaffs.name,
  staffLanguage: t.agentStaffs.languageCode,
  agentId: t.agentStaffs.agentId,
  groupId: t.agentStaffs.groupId,
  groupIsRoot: t.agentGroups.isRoot,
  staffType: t.agentStaffs.staffType,
};

/** A row of the profile query: the person's, branch's and agent's columns are null for an account that has none (left joins). */
type ProfileRow = Awaited<ReturnType<typeof profileQuery>>[number];

function toAccount(row: ProfileRow): AccountWithProfile {
  return {
    id: row.id,
    email: row.email,
    kind: row.kind,
    passwordHash: row.passwordHash,
    totpEnrolledAt: row.totpEnrolledAt,
    totpSecret: row.totpSecret,
    totpLastStep: row.totpLastStep,
    agentRequiresTotp: row.agentRequiresTotp ?? false,
    agentType: row.agentType,
    name: row.operatorName ?? row.staffName ?? '',
    languageCode: row.operatorLanguage ?? row.staffLanguage ?? 'ja',
    userGroup: row.userGroup,
    userType: row.userType,
    agentId: row.agentId,
    groupId: row.groupId,
    groupIsRoot: row.groupIsRoot,
    staffType: row.staffType,
  };
}

function profileQuery(db: Executor) {
  return profileQueryWith(db, {});
}

/** The profile query with more columns (of tables joined onto it by the caller). */
function profileQueryWith<Extra extends Record<string, PgColumn>>(db: Executor, extra: Extra) {
  return db
    .select({ ...profileColumns, ...extra })
    .from(t.accounts)
    .leftJoin(t.operatorUsers, eq(t.operatorUsers.accountId, t.accounts.id))
    .leftJoin(t.agentStaffs, eq(t.agentStaffs.accountId, t.accounts.id))
    .leftJoin(t.agentGroups, eq(t.agentGroups.id, t.agentStaffs.groupId))
    .leftJoin(t.agents, eq(t.agents.id, t.agentStaffs.agentId));
}

export async function findAccountByEmail(db: Executor, email: string, kind?: AccountKind): Promise<AccountWithProfile | undefined> {
  const byEmail = sql`lower(${t.accounts.email}) = lower(${email})`;
  const [row] = await profileQuery(db).where(kind ? and(byEmail, eq(t.accounts.kind, kind)) : byEmail);
  return row ? toAccount(row) : undefined;
}

export async function findAccountById(db: Executor, id: string): Promise<AccountWithProfile | undefined> {
  const [row] = await profileQuery(db).where(eq(t.accounts.id, id));
  return row ? toAccount(row) : undefined;
}

function sessionLookup(db: Executor) {
  return profileQueryWith(db, {
    sessionId: t.sessions.id,
    csrfToken: t.sessions.csrfToken,
    expiresAt: t.sessions.expiresAt,
    lastSeenAt: t.sessions.lastSeenAt,
  })
    .innerJoin(t.sessions, eq(t.sessions.accountId, t.accounts.id))
    .where(and(eq(t.sessions.tokenHash, sql.placeholder('tokenHash')), gt(t.sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_account');
}

/** Built once per database: every request asks it (a prepared statement on a PostgreSQL server). */
const sessionLookups = new WeakMap<Executor, ReturnType<typeof sessionLookup>>();

/** A live session (by token hash) with its account, in one statement: every request asks this. */
export async function findSessionAccount(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ session: { id: string; accountId: string; csrfToken: string; expiresAt: Date; lastSeenAt: Date }; account: AccountWithProfile } | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  const account = toAccount(row);
  return { session: { id: row.sessionId, accountId: account.id, csrfToken: row.csrfToken, expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt }, account };
}

export async function emailTaken(db: Executor, email: string, exceptAccountId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(sql`lower(${t.accounts.email}) = lower(${email})`);
  return rows.some((r) => r.id !== exceptAccountId);
}

export async function setPassword(db: Executor, accountId: string, passwordHash: string): Promise<void> {
  await db
    .update(t.accounts)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(t.accounts.id, accountId));
}

/** Takes a one-time code's step, unless a later or equal one was taken already (a replay): false then. */
export async function takeTotpStep(db: Executor, accountId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(t.accounts)
    .set({ totpLastStep: step })
    .where(sql`${t.accounts.id} = ${accountId} and (${t.accounts.totpLastStep} is null or ${t.accounts.totpLastStep} < ${step})`)
    .returning({ id: t.accounts.id });
  return rows.length === 1;
}

export async function setPendingTotpSecret(db: Executor, accountId: string, secret: string | null): Promise<void> {
  await db.update(t.accounts).set({ totpPendingSecret: secret }).where(eq(t.accounts.id, accountId));
}

export async function pendingTotpSecret(db: Executor, accountId: string): Promise<string | null> {
  const [row] = await db.select({ secret: t.accounts.totpPendingSecret }).from(t.accounts).where(eq(t.accounts.id, accountId));
  return row?.secret ?? null;
}

/** Makes a confirmed secret the account's second factor (the confirming code's step is used up). */
export async function enrollTotp(db: Executor, accountId: string, secret: string, step: number): Promise<void> {
  await db.update(t.accounts).set({ totpSecret: secret, totpPendingSecret: null, totpEnrolledAt: new Date(), totpLastStep: step }).where(eq(t.accounts.id, accountId));
}

/**
 * Seals two-factor secrets stored in plain text (before sealing existed); run at start.
 * Answers how many accounts were sealed.
 */
export async function sealPlainTotpSecrets(db: Executor, secrets: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: t.accounts.id, secret: t.accounts.totpSecret, pending: t.accounts.totpPendingSecret })
    .from(t.accounts)
    .where(sql`(${t.accounts.totpSecret} is not null and ${t.accounts.totpSecret} not like 'v1.%')
            or (${t.accounts.totpPendingSecret} is not null and ${t.accounts.totpPendingSecret} not like 'v1.%')`);
  for (const row of rows) {
    const seal = (value: string | null) => (value === null || secrets.isSealed(value) ? value : secrets.seal(value, row.id));
    await db.update(t.accounts).set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) }).where(eq(t.accounts.id, row.id));
  }
  return rows.length;
}

export async function clearTotp(db: Executor, accountId: string): Promise<void> {
  await db.update(t.accounts).set({ totpSecret: null, totpPendingSecret: null, totpEnrolledAt: null, totpLastStep: null, updatedAt: new Date() }).where(eq(t.accounts.id, accountId));
}

// ---------- the account rows of the users and agents screens (auth owns accounts, ADR 024) ----------

/** A new account without a password (the invitation sets it); answers its id. */
export async function insertAccount(db: Executor, email: string, kind: AccountKind): Promise<string> {
  const [account] = await db.insert(t.accounts).values({ email, kind }).returning({ id: t.accounts.id });
  return account!.id;
}

/** The account's email (an operator user edited). */
export async function setAccountEmail(db: Executor, id: string, email: string): Promise<void> {
  await db.update(t.accounts).set({ email, updatedAt: new Date() }).where(eq(t.accounts.id, id));
}

/** The account's profile changed (its updated_at says when). */
export async function touchAccount(db: Executor, id: string): Promise<void> {
  await db.update(t.accounts).set({ updatedAt: new Date() }).where(eq(t.accounts.id, id));
}

/** Deletes the account; its sessions and profile go with it. */
export async function deleteAccount(db: Executor, id: string): Promise<void> {
  await db.delete(t.accounts).where(eq(t.accounts.id, id));
}

/** Deletes the accounts whose ids `ids` selects (e.g. an agent's staff). */
export async function deleteAccountsIn(db: Executor, ids: SQLWrapper): Promise<void> {
  await db.delete(t.accounts).where(inArray(t.accounts.id, ids));
}
