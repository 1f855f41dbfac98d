/**
 * Dashboard articles (DESIGN §10 "Dashboard articles"): the back office writes them, every
 * signed-in user reads them. Every change publishes `message.changed` to everyone in its own
 * transaction, so open boards refresh only once it has committed.
 */
import { randomBytes } from 'node:crypto';
import type { MessageCategory } from '@sagano/domain/messages/message-categories';
import { MAX_MESSAGE_ATTACHMENTS } from '@sagano/domain/messages/message-limits';
import {
  nextSortId,
  reorderedSortIds,
  type MessageAttachmentResponse,
  type MessageListQuery,
  type MessageListResponse,
  type MessageOrderBody,
  type MessageOrderResponse,
  type MessageResponse,
} from '@sagano/domain/messages/message-schemas';
import { ATTACHMENT_PROBLEM_MESSAGES, attachmentTypeOf, type AttachmentType } from '@sagano/domain/messages/attachment-type';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import type { Principal } from '../auth/index.ts';
import { messageAttachmentKey, type FileStorage } from '../files/index.ts';
import {
  attachmentKeysOf,
  attachmentRowsOf,
  countAttachments,
  deleteAttachmentRow,
  deleteMessageRow,
  insertAttachmentRow,
  insertMessageRow,
  largestSortId,
  listMessageRows,
  lockCategory,
  messageIdsIn,
  readAttachmentRow,
  readMessageRow,
  setSortIds,
  touchMessage,
  updateMessageRow,
  type AttachmentRow,
  type MessageRow,
} from './messages.repository.ts';

export interface MessageInput {
  category: MessageCategory;
  title: string;
  body: string;
}

/** An attachment whose bytes are stored, waiting for the transaction that points a row at them. */
export interface StoredAttachment {
  filename: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
}

const attachmentUrl = (messageId: number, attachmentId: number) => `/v1/messages/${messageId}/attachments/${attachmentId}`;

function attachmentResponse(row: AttachmentRow): MessageAttachmentResponse {
  return { id: row.id, filename: row.filename, download_url: attachmentUrl(row.messageId, row.id), content_type: row.contentType, byte_size: row.byteSize };
}

function messageResponse(row: MessageRow, attachments: readonly AttachmentRow[]): MessageResponse {
  return {
    id: row.id,
    category: row.category as MessageCategory,
    title: row.title,
    body: row.body,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
    sort_id: row.sortId,
    attachments: attachments.filter((a) => a.messageId === row.id).map(attachmentResponse),
  };
}

async function withAttachments(executor: Executor, rows: readonly MessageRow[]): Promise<MessageResponse[]> {
  const attachments = await attachmentRowsOf(
    executor,
    rows.map((r) => r.id),
  );
  return rows.map((row) => messageResponse(row, attachments));
}

const published = (work: Work, messageId: number) => publishRealtime(work.tx, ['everyone'], { type: 'message.changed', message_id: messageId });

/** The articles, larger sort_id first (optionally one category's), a page at a time. */
export async function listMessages(db: Executor, query: MessageListQuery): Promise<MessageListResponse> {
  const { total, rows } = await listMessageRows(db, { category: query.category, limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { total, page: query.page, per_page: query.per_page, messages: await withAttachments(db, rows) };
}

/** One article; 404 when it is gone. */
export async function readMessage(db: Executor, id: number): Promise<MessageResponse> {
  const row = await readMessageRow(db, id);
  if (!row) throw notFound('message');
  const [message] = await withAttachments(db, [row]);
  return message!;
}

/** A new article, on top of its category: sort_id the category's largest + 10, or 0 for its first. */
export async function createMessage(work: Work, principal: Principal, input: MessageInput): Promise<MessageResponse> {
  await lockCategory(work.tx, input.category);
  const sortId = nextSortId(await largestSortId(work.tx, input.category));
  const row = await insertMessageRow(work.tx, { ...input, sortId, by: principal.accountId });
  await published(work, row.id);
  return messageResponse(row, []);
}

/** Changes an article; moved to another category, it goes on top of that one. */
export async function updateMessage(work: Work, principal: Principal, id: number, input: MessageInput): Promise<MessageResponse> {
  const current = await readMessageRow(work.tx, id, { forUpdate: true });
  if (!current) throw notFound('message');
  let sortId = current.sortId;
  if (current.category !== input.category) {
    await lockCategory(work.tx, input.category);
    sortId = nextSortId(await largestSortId(work.tx, input.category));
  }
  const row = await updateMessageRow(work.tx, id, { ...input, sortId, by: principal.accountId });
  await published(work, id);
  const [message] = await withAttachments(work.tx, [row!]);
  return message!;
}

/**
 * Puts one category's articles in the order given: each gets (position counted from the end + 1)
 * × 10. The list must be exactly the category's articles, each once; else 400 naming message_ids.
 */
export async function reorderMessages(work: Work, body: MessageOrderBody): Promise<MessageOrderResponse> {
  await lockCategory(work.tx, body.category);
  const ids = await messageIdsIn(work.tx, body.category);
  const given = new Set(body.message_ids);
  if (ids.length !== body.message_ids.length || ids.some((id) => !given.has(id))) {
    throw invalid('message_ids', `list every article of ${body.category} exactly once (it has ${ids.length}), in the new order`);
  }
  const sortIds = reorderedSortIds(body.message_ids.length);
  const changes = body.message_ids.map((id, i) => ({ id, sortId: sortIds[i]! }));
  await setSortIds(work.tx, changes);
  for (const { id } of changes) await published(work, id);
  const { rows } = await listMessageRows(work.tx, { category: body.category, limit: Math.max(ids.length, 1), offset: 0 });
  return { category: body.category, messages: await withAttachments(work.tx, rows) };
}

/** The ways an attachment may be refused before anything is stored (400 naming `field`). */
function checkedType(bytes: Buffer, filename: string, field: string): AttachmentType {
  const decided = attachmentTypeOf(bytes, filename);
  if ('problem' in decided) throw invalid(field, ATTACHMENT_PROBLEM_MESSAGES[decided.problem]);
  return decided.type;
}

const MAX_FILENAME = 200;

/** Factory: attachments hold the file storage and the clock (the key's day is Tokyo's today). */
export function createMessagesService(deps: { db: Db; storage: FileStorage; clock: Clock }) {
  const { db, storage, clock } = deps;
  /**
   * Removes attachments' bytes after the transaction that deleted their rows has committed (never
   * for a change that rolled back). A storage that fails then leaves the bytes behind, unreachable:
   * no row points at them any more.
   */
  const forgetBytesAfterCommit = (work: Work, keys: readonly string[]) => {
    for (const key of keys) work.afterCommit(() => storage.delete(key));
  };

  return {
    /**
     * Checks an upload (size, type by its bytes agreeing with its name) and that the article exists
     * and has room, then stores the bytes under `messages/{day}/{name}_{random}.{ext}`, before the
     * transaction that points a row at them (DESIGN §8 Files). Refused: 400 (404 for no article), nothing stored.
     */
    async storeAttachment(messageId: number, upload: { bytes: Buffer; filename: string; field: string }): Promise<StoredAttachment> {
      const filename = upload.filename.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
      if (!filename) throw invalid(upload.field, 'the file has no name');
      if (filename.length > MAX_FILENAME) throw invalid(upload.field, `the file's name is longer than ${MAX_FILENAME} characters`);
      const type = checkedType(upload.bytes, filename, upload.field);
      if (!(await readMessageRow(db, messageId))) throw notFound('message');
      if ((await countAttachments(db, messageId)) >= MAX_MESSAGE_ATTACHMENTS) throw invalid(upload.field, `an article holds at most ${MAX_MESSAGE_ATTACHMENTS} attachments`);
      const storageKey = messageAttachmentKey(clock.today(), filename, randomBytes(8).toString('hex'), type.ext);
      try {
        await storage.put(storageKey, upload.bytes, type.contentType);
      } catch (error) {
        throw new AppError('NOT_READY', `the file storage did not take the file: ${(error as Error).message}`);
      }
      return { filename, storageKey, contentType: type.contentType, byteSize: upload.bytes.length };
    },

    /** Points a new attachment row of the article at bytes stored by `storeAttachment`. */
    async addAttachment(work: Work, principal: Principal, messageId: number, stored: StoredAttachment): Promise<MessageResponse> {
      const message = await readMessageRow(work.tx, messageId, { forUpdate: true });
      if (!message) throw notFound('message');
      // Checked again under the article's lock: two uploads at once cannot pass the limit.
      if ((await countAttachments(work.tx, messageId)) >= MAX_MESSAGE_ATTACHMENTS) throw invalid('file', `an article holds at most ${MAX_MESSAGE_ATTACHMENTS} attachments`);
      await insertAttachmentRow(work.tx, { messageId, ...stored });
      await touchMessage(work.tx, messageId, principal.accountId);
      await published(work, messageId);
      return readMessage(work.tx, messageId);
    },

    /**
     * Deletes an article with its attachments: the rows in the transaction, the stored bytes once
     * it has committed (DESIGN §10 "Dashboard articles").
     */
    async deleteMessage(work: Work, id: number): Promise<{ ok: true }> {
      const keys = await attachmentKeysOf(work.tx, id);
      if (!(await deleteMessageRow(work.tx, id))) throw notFound('message');
      await published(work, id);
      forgetBytesAfterCommit(work, keys);
      return { ok: true };
    },

    /** Takes an attachment off its article (404 when either is gone); its bytes go once that has committed. */
    async removeAttachment(work: Work, principal: Principal, messageId: number, attachmentId: number): Promise<MessageResponse> {
      if (!(await readMessageRow(work.tx, messageId, { forUpdate: true }))) throw notFound('message');
      const key = await deleteAttachmentRow(work.tx, messageId, attachmentId);
      if (key === null) throw notFound('attachment');
      forgetBytesAfterCommit(work, [key]);
      await touchMessage(work.tx, messageId, principal.accountId);
      await published(work, messageId);
      return readMessage(work.tx, messageId);
    },

    /** An attachment's bytes, type and name; 404 when the article, the attachment or its bytes are gone. */
    async readAttachment(messageId: number, attachmentId: number): Promise<{ bytes: Buffer; contentType: string; filename: string }> {
      const row = await readAttachmentRow(db, messageId, attachmentId);
      if (!row) throw notFound('attachment');
      let bytes: Buffer | null;
      try {
        bytes = await storage.get(row.storageKey);
      } catch (error) {
        throw new AppError('NOT_READY', `the file storage did not answer: ${(error as Error).message}`);
      }
      if (!bytes) throw notFound('attachment');
      return { bytes, contentType: row.contentType, filename: row.filename };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
