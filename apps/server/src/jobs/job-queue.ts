/**
 * Durable jobs in the same PostgreSQL database (pg-boss): mail delivery now, reminders,
 * releases, invoices and approvals later (DESIGN §7). Modules declare their jobs with defineJob;
 * all-jobs.ts starts them.
 */
import { PgBoss, type Db as PgBossDb, type SendOptions } from 'pg-boss';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import type { Database } from '../db/client.ts';
import { dropRetiredSchema, setAsideOldQueueSchema, waitingJobsOfRetiredSchema } from './retired-queue-schema.ts';

/** The part of the queue that sends work: what a unit of work and a running job need. */
export interface JobSender {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
}

/** Where a failed or stuck run, a send that failed and the queue's own errors are told (the server's log). */
export interface JobLog {
  warn(details: { err?: unknown; job: string }, message: string): void;
}

export interface JobQueue extends JobSender {
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/** Answers true for a key the first time, then again only once `ms` have passed since it last did. */
export function oncePer(ms: number, now: () => number = Date.now): (key: string) => boolean {
  const told = new Map<string, number>();
  return (key) => {
    const at = now();
    const last = told.get(key);
    if (last !== undefined && at - last < ms) return false;
    told.set(key, at);
    return true;
  };
}

/**
 * Opens the queue. A send that fails is written to `log` before it is thrown: the change that
 * sent it has committed by then (unit-of-work.ts sends after the commit and goes on), and the
 * job's own row waits for its sweep or the next start-up (ADR 010), but someone should know.
 */
export async function startJobQueue(database: Database, options: { pollingIntervalSeconds?: number; log?: JobLog } = {}): Promise<JobQueue> {
  const { log } = options;
  // Stopping waits for the handlers still running and for pg-boss's own record of how they ended
  // (past its graceful wait a handler would otherwise finish after the database closed, and
  // pg-boss record its outcome through a closed pool). Anything pg-boss still asks after that is
  // answered with no rows: the job's row then expires and a later start retries it.
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  };
  const carryOver = await setAsideOldQueueSchema(database.raw);
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => (stopped ? Promise.resolve({ rows: [] }) : track(database.raw.executeSql(text, values))),
    } as PgBossDb,
    backend: database.engine === 'pglite' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    // The embedded database is one connection: keep background chatter low there.
    supervise: true,
    maintenanceIntervalSeconds: database.engine === 'pglite' ? 300 : 120,
  });
  // A job's failure surfaces through its own state and loggedJob (all-jobs.ts); what pg-boss
  // reports here is its own work (maintenance, schedules, polling), told unless the queue is
  // stopping, each message once a minute: with the database gone every poller fails every few seconds.
  const firstInMinute = oncePer(60_000);
  boss.on('error', (error) => {
    if (!stopped && firstInMinute(error.message)) log?.warn({ err: error, job: 'queue' }, `job queue: ${error.message}`);
  });
  await boss.start();
  const created = new Set<string>();
  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  }
  if (carryOver) {
    for (const job of await waitingJobsOfRetiredSchema(database.raw)) {
      await ensureQueue(job.name);
      await boss.send(job.name, job.data ?? {}, { startAfter: job.startAfter, ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}) });
    }
    await dropRetiredSchema(database.raw);
  }
  const polling = options.pollingIntervalSeconds ?? 2;
  return {
    async send(name, data, sendOptions) {
      try {
        await ensureQueue(name);
        return await boss.send(name, data, sendOptions ?? {});
      } catch (error) {
        log?.warn({ err: error, job: name }, `job ${name} not sent: ${(error as Error).message}`);
        throw error;
      }
    },
    async work(name, handler, workOptions) {
      await ensureQueue(name);
      await boss.work<object>(name, { pollingIntervalSeconds: workOptions?.pollingIntervalSeconds ?? polling, batchSize: 1 }, async (jobs: { data: unknown }[]) => {
        for (const job of jobs) await track(handler(job.data as never));
      });
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: OPERATOR_TIME_ZONE });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
      const deadline = Date.now() + 30_000;
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 1000))]);
        await new Promise((r) => setImmediate(r)); // pg-boss records the outcome right after its handler ends
      }
      stopped = true;
    },
  };
}
