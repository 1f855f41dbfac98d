/**
 * The jobs screen's calls (issue 18, DESIGN §7): GET /v1/jobs lists every scheduled job with its
 * schedule, last and next run and open failures; POST /v1/jobs/{name}/run starts one now (or
 * retries a failed run).
 */
import { z } from 'zod';

export const JOB_RUN_STATES = ['RUNNING', 'DONE', 'FAILED'] as const;
export const JOB_RUN_TRIGGERS = ['SCHEDULE', 'RETRY', 'MANUAL', 'EVENT'] as const;

/** A cron schedule in words the screen can translate: every minute, every N minutes, daily at a time, else the cron itself. */
export type JobSchedule = { kind: 'EVERY_MINUTE' } | { kind: 'EVERY_MINUTES'; minutes: number } | { kind: 'DAILY'; time: string } | { kind: 'CRON'; cron: string };

export const JobSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('EVERY_MINUTE') }),
  z.object({ kind: z.literal('EVERY_MINUTES'), minutes: z.number().int() }),
  z.object({ kind: z.literal('DAILY'), time: z.string() }),
  z.object({ kind: z.literal('CRON'), cron: z.string() }),
]);

/** The schedule of a pg-boss cron (minute hour day month weekday) in the shapes the product uses. */
export function scheduleOf(cron: string): JobSchedule {
  const c = cron.trim().split(/\s+/).join(' ');
  if (c === '* * * * *') return { kind: 'EVERY_MINUTE' };
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(c);
  if (every) return { kind: 'EVERY_MINUTES', minutes: Number(every[1]) };
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(c);
  if (daily && Number(daily[1]) < 60 && Number(daily[2]) < 24) return { kind: 'DAILY', time: `${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}` };
  return { kind: 'CRON', cron: c };
}

export const JobRun = z.object({
  job_run_id: z.number().int(),
  job_name: z.string(),
  trigger: z.enum(JOB_RUN_TRIGGERS),
  state: z.enum(JOB_RUN_STATES),
  /** The business date (Tokyo) it ran for. */
  run_date: z.string().nullable(),
  /** What it did (numbers and ids), once done. */
  summary: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  started_by: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

export const JobKind = z.object({
  name: z.string(),
  cron: z.string(),
  schedule: JobSchedule,
  time_zone: z.string(),
  /** The next time the schedule fires (ISO instant). */
  next_run_at: z.string().nullable(),
  last_run: JobRun.nullable(),
  /** Failed runs since its last successful one, newest first. */
  failures: z.array(JobRun),
});
export type JobKind = z.infer<typeof JobKind>;

export const JobListResponse = z.object({ jobs: z.array(JobKind) });
export type JobListResponse = z.infer<typeof JobListResponse>;

export const JobNameParams = z.object({ name: z.string().min(3).max(80).regex(/^[a-z-]+\.[a-z-]+$/, 'a job name such as payments.remind') });

export const RunJobBody = z.object({
  /** Retry this failed run (RETRY); absent: run now (MANUAL). */
  retry_of: z.number().int().positive().max(2147483647).optional(),
});
export type RunJobBody = z.infer<typeof RunJobBody>;
