/**
 * How a module declares a job (ADR 010): a name `<area>.<verb>`, a payload schema, an optional
 * schedule and the work. Definitions live next to the module they serve (`<area>.jobs.ts`);
 * `all-jobs.ts` lists them and starts them the same way in the server and in the test app.
 */
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { MailSender } from '../modules/mail/mail-sender.ts';
import type { PaymentGateway } from '../modules/payments/gateway/payment-gateway.ts';
import type { JobSender } from './job-queue.ts';

/** What a job may use: the database, the clock, the queue (to send follow-up work) and the ports. */
export interface JobDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: JobSender;
  /** Absent when no SMTP server is configured: mails stay in the outbox. */
  mailSender: MailSender | undefined;
  /** The card gateway (DESIGN §6). */
  gateway: PaymentGateway;
  /** The job_runs row of this run, for a scheduled job (its effects point at it). */
  jobRunId?: number;
}

/**
 * What is needed to send a job: its name and payload schema. A module that both sends a job and
 * runs it declares the key next to the code that sends it and spreads it into the definition in
 * its `<area>.jobs.ts`, so the import graph stays acyclic.
 */
export interface JobKey<P extends object> {
  name: `${string}.${string}`;
  payload: z.ZodType<P>;
}

export function jobKey<P extends object>(name: `${string}.${string}`, payload: z.ZodType<P>): JobKey<P> {
  return { name, payload };
}

export interface JobDefinition<P extends object> extends JobKey<P> {
  /** pg-boss cron in Asia/Tokyo. A rerun of the same period must be harmless: unique keys, not luck. */
  cron?: string;
  /** Whether this process works the job (e.g. mail delivery only with an SMTP server). Default: always. */
  enabled?(deps: JobDeps): boolean;
  /** Payloads to send when the queue starts: work a previous run left pending (its own rows are the truth). */
  atStart?(deps: JobDeps): Promise<P[]>;
  /** The work; a scheduled job answers what it did (numbers and ids), kept as its run's summary. */
  run(deps: JobDeps, payload: P): Promise<void | Record<string, unknown>>;
}

export function defineJob<P extends object>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}
