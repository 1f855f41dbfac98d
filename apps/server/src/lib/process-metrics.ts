/**
 * The process's own Prometheus metrics (ADR 021): Node's defaults (CPU, memory, event loop, GC)
 * and the job counters. They belong to the process, not to one HTTP app: the job workers run
 * beside the app, so the counters live here and the metrics listener (plugins/metrics.ts) merges
 * them with the app's at each scrape.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

const jobRuns = new Counter({
  name: 'sagano_job_runs_total',
  help: 'Job runs that ended (done or failed), by job name; a retried job counts each attempt.',
  labelNames: ['job'] as const,
  registers: [processMetrics],
});

const jobFailures = new Counter({
  name: 'sagano_job_failures_total',
  help: 'Job runs that ended in an error (the queue retries them), by job name.',
  labelNames: ['job'] as const,
  registers: [processMetrics],
});

/** The job's handler, counted: every run, and every failure (which is passed on to the queue). */
export function countedJob<T>(name: string, handler: (data: T) => Promise<void>): (data: T) => Promise<void> {
  // Zero from the start, so a rate or an alert on a job that has not run yet reads 0, not "no data".
  jobRuns.inc({ job: name }, 0);
  jobFailures.inc({ job: name }, 0);
  return async (data) => {
    try {
      await handler(data);
    } catch (error) {
      jobFailures.inc({ job: name });
      throw error;
    } finally {
      jobRuns.inc({ job: name });
    }
  };
}
