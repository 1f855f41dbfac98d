/**
 * Approvals of timetable and arrangement changes, applied by a job once approved.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalStatus } from '@sagano/domain/approvals/approval-schemas';

export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('SUBMITTED'),
    /** The change to apply, exactly as submitted. */
    payload: jsonb('payload').notNull(),
    serviceTermId: integer('service_term_id'),
    /** The calendar days the change touches (for "approval pending" marks). */
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    submittedBy: uuid('submitted_by'),
    submittedByEmail: text('submitted_by_email').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    judgedBy: uuid('judged_by'),
    judgedByEmail: text('judged_by_email'),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    reason: text('reason'),
    jobError: text('job_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('approvals_submitted_idx').on(t.submittedAt),
    check(
      'approvals_status',
      sql`${t.status} in ('SUBMITTED', 'REJECTED', 'JOB_PENDING', 'JOB_FAILED', 'DONE')`,
    ),
    check(
      'approvals_target',
      sql`${t.target} in ('SERVICE_TERM_INSERT', 'SERVICE_DAY_PATTERN_CHANGE', 'ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND', 'SERVICE_DAY_SERVICE_APPEND', 'INSTANT_CONFIRMATION_RULE_INSERT', 'INSTANT_CONFIRMATION_RULE_UPDATE')`,
    ),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const approvalsTableOwners = {
  approvals: 'approvals',
} as const;
