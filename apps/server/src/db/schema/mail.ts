/**
 * The mail outbox and its attachments (the mail module).
 */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '@sagano/domain/mail/outbox-schemas';
import { createdAt } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Files sent with an outbox mail (seat sheet, voucher), written in the same transaction as the mail. */
export const outboxMailAttachments = pgTable(
  'outbox_mail_attachments',
  {
    id: serial('id').primaryKey(),
    outboxMailId: uuid('outbox_mail_id')
      .notNull()
      .references(() => outboxMails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbox_mail_attachments_mail_idx').on(t.outboxMailId)],
);

export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bookingId: text('booking_id'),
    status: text('status').$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** For a seat table or voucher mail: the fingerprint of what the attached document prints (stale-document check). */
    documentFingerprint: text('document_fingerprint'),
  },
  (t) => [
    index('outbox_mails_pending_idx').on(t.status, t.nextAttemptAt),
    index('outbox_mails_created_idx').on(t.createdAt),
    check('outbox_mails_status', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const mailTableOwners = {
  outbox_mail_attachments: 'mail',
  outbox_mails: 'mail',
} as const;
