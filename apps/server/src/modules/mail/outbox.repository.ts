import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { MailKind } from '@sagano/domain/mail/mail-kinds';
import type { OutboxMailDetail, OutboxMailListQuery, OutboxMailRow } from '@sagano/domain/mail/outbox-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { containsPattern, pageOfTable } from '../../db/paging.ts';

export interface NewMail {
  /** One of the registered kinds (MAIL_KINDS): the templates screen lists them all. */
  kind: MailKind;
  toAddress: string;
  subject: string;
  bodyText: string;
  bookingId?: string;
  /** Files sent with the mail (PDFs), stored with it. */
  attachments?: MailAttachment[];
  /** A seat table or voucher mail: the fingerprint of what its document prints (booking-documents.ts). */
  documentFingerprint?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Writes a mail and its attachments to the outbox in the caller's transaction; answers its id. */
export async function insertMail(tx: Executor, mail: NewMail): Promise<string> {
  const [row] = await tx
    .insert(t.outboxMails)
    .values({ kind: mail.kind, toAddress: mail.toAddress, subject: mail.subject, bodyText: mail.bodyText, bookingId: mail.bookingId ?? null, documentFingerprint: mail.documentFingerprint ?? null })
    .returning({ id: t.outboxMails.id });
  const id = row!.id;
  if (mail.attachments?.length) {
    await tx.insert(t.outboxMailAttachments).values(mail.attachments.map((a) => ({ outboxMailId: id, filename: a.filename, contentType: a.contentType, content: a.content })));
  }
  return id;
}

function toRow(r: typeof t.outboxMails.$inferSelect): OutboxMailRow {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    kind: r.kind,
    to_address: r.toAddress,
    subject: r.subject,
    body_text: r.bodyText,
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    sent_at: r.sentAt?.toISOString() ?? null,
    booking_id: r.bookingId,
  };
}

export async function listMails(db: Executor, q: OutboxMailListQuery): Promise<{ total: number; rows: OutboxMailRow[] }> {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(t.outboxMails.status, q.status));
  if (q.to_address) filters.push(sql`${t.outboxMails.toAddress} ilike ${containsPattern(q.to_address)}`);
  const { total, rows } = await pageOfTable(db, t.outboxMails, q, { where: and(...filters), orderBy: [desc(t.outboxMails.createdAt), desc(t.outboxMails.id)] });
  return { total, rows: rows.map(toRow) };
}

export async function findMail(db: Executor, id: string): Promise<OutboxMailDetail | undefined> {
  const [row] = await db.select().from(t.outboxMails).where(eq(t.outboxMails.id, id));
  if (!row) return undefined;
  const files = await db
    .select({ id: t.outboxMailAttachments.id, filename: t.outboxMailAttachments.filename, contentType: t.outboxMailAttachments.contentType, size: sql<number>`octet_length(${t.outboxMailAttachments.content})::int` })
    .from(t.outboxMailAttachments)
    .where(eq(t.outboxMailAttachments.outboxMailId, id))
    .orderBy(t.outboxMailAttachments.id);
  return { ...toRow(row), attachments: files.map((f) => ({ attachment_id: f.id, filename: f.filename, content_type: f.contentType, size: Number(f.size) })) };
}

/** One file sent with a mail. */
export async function findAttachment(db: Executor, mailId: string, attachmentId: number): Promise<MailAttachment | undefined> {
  const [row] = await db
    .select()
    .from(t.outboxMailAttachments)
    .where(and(eq(t.outboxMailAttachments.outboxMailId, mailId), eq(t.outboxMailAttachments.id, attachmentId)));
  return row ? { filename: row.filename, contentType: row.contentType, content: Buffer.from(row.content) } : undefined;
}

/** Pending mails whose next attempt is due, oldest first. */
export async function dueMailIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: t.outboxMails.id })
    .from(t.outboxMails)
    .where(and(eq(t.outboxMails.status, 'PENDING'), lte(t.outboxMails.nextAttemptAt, sql`now()`)))
    .orderBy(t.outboxMails.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Takes a lease of `leaseMs` on a due mail so two workers never send it twice; undefined when not due. */
export async function leaseMail(db: Executor, id: string, leaseMs: number) {
  const [row] = await db
    .update(t.outboxMails)
    .set({ nextAttemptAt: new Date(Date.now() + leaseMs) })
    .where(and(eq(t.outboxMails.id, id), eq(t.outboxMails.status, 'PENDING'), lte(t.outboxMails.nextAttemptAt, sql`now()`)))
    .returning();
  return row;
}

export async function markSent(db: Executor, id: string): Promise<void> {
  await db
    .update(t.outboxMails)
    .set({ status: 'SENT', sentAt: new Date(), attempts: sql`${t.outboxMails.attempts} + 1`, lastError: null })
    .where(eq(t.outboxMails.id, id));
}

export async function markAttemptFailed(db: Executor, id: string, error: string, giveUp: boolean, retryAt: Date): Promise<void> {
  await db
    .update(t.outboxMails)
    .set({
      status: giveUp ? 'FAILED' : 'PENDING',
      attempts: sql`${t.outboxMails.attempts} + 1`,
      lastError: error.slice(0, 2000),
      nextAttemptAt: retryAt,
    })
    .where(eq(t.outboxMails.id, id));
}

/** The files stored with a mail, in the order they were added. */
export async function attachmentsOf(db: Executor, mailId: string): Promise<MailAttachment[]> {
  const rows = await db.select().from(t.outboxMailAttachments).where(eq(t.outboxMailAttachments.outboxMailId, mailId)).orderBy(t.outboxMailAttachments.id);
  return rows.map((r) => ({ filename: r.filename, contentType: r.contentType, content: Buffer.from(r.content) }));
}
