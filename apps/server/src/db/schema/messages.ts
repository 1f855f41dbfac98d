/**
 * The operator's dashboard articles (spec 000 §3 "Dashboard message") and their attachments.
 * Written only by modules/messages.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { MESSAGE_CATEGORIES } from '@sagano/domain/messages/message-categories';
import { createdAt, oneOf, updatedAt } from './columns.ts';

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    /** Plain text; links are recognised when shown, never stored as markup. */
    body: text('body').notNull().default(''),
    /** Larger first (spec 000 §5: a new article gets the maximum + 10, or 0 when there is none). */
    sortId: integer('sort_id').notNull(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_category_sort_idx').on(t.category, t.sortId),
    check('messages_category', oneOf(t.category, MESSAGE_CATEGORIES)),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    /** The name it was uploaded with, shown and offered when downloading. */
    filename: text('filename').notNull(),
    /** `messages/{yyyy-MM-dd}/{filename}_{random}.{ext}` in the file storage (spec 001 §7.7). */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId), check('message_attachments_size', sql`${t.byteSize} > 0`)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const messagesTableOwners = {
  messages: 'messages',
  message_attachments: 'messages',
} as const;
