/**
 * Every job the product runs, and the one start-up that works them: the server and the test app
 * both call startJobs (ADR 010). A module adds a job by defining it in its `<area>.jobs.ts` and
 * listing it here.
 */
import { applyApprovalJob } from '../modules/approvals/index.ts';
import { promoteWaitlistJob, remindAnswerDueJob, sweepWaitlistPromotionsJob } from '../modules/bookings/index.ts';
import { releaseGroupAllotmentsJob } from '../modules/inventory/index.ts';
import { bulkRunJob } from '../modules/bulk-operations/index.ts';
import { deliverMailJob, sweepMailJob } from '../modules/mail/index.ts';
import { markOverdueJob, processGatewayEventJob, reconcileCheckoutsJob, refundPaymentJob, refundSweepJob, remindPaymentsJob, sandboxWebhookJob } from '../modules/payments/index.ts';
import { deliverMonthlyInvoiceJob, monthlyBillingJob } from '../modules/settlements/index.ts';
import { deliverSeatDocumentJob } from '../modules/seats/index.ts';
import { deliverWebhookJob, sweepWebhooksJob } from '../modules/webhooks/index.ts';
import { expireOctoHoldsJob } from '../modules/octo/index.ts';
import type { JobDefinition, JobDeps } from './define-job.ts';
import type { JobLog, JobQueue } from './job-queue.ts';
import { runRecorded } from './job-runs.ts';
import { countedJob } from '../lib/process-metrics.ts';

export const ALL_JOBS: readonly JobDefinition<object>[] = [
  deliverMailJob,
  sweepMailJob,
  applyApprovalJob,
  processGatewayEventJob,
  refundPaymentJob,
  refundSweepJob,
  reconcileCheckoutsJob,
  sandboxWebhookJob,
  monthlyBillingJob,
  deliverMonthlyInvoiceJob,
  deliverSeatDocumentJob,
  promoteWaitlistJob,
  sweepWaitlistPromotionsJob,
  releaseGroupAllotmentsJob,
  remindPaymentsJob,
  markOverdueJob,
  remindAnswerDueJob,
  bulkRunJob,
  deliverWebhookJob,
  sweepWebhooksJob,
  expireOctoHoldsJob,
];

/** A run still going after this long is told once (a job works in small steps; one this slow waits on something). */
const SLOW_RUN_MS = 60_000;

/** The job's handler, its failure and a run past `slowMs` written to the log. */
export function loggedJob(name: string, run: (data: object) => Promise<void>, log: JobLog, slowMs = SLOW_RUN_MS): (data: object) => Promise<void> {
  return async (data) => {
    const slow = setTimeout(() => log.warn({ job: name }, `job ${name} still running after ${slowMs / 1000} s`), slowMs);
    slow.unref();
    try {
      await run(data);
    } catch (error) {
      log.warn({ err: error, job: name }, `job ${name} failed`);
      throw error;
    } finally {
      clearTimeout(slow);
    }
  };
}

/**
 * Registers a worker for each enabled job (its payload checked against the job's schema), its
 * schedule, and sends what a previous run left pending. A run that fails is counted (/metrics)
 * and, given a log, written there with its error; a run still going after a minute is written too.
 */
export async function startJobs(queue: JobQueue, deps: Omit<JobDeps, 'jobs'>, options: { pollingIntervalSeconds?: number; log?: JobLog } = {}): Promise<string[]> {
  const { log, ...workOptions } = options;
  const jobDeps: JobDeps = { ...deps, jobs: queue };
  const started: string[] = [];
  for (const job of ALL_JOBS) {
    if (job.enabled && !job.enabled(jobDeps)) continue;
    // A scheduled job's runs are recorded (job-runs.ts); event jobs have their own rows (outbox, approvals).
    const run = job.cron ? async (data: object) => void (await runRecorded(job, jobDeps, data)) : async (data: object) => void (await job.run(jobDeps, job.payload.parse(data)));
    const handler = log ? loggedJob(job.name, run, log) : run;
    // Every run and failure counted by job name for /metrics (lib/process-metrics.ts).
    await queue.work<object>(job.name, countedJob(job.name, handler), workOptions);
    if (job.cron) await queue.schedule(job.name, job.cron);
    started.push(job.name);
  }
  for (const job of ALL_JOBS) {
    if (!started.includes(job.name) || !job.atStart) continue;
    for (const payload of await job.atStart(jobDeps)) await queue.send(job.name, payload);
  }
  return started;
}
