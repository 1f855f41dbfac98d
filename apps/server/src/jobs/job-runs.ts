/**
 * The run record of scheduled jobs (DESIGN §7): every run of a job with a schedule writes a
 * job_runs row, RUNNING, then DONE with what the run answered or FAILED with the error in words
 * (the failure still goes back to the queue, which retries). An operator's "run now" or "retry"
 * (modules/jobs) creates the row first and sends its id in the payload as `job_run_id`.
 */
import { z } from 'zod';
import { finishJobRun, insertJobRun, pruneJobRuns, restartJobRun } from '../modules/jobs/job-runs.repository.ts';
import type { JobDefinition, JobDeps } from './define-job.ts';

/** Set by the jobs screen's calls on what they send; absent on a scheduled run. */
const RunMeta = z.object({ job_run_id: z.number().int().positive().optional() });

/** Finished runs kept per job (failures are all kept). */
const KEEP_DONE = 200;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}

/** Runs a scheduled job with its run record; answers what the run answered. */
export async function runRecorded(job: JobDefinition<object>, deps: JobDeps, data: unknown): Promise<Record<string, unknown>> {
  const meta = RunMeta.safeParse(data);
  const given = meta.success ? meta.data.job_run_id : undefined;
  const runDate = deps.clock.today();
  const id = given !== undefined && (await restartJobRun(deps.db, given, runDate)) ? given : await insertJobRun(deps.db, { jobName: job.name, trigger: 'SCHEDULE', runDate });
  try {
    const summary = (await job.run({ ...deps, jobRunId: id }, job.payload.parse(data))) ?? {};
    await finishJobRun(deps.db, id, { state: 'DONE', summary });
    await pruneJobRuns(deps.db, job.name, KEEP_DONE);
    return summary;
  } catch (error) {
    await finishJobRun(deps.db, id, { state: 'FAILED', error: errorText(error) });
    throw error;
  }
}
