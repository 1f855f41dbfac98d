/**
 * The jobs screen (DESIGN §7): each scheduled job with its schedule, last run, next run and the
 * failures since it last succeeded; and "run now" / "retry", which record the run (MANUAL or
 * RETRY, who started it) and send it to the queue after commit, where the same worker as the
 * schedule runs it.
 */
import { CronExpressionParser } from 'cron-parser';
import { scheduleOf, type JobKind, type JobListResponse, type JobRun } from '@sagano/domain/jobs/job-schemas';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import type { Db } from '../../db/client.ts';
import { jobKey, type JobDefinition } from '../../jobs/define-job.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { operatorLabel, type Principal } from '../auth/index.ts';
import { findJobRun, insertJobRun, latestJobRuns, openFailures, type JobRunRow } from './job-runs.repository.ts';
import { z } from 'zod';

const FAILURES_SHOWN = 5;

function runOf(r: JobRunRow): JobRun {
  return {
    job_run_id: r.id,
    job_name: r.jobName,
    trigger: r.trigger,
    state: r.state,
    run_date: r.runDate,
    summary: r.summary ?? null,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    started_by: r.startedBy,
  };
}

/** When the cron fires next after `now`, in Tokyo time (pg-boss reads it the same way). */
export function nextRunAt(cron: string, now: Date): string | null {
  try {
    return CronExpressionParser.parse(cron, { currentDate: now, tz: OPERATOR_TIME_ZONE }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

/** What a run sends: the schedule's own (empty) payload with the run's id, which the worker picks up (jobs/job-runs.ts). */
const RunPayload = z.object({ job_run_id: z.number().int() });

export function createJobsService(deps: { db: Db; clock: Clock; jobs: JobSender | undefined; definitions: readonly JobDefinition<object>[] }) {
  const scheduled = deps.definitions.filter((j): j is JobDefinition<object> & { cron: string } => j.cron !== undefined);
  const find = (name: string) => {
    const job = scheduled.find((j) => j.name === name);
    if (!job) throw new AppError('NOT_FOUND', `no scheduled job ${name}`);
    return job;
  };

  return {
    async list(): Promise<JobListResponse> {
      const names = scheduled.map((j) => j.name);
      const latest = await latestJobRuns(deps.db, names);
      const now = deps.clock.now();
      const jobs: JobKind[] = [];
      for (const job of scheduled) {
        const last = latest.get(job.name);
        jobs.push({
          name: job.name,
          cron: job.cron,
          schedule: scheduleOf(job.cron),
          time_zone: OPERATOR_TIME_ZONE,
          next_run_at: nextRunAt(job.cron, now),
          last_run: last ? runOf(last) : null,
          failures: (await openFailures(deps.db, job.name, FAILURES_SHOWN)).map(runOf),
        });
      }
      return { jobs };
    },

    /** Records a MANUAL run (or a RETRY of a failed one) and sends it once the transaction commits. */
    async run(work: Work, principal: Principal, name: string, retryOf: number | undefined): Promise<JobRun> {
      const job = find(name);
      if (!deps.jobs) throw new AppError('NOT_READY', 'this server runs no job queue (JOBS is off); start the run from a server that does');
      if (retryOf !== undefined) {
        const failed = await findJobRun(work.tx, retryOf);
        if (!failed || failed.jobName !== job.name) throw new AppError('NOT_FOUND', `run ${retryOf} of ${job.name} not found`);
        if (failed.state !== 'FAILED') throw new AppError('CONFLICT', `run ${retryOf} did not fail (${failed.state}); use run now instead`);
      }
      const id = await insertJobRun(work.tx, {
        jobName: job.name,
        trigger: retryOf !== undefined ? 'RETRY' : 'MANUAL',
        runDate: deps.clock.today(),
        startedBy: operatorLabel(principal),
        payload: retryOf !== undefined ? { retry_of: retryOf } : {},
      });
      work.enqueue(jobKey(job.name, RunPayload), { job_run_id: id });
      const row = await findJobRun(work.tx, id);
      return runOf(row!);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
