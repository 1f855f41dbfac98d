/** The dashboard articles and their attachments (`messages`, `message_attachments`): written only here. */
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { MessageCategory } from '@sagano/domain/messages/message-categories';
import type { Executor, Tx } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type MessageRow = typeof t.messages.$inferSelect;
export type AttachmentRow = typeof t.messageAttachments.$inferSelect;

/**
 * Serialises the writes that set sort_ids in one category (a new article's max + 10, a reorder),
 * so two at once cannot take the same number (a transaction-scoped advisory lock).
 */
export async function lockCategory(tx: Tx, category: MessageCategory): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`messages:${category}`}))`);
}

/** The largest sort_id in the category, or null when it has no article. */
export async function largestSortId(executor: Executor, category: MessageCategory): Promise<number | null> {
  const [row] = await executor.select({ largest: max(t.messages.sortId) }).from(t.messages).where(eq(t.messages.category, category));
  return row?.largest ?? null;
}

export async function listMessageRows(executor: Executor, filter: { category?: MessageCategory | undefined; limit: number; offset: number }): Promise<{ total: number; rows: MessageRow[] }> {
  const where = filter.category ? eq(t.messages.category, filter.category) : undefined;
  const [totalRow] = await executor.select({ n: count() }).from(t.messages).where(where);
  const rows = await executor.select().from(t.messages).where(where).orderBy(desc(t.messages.sortId), desc(t.messages.id)).limit(filter.limit).offset(filter.offset);
  return { total: totalRow?.n ?? 0, rows };
}

/** One article; `forUpdate` locks its row (an attachment added or removed, the article changed). */
export async function readMessageRow(executor: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<MessageRow | undefined> {
  const query = executor.select().from(t.messages).where(eq(t.messages.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The attachments of the articles, oldest first. */
export async function attachmentRowsOf(executor: Executor, messageIds: readonly number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return executor
    .select()
    .from(t.messageAttachments)
    .where(inArray(t.messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(t.messageAttachments.id));
}

export async function insertMessageRow(tx: Tx, row: { category: MessageCategory; title: string; body: string; sortId: number; by: string }): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(t.messages)
    .values({ category: row.category, title: row.title, body: row.body, sortId: row.sortId, createdBy: row.by, updatedBy: row.by })
    .returning();
  return inserted!;
}

export async function updateMessageRow(tx: Tx, id: number, change: { category: MessageCategory; title: string; body: string; sortId: number; by: string }): Promise<MessageRow | undefined> {
  const [updated] = await tx
    .update(t.messages)
    .set({ category: change.category, title: change.title, body: change.body, sortId: change.sortId, updatedBy: change.by, updatedAt: sql`now()` })
    .where(eq(t.messages.id, id))
    .returning();
  return updated;
}

/** Deletes the article (its attachment rows go with it); false when there was none. */
export async function deleteMessageRow(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(t.messages).where(eq(t.messages.id, id)).returning({ id: t.messages.id });
  return deleted.length > 0;
}

/** The ids of every article in the category. */
export async function messageIdsIn(executor: Executor, category: MessageCategory): Promise<number[]> {
  const rows = await executor.select({ id: t.messages.id }).from(t.messages).where(eq(t.messages.category, category));
  return rows.map((r) => r.id);
}

/** Sets each article's sort_id (one statement); the update time is left alone, the content did not change. */
export async function setSortIds(tx: Tx, sortIds: readonly { id: number; sortId: number }[]): Promise<void> {
  if (sortIds.length === 0) return;
  const values = sql.join(
    sortIds.map((s) => sql`(${s.id}::int, ${s.sortId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update messages m set sort_id = v.sort_id from (values ${values}) as v(id, sort_id) where m.id = v.id`);
}

export async function countAttachments(executor: Executor, messageId: number): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(t.messageAttachments).where(eq(t.messageAttachments.messageId, messageId));
  return row?.n ?? 0;
}

export async function insertAttachmentRow(tx: Tx, row: { messageId: number; filename: string; storageKey: string; contentType: string; byteSize: number }): Promise<AttachmentRow> {
  const [inserted] = await tx.insert(t.messageAttachments).values(row).returning();
  return inserted!;
}

export async function readAttachmentRow(executor: Executor, messageId: number, attachmentId: number): Promise<AttachmentRow | undefined> {
  const [row] = await executor
    .select()
    .from(t.messageAttachments)
    .where(and(eq(t.messageAttachments.id, attachmentId), eq(t.messageAttachments.messageId, messageId)));
  return row;
}

/** Deletes one attachment row; the storage key of its bytes, or null when there was no such row. */
export async function deleteAttachmentRow(tx: Tx, messageId: number, attachmentId: number): Promise<string | null> {
  const deleted = await tx
    .delete(t.messageAttachments)
    .where(and(eq(t.messageAttachments.id, attachmentId), eq(t.messageAttachments.messageId, messageId)))
    .returning({ storageKey: t.messageAttachments.storageKey });
  return deleted[0]?.storageKey ?? null;
}

/** The storage keys of an article's attachments (read before the article and, with it, its attachment rows are deleted). */
export async function attachmentKeysOf(tx: Tx, messageId: number): Promise<string[]> {
  const rows = await tx.select({ storageKey: t.messageAttachments.storageKey }).from(t.messageAttachments).where(eq(t.messageAttachments.messageId, messageId));
  return rows.map((r) => r.storageKey);
}

/** Marks the article changed (an attachment added or removed). */
export async function touchMessage(tx: Tx, id: number, by: string): Promise<void> {
  await tx.update(t.messages).set({ updatedBy: by, updatedAt: sql`now()` }).where(eq(t.messages.id, id));
}
