/** Reads and writes of agents' API keys (only their SHA-256 digests are stored). */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ApiKeyRecord = typeof t.apiKeys.$inferSelect & { groupName: string };

const listColumns = {
  id: t.apiKeys.id,
  agentId: t.apiKeys.agentId,
  groupId: t.apiKeys.groupId,
  name: t.apiKeys.name,
  prefix: t.apiKeys.prefix,
  keyHash: t.apiKeys.keyHash,
  createdBy: t.apiKeys.createdBy,
  createdAt: t.apiKeys.createdAt,
  lastUsedAt: t.apiKeys.lastUsedAt,
  revokedAt: t.apiKeys.revokedAt,
  revokedBy: t.apiKeys.revokedBy,
  groupName: t.agentGroups.nameJa,
};

/** The agent's keys, revoked ones included (newest last). */
export function listApiKeys(db: Executor, agentId: number): Promise<ApiKeyRecord[]> {
  return db
    .select(listColumns)
    .from(t.apiKeys)
    .innerJoin(t.agentGroups, eq(t.agentGroups.id, t.apiKeys.groupId))
    .where(eq(t.apiKeys.agentId, agentId))
    .orderBy(asc(t.apiKeys.id));
}

export async function findApiKey(db: Executor, id: number): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.select(listColumns).from(t.apiKeys).innerJoin(t.agentGroups, eq(t.agentGroups.id, t.apiKeys.groupId)).where(eq(t.apiKeys.id, id));
  return row;
}

export async function insertApiKey(db: Executor, row: typeof t.apiKeys.$inferInsert): Promise<number> {
  const [created] = await db.insert(t.apiKeys).values(row).returning({ id: t.apiKeys.id });
  return created!.id;
}

/** Revokes a live key; false when it was already revoked. */
export async function revokeApiKey(db: Executor, id: number, by: string, at: Date): Promise<boolean> {
  const rows = await db.update(t.apiKeys).set({ revokedAt: at, revokedBy: by }).where(and(eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt))).returning({ id: t.apiKeys.id });
  return rows.length > 0;
}

/** What a request with a key acts as: the key, its branch and whether that branch is the agent's head office. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  agentId: number;
  groupId: number;
  groupIsRoot: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The live key with this digest, or undefined (unknown or revoked). */
export async function findLiveApiKey(db: Executor, keyHash: string): Promise<ApiKeyCaller | undefined> {
  const [row] = await db
    .select({
      id: t.apiKeys.id,
      name: t.apiKeys.name,
      agentId: t.apiKeys.agentId,
      groupId: t.apiKeys.groupId,
      groupIsRoot: t.agentGroups.isRoot,
      createdAt: t.apiKeys.createdAt,
      lastUsedAt: t.apiKeys.lastUsedAt,
    })
    .from(t.apiKeys)
    .innerJoin(t.agentGroups, eq(t.agentGroups.id, t.apiKeys.groupId))
    .where(and(eq(t.apiKeys.keyHash, keyHash), isNull(t.apiKeys.revokedAt)));
  return row;
}

/** Marks the key used now, unless it was marked within `intervalMs` (a read stays a read most of the time). */
export async function touchApiKey(db: Executor, id: number, now: Date, intervalMs: number): Promise<void> {
  const before = new Date(now.getTime() - intervalMs);
  await db
    .update(t.apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(t.apiKeys.id, id), or(isNull(t.apiKeys.lastUsedAt), lt(t.apiKeys.lastUsedAt, before))));
}

/** The agent's group with this id (undefined when it belongs to another agent or does not exist). */
export async function findOwnGroup(db: Executor, agentId: number, groupId: number): Promise<{ id: number; nameJa: string } | undefined> {
  const [row] = await db.select({ id: t.agentGroups.id, nameJa: t.agentGroups.nameJa }).from(t.agentGroups).where(and(eq(t.agentGroups.id, groupId), eq(t.agentGroups.agentId, agentId)));
  return row;
}
