/**
 * Work that runs on time (DESIGN §7, issue 18): what each scheduled job did (job_runs, the jobs
 * screen reads it) and the effects it must have exactly once (scheduled_effects: one row per kind,
 * subject and date, inserted before the effect in the same transaction, so a second run or a
 * second server finds it taken). Written only by modules/jobs and the modules whose jobs they are.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import type { JOB_RUN_STATES, JOB_RUN_TRIGGERS } from '@sagano/domain/jobs/job-schemas';
import { createdAt } from './columns.ts';

/** One run of a job: scheduled, retried from the jobs screen, or started by hand. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job's name, `<area>.<verb>` (define-job.ts). */
    jobName: text('job_name').notNull(),
    /** What started it: SCHEDULE (its cron), RETRY (an operator, after a failure), MANUAL (an operator's "run now"), EVENT (sent by another change). */
    trigger: text('trigger').$type<(typeof JOB_RUN_TRIGGERS)[number]>().notNull().default('SCHEDULE'),
    state: text('state').$type<(typeof JOB_RUN_STATES)[number]>().notNull().default('RUNNING'),
    /** The business date it ran for (Tokyo), when the job works per day. */
    runDate: date('run_date', { mode: 'string' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** What it did, in numbers and ids (e.g. { released_seats: 12, reminders: 3 }). */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    /** The failure in words. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The operator who retried or started it (accounts are uuid-keyed; the operation log says who). */
    startedBy: text('started_by'),
  },
  (t) => [
    index('job_runs_job_idx').on(t.jobName, t.startedAt.desc()),
    check('job_runs_state', sql`${t.state} in ('RUNNING', 'DONE', 'FAILED')`),
    check('job_runs_trigger', sql`${t.trigger} in ('SCHEDULE', 'RETRY', 'MANUAL', 'EVENT')`),
  ],
);

/**
 * An effect a scheduled job has had, at most once per (kind, subject, effect_date): e.g.
 * (PAYMENT_REMINDER, 'payment:42', due date), (ALLOTMENT_RELEASE, 'service:7:2027-05-01', release day).
 */
export const scheduledEffects = pgTable(
  'scheduled_effects',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What it acted on, as `<entity>:<id>[:<more>]`. */
    subject: text('subject').notNull(),
    effectDate: date('effect_date', { mode: 'string' }).notNull(),
    /** The booking it concerns, when one (for the booking's history and lists). */
    bookingId: integer('booking_id'),
    /** Exactly what moved (e.g. seats released per leg), for the jobs screen and the design's promise. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The run that had it (null when a request, not a job, had it, e.g. a promotion after a cancellation). */
    jobRunId: bigint('job_run_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scheduled_effects_once').on(t.kind, t.subject, t.effectDate),
    index('scheduled_effects_booking_idx').on(t.bookingId),
    check('scheduled_effects_kind', sql`${t.kind} in ('ALLOTMENT_RELEASE', 'UNANSWERED_BEFORE_RELEASE', 'PAYMENT_REMINDER', 'PAYMENT_OVERDUE', 'CONTRACT_ANSWER_DUE', 'WAITLIST_PROMOTION', 'MONTHLY_INVOICE_MAIL', 'SEAT_DOCUMENT_MAIL')`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const scheduledWorkTableOwners = {
  // modules/jobs: the jobs screen's runs, and the once-only effects every module's job claims through it.
  job_runs: 'jobs',
  scheduled_effects: 'jobs',
} as const;
