/**
 * Every job the product runs, and the one start-up that works them: the server and the test app
 * both call startJobs (ADR 010). A module adds a job by defining it in its `<area>.jobs.ts` and
 * listing it here.
 */
import { applyApprovalJob } from '../modules/approvals/approval.jobs.ts';
import { bulkRunJob } from '../modules/bulk-operations/bulk-operations.jobs.ts';
import { deliverMailJob, sweepMailJob } from '../modules/mail/mail.jobs.ts';
import { processGatewayEventJob, reconcileCheckoutsJob, refundPaymentJob, sandboxWebhookJob } from '../modules/payments/payment.jobs.ts';
import { monthlyBillingJob } from '../modules/settlements/settlement.jobs.ts';
import type { JobDefinition, JobDeps } from './define-job.ts';
import type { JobQueue } from './job-queue.ts';

export const ALL_JOBS: readonly JobDefinition<object>[] = [
  deliverMailJob,
  sweepMailJob,
  applyApprovalJob,
  processGatewayEventJob,
  refundPaymentJob,
  reconcileCheckoutsJob,
  sandboxWebhookJob,
  monthlyBillingJob,
  bulkRunJob,
];

/**
 * Registers a worker for each enabled job (its payload checked against the job's schema), its
 * schedule, and sends what a previous run left pending.
 */
export async function startJobs(queue: JobQueue, deps: Omit<JobDeps, 'jobs'>, options: { pollingIntervalSeconds?: number } = {}): Promise<string[]> {
  const jobDeps: JobDeps = { ...deps, jobs: queue };
  const started: string[] = [];
  for (const job of ALL_JOBS) {
    if (job.enabled && !job.enabled(jobDeps)) continue;
    await queue.work<object>(job.name, (data) => job.run(jobDeps, job.payload.parse(data)), options);
    if (job.cron) await queue.schedule(job.name, job.cron);
    started.push(job.name);
  }
  for (const job of ALL_JOBS) {
    if (!started.includes(job.name) || !job.atStart) continue;
    for (const payload of await job.atStart(jobDeps)) await queue.send(job.name, payload);
  }
  return started;
}
