/**
 * Bulk operations (spec 000 §2 bulk-operation, 001 §7.2, issue 18): a CSV of bookings to secure
 * allotments for (RESERVE_ALLOTMENTS) or to answer (CONFIRM_BOOKING), validated whole, then run
 * line by line by a job, each line its own transaction. Written only by modules/bulk-operations.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkKind, BulkLineResult, BulkStatus } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { createdAt, updatedAt } from './columns.ts';

export const bulkReservations = pgTable(
  'bulk_reservations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<BulkKind>().notNull(),
    /** INVALID (the file was refused whole, nothing ran), PENDING, RUNNING, DONE, FAILED. */
    status: text('status').$type<BulkStatus>().notNull().default('PENDING'),
    filename: text('filename').notNull().default(''),
    /** sha256 of the uploaded bytes: the same file uploaded again finds its earlier run. */
    fileSha256: text('file_sha256').notNull(),
    totalLines: integer('total_lines').notNull().default(0),
    processedLines: integer('processed_lines').notNull().default(0),
    succeededLines: integer('succeeded_lines').notNull().default(0),
    failedLines: integer('failed_lines').notNull().default(0),
    /** The whole file's validation errors when INVALID: [{ line, field, reason }]. */
    validationErrors: jsonb('validation_errors').$type<{ line: number; field: string; reason: string }[]>().notNull().default([]),
    /** The result CSV once done (stored_files.key). */
    resultFileKey: text('result_file_key'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bulk_reservations_file_idx').on(t.kind, t.fileSha256),
    index('bulk_reservations_created_idx').on(t.createdAt.desc()),
    check('bulk_reservations_kind', sql`${t.kind} in ('RESERVE_ALLOTMENTS', 'CONFIRM_BOOKING')`),
    check('bulk_reservations_status', sql`${t.status} in ('INVALID', 'PENDING', 'RUNNING', 'DONE', 'FAILED')`),
  ],
);

/** One line of a bulk file and what became of it. */
export const bulkReservationLines = pgTable(
  'bulk_reservation_lines',
  {
    bulkReservationId: integer('bulk_reservation_id')
      .notNull()
      .references(() => bulkReservations.id, { onDelete: 'cascade' }),
    /** The line number in the file (the header is line 1). */
    lineNo: integer('line_no').notNull(),
    /** The public booking number the line names. */
    bookingNumber: text('booking_number').notNull(),
    /** The line's other columns as read (e.g. the confirm note). */
    input: jsonb('input').$type<Record<string, string>>().notNull().default({}),
    /** PENDING, DONE, REFUSED (with the reason), SKIPPED (already in the asked state: a re-upload). */
    result: text('result').$type<BulkLineResult>().notNull().default('PENDING'),
    errorCode: text('error_code'),
    reason: text('reason'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bulkReservationId, t.lineNo] }),
    check('bulk_reservation_lines_result', sql`${t.result} in ('PENDING', 'DONE', 'REFUSED', 'SKIPPED')`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const bulkReservationsTableOwners = {
  bulk_reservations: 'bulk-operations',
  bulk_reservation_lines: 'bulk-operations',
} as const;
