/**
 * Files kept in the file storage (ADR 013): the storage holds the bytes under a content-addressed
 * key; this table says what each key is. Written only by modules/files.
 */
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';

export const storedFiles = pgTable(
  'stored_files',
  {
    /** `<sha256 of the bytes>.<ext>`: the same bytes always get the same key, and a key's bytes never change. */
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The name the file was uploaded with (shown only; the content decides the type). */
    originalName: text('original_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_size', sql`${t.byteSize} > 0`)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const filesTableOwners = {
  stored_files: 'files',
} as const;
