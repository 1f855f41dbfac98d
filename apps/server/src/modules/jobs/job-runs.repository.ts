/**
 * The record of scheduled job runs (job_runs) and the exactly-once ledger of their effects
 * (scheduled_effects): written only by the jobs module and the jobs' own transactions (DESIGN §7).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonParam, rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type JobRunTrigger = 'SCHEDULE' | 'RETRY' | 'MANUAL' | 'EVENT';
export type JobRunRow = typeof t.jobRuns.$inferSelect;

export async function insertJobRun(db: Executor, run: { jobName: string; trigger: JobRunTrigger; runDate: string; startedBy?: string | null; payload?: Record<string, unknown> }): Promise<number> {
  const [row] = await db
    .insert(t.jobRuns)
    .values({ jobName: run.jobName, trigger: run.trigger, runDate: run.runDate, startedBy: run.startedBy ?? null, payload: run.payload ?? {} })
    .returning({ id: t.jobRuns.id });
  return row!.id;
}

/** A run sent by an operator starts (again, when the queue retries it): RUNNING, its outcome cleared. */
export async function restartJobRun(db: Executor, id: number, runDate: string): Promise<boolean> {
  const rows = await db.update(t.jobRuns).set({ state: 'RUNNING', runDate, startedAt: new Date(), finishedAt: null, error: null, summary: null }).where(eq(t.jobRuns.id, id)).returning({ id: t.jobRuns.id });
  return rows.length > 0;
}

export async function finishJobRun(db: Executor, id: number, outcome: { state: 'DONE'; summary: Record<string, unknown> } | { state: 'FAILED'; error: string }): Promise<void> {
  await db
    .update(t.jobRuns)
    .set(outcome.state === 'DONE' ? { state: 'DONE', summary: outcome.summary, error: null, finishedAt: new Date() } : { state: 'FAILED', error: outcome.error, finishedAt: new Date() })
    .where(eq(t.jobRuns.id, id));
}

/** Keeps the newest `keep` finished runs of a job (an every-minute sweep would otherwise grow without end); failures stay. */
export async function pruneJobRuns(db: Executor, jobName: string, keep: number): Promise<void> {
  await db.execute(sql`
    delete from job_runs where job_name = ${jobName} and state = 'DONE' and id < (
      select min(id) from (select id from job_runs where job_name = ${jobName} and state = 'DONE' order by id desc limit ${keep}) newest)`);
}

export async function findJobRun(db: Executor, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(t.jobRuns).where(eq(t.jobRuns.id, id));
  return row;
}

/** The newest run of each job named (started, whatever its state). */
export async function latestJobRuns(db: Executor, jobNames: string[]): Promise<Map<string, JobRunRow>> {
  if (jobNames.length === 0) return new Map();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct on (job_name) id from job_runs
      where job_name in (${sql.join(jobNames.map((n) => sql`${n}`), sql`, `)})
      order by job_name, started_at desc, id desc`),
  );
  if (rows.length === 0) return new Map();
  const runs = await db.select().from(t.jobRuns).where(inArray(t.jobRuns.id, rows.map((r) => Number(r.id))));
  return new Map(runs.map((r) => [r.jobName, r]));
}

/** The job's failed runs not followed by a successful one, newest first. */
export async function openFailures(db: Executor, jobName: string, limit: number): Promise<JobRunRow[]> {
  const [lastDone] = await db
    .select({ id: t.jobRuns.id })
    .from(t.jobRuns)
    .where(and(eq(t.jobRuns.jobName, jobName), eq(t.jobRuns.state, 'DONE')))
    .orderBy(desc(t.jobRuns.id))
    .limit(1);
  return db
    .select()
    .from(t.jobRuns)
    .where(and(eq(t.jobRuns.jobName, jobName), eq(t.jobRuns.state, 'FAILED'), lastDone ? sql`${t.jobRuns.id} > ${lastDone.id}` : sql`true`))
    .orderBy(desc(t.jobRuns.id))
    .limit(limit);
}

export type EffectKind = 'ALLOTMENT_RELEASE' | 'UNANSWERED_BEFORE_RELEASE' | 'PAYMENT_REMINDER' | 'PAYMENT_OVERDUE' | 'CONTRACT_ANSWER_DUE' | 'WAITLIST_PROMOTION' | 'MONTHLY_INVOICE_MAIL' | 'SEAT_DOCUMENT_MAIL';

/**
 * Claims an effect once per (kind, subject, date), in the effect's own transaction: true when
 * this transaction has it, false when another run (or server) already had it. A racing claim
 * waits on the unique index until the other transaction ends, then finds it taken.
 */
export async function claimEffect(
  db: Executor,
  effect: { kind: EffectKind; subject: string; effectDate: string; bookingId?: number | null; detail?: Record<string, unknown>; jobRunId?: number | undefined },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into scheduled_effects (kind, subject, effect_date, booking_id, detail, job_run_id)
      values (${effect.kind}, ${effect.subject}, ${effect.effectDate}, ${effect.bookingId ?? null}, ${jsonParam(effect.detail ?? {})}::jsonb, ${effect.jobRunId ?? null})
      on conflict (kind, subject, effect_date) do nothing
      returning id`),
  );
  return rows.length > 0;
}

/** Adds what moved to a claimed effect (known only once the effect is done, in the same transaction). */
export async function recordEffectDetail(db: Executor, effect: { kind: EffectKind; subject: string; effectDate: string }, detail: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    update scheduled_effects set detail = ${jsonParam(detail)}::jsonb
    where kind = ${effect.kind} and subject = ${effect.subject} and effect_date = ${effect.effectDate}`);
}
