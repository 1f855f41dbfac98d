import type { Db, Tx } from '../db/client.ts';
import type { JobKey } from '../jobs/define-job.ts';
import type { JobSender } from '../jobs/job-queue.ts';
import { publishRealtime, queueRealtimeFor, sendCommittedRealtime, type RealtimeNotice } from '../realtime/realtime-publish.ts';

/** One database transaction plus the work to run only once it has committed. */
export interface Work {
  /** The database the transaction belongs to. */
  db: Db;
  tx: Tx;
  afterCommit(fn: () => unknown): void;
  /**
   * Sends a job once the transaction has committed (never for a change that rolled back). The
   * job's own row (outbox mail, approval, …) stays the truth: where no queue runs, or a send is
   * lost, the job's start-up and sweep pick the row up (ADR 010).
   */
  enqueue<P extends object>(job: JobKey<P>, payload: P): void;
  /**
   * The booking revision the caller's screen showed (If-Match), read by the step kernel: a step
   * begun on an older one is refused (BOOKING_CHANGED). Absent for jobs and callers that send none.
   * Answered once: a call made of several steps (reserve = hold + confirm, a note then an answer)
   * checks what the caller saw at its first step; the later ones see the first one's revision.
   */
  expectedRevision?: () => number | undefined;
}

/**
 * Runs `fn` in one transaction: the change, its operation log, history and outbox rows commit
 * together or not at all. Hooks registered with afterCommit, and jobs enqueued, run after a
 * successful commit; `jobs` is the queue they go to (none: they wait for the queue's start-up).
 */
export async function inTransaction<T>(db: Db, fn: (work: Work) => Promise<T>, options: { jobs?: JobSender | undefined; expectedRevision?: () => number | undefined } = {}): Promise<T> {
  const hooks: (() => unknown)[] = [];
  const { jobs } = options;
  let revisionAsked = false;
  const expectedRevision = options.expectedRevision
    ? () => {
        if (revisionAsked) return undefined;
        revisionAsked = true;
        return options.expectedRevision!();
      }
    : undefined;
  let notices: RealtimeNotice[] = [];
  const result = await db.transaction((tx) => {
    // Live updates published in this transaction go out after its commit (see realtime-publish.ts).
    notices = queueRealtimeFor(tx);
    return fn({
      db,
      tx,
      afterCommit: (hook) => hooks.push(hook),
      enqueue: (job, payload) => {
        if (jobs) hooks.push(() => jobs.send(job.name, payload));
      },
      ...(expectedRevision ? { expectedRevision } : {}),
    });
  });
  sendCommittedRealtime(db, notices);
  for (const hook of hooks) {
    try {
      await hook();
    } catch {
      // After-commit work is best effort by design: the change has committed, and a periodic job
      // repeats the work from its row (ADR 010); the queue writes a send it could not make to the log.
    }
  }
  return result;
}

/**
 * Runs `fn` in a savepoint of the work's transaction: if it throws, its writes roll back (the
 * rest of the transaction stays) and so do the jobs, after-commit hooks and live updates it
 * queued; if it answers, they join the transaction's and go out after its commit.
 */
export async function inSavepoint<T>(work: Work, fn: (work: Work) => Promise<T>): Promise<T> {
  const hooks: (() => unknown)[] = [];
  const jobs: [JobKey<object>, object][] = [];
  let notices: RealtimeNotice[] = [];
  const result = await work.tx.transaction((tx) => {
    notices = queueRealtimeFor(tx);
    return fn({
      ...work,
      tx,
      afterCommit: (hook) => hooks.push(hook),
      enqueue: (job, payload) => jobs.push([job as JobKey<object>, payload]),
    });
  });
  for (const hook of hooks) work.afterCommit(hook);
  for (const [job, payload] of jobs) work.enqueue(job, payload);
  for (const notice of notices) await publishRealtime(work.tx, notice.rooms, notice.event);
  return result;
}
