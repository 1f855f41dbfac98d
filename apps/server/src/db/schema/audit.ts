/**
 * The operation log (the audit module).
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    category: text('category').notNull(),
    operator: text('operator').notNull(),
    operatorAccountId: uuid('operator_account_id'),
    operation: text('operation').notNull(),
    bookingId: text('booking_id'),
    isError: boolean('is_error').notNull(),
    statusCode: integer('status_code').notNull(),
    requestJson: jsonb('request_json'),
    responseJson: jsonb('response_json'),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt),
    index('operation_logs_category_idx').on(t.category, t.createdAt),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const auditTableOwners = {
  operation_logs: 'audit',
} as const;
