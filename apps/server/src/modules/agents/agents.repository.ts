import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_TYPE_OF_AGENT, type AgentListQuery, type AgentSummary, type AgentType, type CreateAgentBody, type UpdateAgentBody } from '@sagano/domain/agents/agent-schemas';
import type { StaffType } from '@sagano/domain/auth/roles';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { containsPattern } from '../../db/paging.ts';
import { deleteAccount, deleteAccountsIn, insertAccount, touchAccount } from '../auth/index.ts';
import { deleteGroupNotifications } from '../notifications/index.ts';

/** Agents with their branches, for pickers and the agents list. */
export async function listAgents(db: Executor, q: AgentListQuery): Promise<{ total: number; rows: AgentSummary[] }> {
  const f = [sql`true`];
  if (q.query) {
    const like = containsPattern(q.query);
    f.push(sql`(a.name_ja ilike ${like} or a.name_kana ilike ${like} or a.name_en ilike ${like})`);
  }
  if (q['agent_type.value']) f.push(sql`a.agent_type = ${q['agent_type.value']}`);
  if (q.email) f.push(sql`exists (select 1 from agent_staffs s join accounts ac on ac.id = s.account_id where s.agent_id = a.id and lower(ac.email) = lower(${q.email}))`);
  const where = sql.join(f, sql` and `);
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from agents a where ${where}`));
  const rows = rowsOf<{ id: number; name_ja: string; name_kana: string; name_en: string; agent_type: AgentType; ignore_cancellation_policy: boolean; groups: { id: number; name_ja: string; name_en: string; is_root: boolean }[] }>(
    await db.execute(sql`
      select a.id, a.name_ja, a.name_kana, a.name_en, a.agent_type, a.ignore_cancellation_policy,
             coalesce((select json_agg(json_build_object('id', g.id, 'name_ja', g.name_ja, 'name_en', g.name_en, 'is_root', g.is_root) order by g.is_root desc, g.id)
                       from agent_groups g where g.agent_id = a.id), '[]'::json) as groups
      from agents a where ${where}
      order by a.name_kana, a.id
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  );
  return { total: count?.n ?? 0, rows: rows.map((r) => ({ ...r, agent_payment_type: PAYMENT_TYPE_OF_AGENT[r.agent_type] })) };
}

// ---------- agents ----------

export type AgentRow = typeof t.agents.$inferSelect;

export async function findAgent(db: Executor, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(t.agents).where(eq(t.agents.id, id));
  return row;
}

/** Every agent, in the list's order (CSV export). */
export async function allAgents(db: Executor): Promise<AgentRow[]> {
  return db.select().from(t.agents).orderBy(asc(t.agents.nameKana), asc(t.agents.id));
}

/** The agent row locked until the transaction ends: a booking being filed for it waits (its FK check), so counts read after this stay true. */
export async function lockAgent(db: Executor, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(t.agents).where(eq(t.agents.id, id)).for('update');
  return row;
}

/** The columns an agent's create and update forms both set. */
function agentColumns(input: CreateAgentBody | UpdateAgentBody) {
  return {
    nameJa: input.name_ja,
    nameKana: input.name_kana,
    nameEn: input.name_en,
    nameOrigin: input.name_origin,
    agentType: input.agent_type,
    countryCode: input.country_code,
    rootGroupFax: input.root_group_fax,
    ignoreCancellationPolicy: input.ignore_cancellation_policy,
  };
}

export async function insertAgent(db: Executor, input: CreateAgentBody): Promise<number> {
  const [row] = await db
    .insert(t.agents)
    .values(agentColumns(input))
    .returning({ id: t.agents.id });
  return row!.id;
}

export async function updateAgent(db: Executor, id: number, input: UpdateAgentBody): Promise<void> {
  await db
    .update(t.agents)
    .set({
      ...agentColumns(input),
      // A month-end day carries no number.
      paymentDay: input.payment_day_end_of_month ? null : input.payment_day,
      paymentDayEndOfMonth: input.payment_day_end_of_month,
      billingDay: input.billing_day_end_of_month ? null : input.billing_day,
      billingDayEndOfMonth: input.billing_day_end_of_month,
      requireTotp: input.require_totp,
      updatedAt: new Date(),
    })
    .where(eq(t.agents.id, id));
}

export async function setRequireTotp(db: Executor, id: number, requireTotp: boolean): Promise<void> {
  await db.update(t.agents).set({ requireTotp, updatedAt: new Date() }).where(eq(t.agents.id, id));
}

export async function setRootGroupFax(db: Executor, agentId: number, fax: string): Promise<void> {
  await db.update(t.agents).set({ rootGroupFax: fax, updatedAt: new Date() }).where(eq(t.agents.id, agentId));
}

/** Deletes the agent's staff accounts (their sessions and links go with them), then the agent with its groups. */
export async function deleteAgent(db: Executor, id: number): Promise<void> {
  await deleteAccountsIn(db, db.select({ id: t.agentStaffs.accountId }).from(t.agentStaffs).where(eq(t.agentStaffs.agentId, id)));
  await db.delete(t.agents).where(eq(t.agents.id, id));
}

// ---------- groups ----------

export type GroupRow = typeof t.agentGroups.$inferSelect;

export async function findGroup(db: Executor, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(t.agentGroups).where(eq(t.agentGroups.id, id));
  return row;
}

export async function lockGroup(db: Executor, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(t.agentGroups).where(eq(t.agentGroups.id, id)).for('update');
  return row;
}

/** The agent's groups, the root group first. */
export async function groupsOf(db: Executor, agentId: number): Promise<GroupRow[]> {
  return db.select().from(t.agentGroups).where(eq(t.agentGroups.agentId, agentId)).orderBy(desc(t.agentGroups.isRoot), asc(t.agentGroups.id));
}

/** Every group of every agent, the root groups first (CSV export). */
export async function allGroups(db: Executor): Promise<GroupRow[]> {
  return db.select().from(t.agentGroups).orderBy(desc(t.agentGroups.isRoot), asc(t.agentGroups.id));
}

export interface GroupInput {
  name_ja: string;
  name_kana: string;
  name_en: string;
  name_origin: string;
  fax: string;
}

export async function insertGroup(db: Executor, agentId: number, isRoot: boolean, input: GroupInput): Promise<number> {
  const [row] = await db
    .insert(t.agentGroups)
    .values({ agentId, isRoot, nameJa: input.name_ja, nameKana: input.name_kana, nameEn: input.name_en, nameOrigin: input.name_origin, fax: input.fax })
    .returning({ id: t.agentGroups.id });
  return row!.id;
}

export async function updateGroup(db: Executor, id: number, input: GroupInput): Promise<void> {
  await db
    .update(t.agentGroups)
    .set({ nameJa: input.name_ja, nameKana: input.name_kana, nameEn: input.name_en, nameOrigin: input.name_origin, fax: input.fax, updatedAt: new Date() })
    .where(eq(t.agentGroups.id, id));
}

export async function setGroupFax(db: Executor, id: number, fax: string): Promise<void> {
  await db.update(t.agentGroups).set({ fax, updatedAt: new Date() }).where(eq(t.agentGroups.id, id));
}

/** Deletes the group's staff accounts, its branch notifications, then the group. */
export async function deleteGroup(db: Executor, id: number): Promise<void> {
  await deleteAccountsIn(db, db.select({ id: t.agentStaffs.accountId }).from(t.agentStaffs).where(eq(t.agentStaffs.groupId, id)));
  await deleteGroupNotifications(db, id);
  await db.delete(t.agentGroups).where(eq(t.agentGroups.id, id));
}

/** Bookings of an agent or of one of its groups: all of them, and those still live (not refused nor cancelled). */
export async function bookingCounts(db: Executor, of: { agentId: number } | { groupId: number }): Promise<{ all: number; live: number }> {
  const where = 'agentId' in of ? eq(t.bookings.agentId, of.agentId) : eq(t.bookings.agentSubGroupId, of.groupId);
  const [row] = await db
    .select({ all: count(), live: sql<number>`count(*) filter (where ${t.bookings.status} not in ('NOT_RESERVED', 'CANCELLED'))::int` })
    .from(t.bookings)
    .where(where);
  return { all: row?.all ?? 0, live: row?.live ?? 0 };
}

// ---------- staff ----------

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  tel: string;
  languageCode: string;
  staffType: StaffType;
  groupId: number;
  agentId: number;
  totpEnrolled: boolean;
  hasPassword: boolean;
}

const staffColumns = {
  id: t.accounts.id,
  email: t.accounts.email,
  name: t.agentStaffs.name,
  tel: t.agentStaffs.tel,
  languageCode: t.agentStaffs.languageCode,
  staffType: sql<StaffType>`${t.agentStaffs.staffType}`,
  groupId: t.agentStaffs.groupId,
  agentId: t.agentStaffs.agentId,
  totpEnrolled: sql<boolean>`${t.accounts.totpEnrolledAt} is not null`,
  hasPassword: sql<boolean>`${t.accounts.passwordHash} is not null`,
};

export interface StaffFilter {
  agentId?: number;
  groupId?: number;
}

function staffWhere(f: StaffFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.agentId !== undefined) parts.push(eq(t.agentStaffs.agentId, f.agentId));
  if (f.groupId !== undefined) parts.push(eq(t.agentStaffs.groupId, f.groupId));
  return parts.length ? and(...parts) : undefined;
}

/**
 * Staff in a stable order: by agent, the root group first, then by group, then oldest account
 * first, so a group's first ADMIN is its main admin.
 */
export async function listStaff(db: Executor, f: StaffFilter, page?: { page: number; perPage: number }): Promise<{ total: number; rows: StaffRow[] }> {
  const where = staffWhere(f);
  const query = db
    .select(staffColumns)
    .from(t.agentStaffs)
    .innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId))
    .innerJoin(t.agentGroups, eq(t.agentGroups.id, t.agentStaffs.groupId))
    .where(where)
    .orderBy(asc(t.agentStaffs.agentId), desc(t.agentGroups.isRoot), asc(t.agentStaffs.groupId), asc(t.accounts.createdAt), asc(t.accounts.id));
  if (!page) {
    const rows = await query;
    return { total: rows.length, rows };
  }
  const [total] = await db.select({ n: count() }).from(t.agentStaffs).where(where);
  const rows = await query.limit(page.perPage).offset((page.page - 1) * page.perPage);
  return { total: total?.n ?? 0, rows };
}

export async function findStaff(db: Executor, accountId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select(staffColumns).from(t.agentStaffs).innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId)).where(eq(t.agentStaffs.accountId, accountId));
  return row;
}

export interface StaffInput {
  agentId: number;
  groupId: number;
  email: string;
  name: string;
  tel: string;
  languageCode: string;
  staffType: StaffType;
}

/** An AGENT account without a password (the invitation sets it) and its staff profile. */
export async function insertStaff(db: Executor, input: StaffInput): Promise<string> {
  const accountId = await insertAccount(db, input.email, 'AGENT');
  await db.insert(t.agentStaffs).values({
    accountId,
    agentId: input.agentId,
    groupId: input.groupId,
    name: input.name,
    tel: input.tel,
    languageCode: input.languageCode,
    staffType: input.staffType,
  });
  return accountId;
}

export async function updateStaff(db: Executor, accountId: string, input: Omit<StaffInput, 'agentId' | 'email'>): Promise<void> {
  await db
    .update(t.agentStaffs)
    .set({ groupId: input.groupId, name: input.name, tel: input.tel, languageCode: input.languageCode, staffType: input.staffType })
    .where(eq(t.agentStaffs.accountId, accountId));
  await touchAccount(db, accountId);
}

export async function updateStaffContact(db: Executor, accountId: string, input: { name: string; tel: string }): Promise<void> {
  await db.update(t.agentStaffs).set({ name: input.name, tel: input.tel }).where(eq(t.agentStaffs.accountId, accountId));
}

export async function deleteStaffAccount(db: Executor, accountId: string): Promise<void> {
  await deleteAccount(db, accountId);
}

/** The group's ADMIN staff, locked so that two removals of admins cannot both pass the "one admin remains" check. */
export async function lockGroupAdmins(db: Executor, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ id: t.agentStaffs.accountId })
    .from(t.agentStaffs)
    .where(and(eq(t.agentStaffs.groupId, groupId), eq(t.agentStaffs.staffType, 'ADMIN')))
    .for('update');
  return rows.map((r) => r.id);
}

/** Where the branch's monthly invoice goes: its admins, else the agent's root-group admins. */
export async function branchAdminMails(db: Executor, agentId: number, groupId: number): Promise<{ email: string; languageCode: string }[]> {
  const admins = (group: SQL) =>
    db
      .select({ email: t.accounts.email, languageCode: t.agentStaffs.languageCode })
      .from(t.agentStaffs)
      .innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId))
      .innerJoin(t.agentGroups, eq(t.agentGroups.id, t.agentStaffs.groupId))
      .where(and(eq(t.agentStaffs.agentId, agentId), eq(t.agentStaffs.staffType, 'ADMIN'), group))
      .orderBy(asc(t.accounts.email));
  const own = await admins(eq(t.agentStaffs.groupId, groupId));
  return own.length ? own : admins(eq(t.agentGroups.isRoot, true));
}
