/**
 * Prometheus metrics (ADR 021): the real app with its job queue and METRICS_PORT, scraped over
 * HTTP on 127.0.0.1 and read line by line. Requests by route template, job runs and failures,
 * the outbox backlog and the webhook lag, Node's defaults; never served on the app's own port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { rowsOf, type Database } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { startJobs } from '../src/jobs/all-jobs.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { systemClock } from '../src/lib/clock.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import type { JobKey } from '../src/jobs/define-job.ts';
import { gatewayFromConfig } from '../src/modules/payments/gateway/gateway-registry.ts';
import { TEST_TOTP_KEY } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';
import { until } from './support/polling.ts';

let database: Database;
let jobs: JobQueue;
let app: FastifyInstance;
let started: string[];
let admin: { authorization: string };
/** What the job queue and its start-up wrote to their log (a failed run or send, with its error). */
const jobLog: { job: string; message: string; err?: unknown }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, METRICS_PORT: '0' });
  jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5, log: { warn: (details, message) => void jobLog.push({ ...details, message }) } });
  const gateway = gatewayFromConfig(config, { db: database.db, clock: systemClock, jobs });
  app = await buildApp({ config, database, logger: false, jobs, gateway });
  await app.ready();
  // No SMTP server: mail delivery does not run, so a queued mail stays in the outbox.
  started = await startJobs(jobs, { db: database.db, clock: systemClock, config, mailSender: undefined, gateway }, { pollingIntervalSeconds: 0.5, log: { warn: (details, message) => void jobLog.push({ ...details, message }) } });
  const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'admin@example.com', password: DEMO_PASSWORD } });
  admin = { authorization: `Bearer ${login.json().access_token as string}` };
});

afterAll(async () => {
  await app.close();
  await jobs.stop();
  await database.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics from the metrics listener, as samples (comment lines skipped). */
async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const address = app.metricsAddress()!;
  const res = await fetch(`http://${address.address}:${address.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
  return { text, samples };
}

/** The value of the one sample with this name whose labels include `labels`; undefined when none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('/metrics', () => {
  it('is served on 127.0.0.1 only, and not on the app\'s own port to anyone, the back-office admin included', async () => {
    expect(app.metricsAddress()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/metrics', headers: admin })).statusCode).toBe(404);
    const { address, port } = app.metricsAddress()!;
    expect((await fetch(`http://${address}:${port}/`)).status).toBe(404);
    expect((await fetch(`http://${address}:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('times answers by route template, method and status class: no id or token of a URL in a label', async () => {
    const [agent] = await database.db.select({ id: t.agents.id }).from(t.agents).limit(1);
    const before = valueOf((await scrape()).samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/agents/:id', status_class: '2xx' }) ?? 0;
    expect((await app.inject({ method: 'GET', url: `/v1/agents/${agent!.id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/agents/987654321', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/nothing/tok-SECRET-4b1d', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(401);

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/agents/:id', status_class: '2xx' })).toBe(before + 1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/agents/:id', status_class: '4xx' })).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/auth/me', status_class: '4xx' })).toBe(1);
    // Buckets are cumulative: the +Inf bucket holds every answer of the series.
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { route: '/v1/agents/:id', status_class: '2xx', le: '+Inf' })).toBe(before + 1);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', { route: '/v1/agents/:id', status_class: '2xx' })).toBeGreaterThan(0);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('987654321');
    expect(text).not.toContain(`/v1/agents/${agent!.id}"`);
  });

  it('counts job runs and failures by job name, every started job from zero', async () => {
    const { samples } = await scrape();
    for (const job of started) {
      expect(valueOf(samples, 'sagano_job_runs_total', { job }), job).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'sagano_job_failures_total', { job }), job).toBeGreaterThanOrEqual(0);
    }
    const runs = valueOf(samples, 'sagano_job_runs_total', { job: 'approval.apply' })!;
    const failures = valueOf(samples, 'sagano_job_failures_total', { job: 'approval.apply' })!;

    // A payload the job refuses: the run fails (and the queue retries it).
    await jobs.send('approval.apply', { id: 'not a number' });
    const after = await until(
      async () => (await scrape()).samples,
      (s) => valueOf(s, 'sagano_job_failures_total', { job: 'approval.apply' })! > failures,
      'the failed run counted',
    );
    // The server's log says which job failed and why.
    const told = jobLog.find((line) => line.job === 'approval.apply');
    expect(told?.message).toBe('job approval.apply failed');
    expect(String(told?.err)).toMatch(/id/);
    const failed = valueOf(after, 'sagano_job_failures_total', { job: 'approval.apply' })! - failures;
    expect(valueOf(after, 'sagano_job_runs_total', { job: 'approval.apply' })! - runs).toBeGreaterThanOrEqual(failed);
  });

  it('writes a job it could not send to the log; the change that sent it after its commit stands', async () => {
    const written = async () => rowsOf<{ count: number }>(await database.db.execute(sql`SELECT count(*)::int AS count FROM operation_logs WHERE operation = 'test.after_commit_send'`));
    const answer = await inTransaction(
      database.db,
      async (work) => {
        await work.tx.insert(t.operationLogs).values({ category: 'system', operator: 'system', operation: 'test.after_commit_send', isError: false, statusCode: 200 });
        // pg-boss refuses this queue name: the send fails after the commit.
        work.enqueue({ name: 'not a queue name!' } as unknown as JobKey<object>, {});
        return 'committed';
      },
      { jobs },
    );
    expect(answer).toBe('committed');
    expect((await written())[0]!.count).toBe(1);
    const told = jobLog.find((line) => line.job === 'not a queue name!');
    expect(told?.message).toMatch(/^job not a queue name! not sent: /);
    expect(told?.err).toBeInstanceOf(Error);
  });

  it('shows the outbox backlog: mails not sent yet, as many as the outbox holds, and the oldest one\'s age', async () => {
    const pendingInDb = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from outbox_mails where status = 'PENDING'`))[0]!.n;
    const before = valueOf((await scrape()).samples, 'sagano_outbox_pending_mails');
    expect(before).toBe(await pendingInDb());

    expect((await app.inject({ method: 'POST', url: '/v1/reset-password', payload: { role: 'ADMIN', email: 'station@example.com' } })).statusCode).toBe(200);
    const [queued] = await database.db.select().from(t.outboxMails).where(sql`${t.outboxMails.toAddress} = 'station@example.com' and ${t.outboxMails.status} = 'PENDING'`);
    expect(queued).toBeDefined();
    // Made three days old by the database's clock: the oldest pending mail now, whose age the gauge reads.
    await database.db.execute(sql`update outbox_mails set created_at = now() - interval '3 days' where id = ${queued!.id}`);
    const oldestInDb = rowsOf<{ age: number }>(await database.db.execute(sql`select extract(epoch from now() - min(created_at))::float8 as age from outbox_mails where status = 'PENDING'`))[0]!.age;

    const { samples } = await scrape();
    expect(valueOf(samples, 'sagano_outbox_pending_mails')).toBe(before! + 1);
    expect(valueOf(samples, 'sagano_outbox_pending_mails')).toBe(await pendingInDb());
    const age = valueOf(samples, 'sagano_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3 * 86_400);
    expect(Math.abs(age - oldestInDb)).toBeLessThan(60);
    expect(valueOf(samples, 'sagano_outbox_failed_mails')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'sagano_metrics_database_up')).toBe(1);
  });

  it('shows the webhook lag: card gateway events received and not processed yet, and how long the oldest has waited', async () => {
    const lag = async () => {
      const { samples } = await scrape();
      return { pending: valueOf(samples, 'sagano_webhook_events_pending'), age: valueOf(samples, 'sagano_webhook_oldest_pending_age_seconds') };
    };
    // Events a previous run left are applied at start; none waits once they are.
    await until(lag, (l) => l.pending === 0, 'no event waiting');
    expect(await lag()).toEqual({ pending: 0, age: 0 });

    // An event the gateway sent two minutes ago that no job has applied yet.
    const [event] = await database.db
      .insert(t.gatewayEvents)
      .values({ gateway: 'sandbox', eventId: 'evt_metrics_1', action: 'ignored', event: { action: 'ignored' }, receivedAt: sql`now() - interval '2 minutes'` })
      .returning({ id: t.gatewayEvents.id });
    const waiting = await lag();
    expect(waiting.pending).toBe(1);
    expect(waiting.age).toBeGreaterThanOrEqual(120);
    expect(waiting.age).toBeLessThan(120 + 600);

    // Applied by its job, the lag is gone.
    await jobs.send('payments.process-event', { id: event!.id });
    await until(lag, (l) => l.pending === 0, 'the event applied');
    expect(await lag()).toEqual({ pending: 0, age: 0 });
  });

  it('still answers when the backlog cannot be read: the backlog left out (not read as 0), the rest served', async () => {
    // A copy of its own whose outbox table is gone: the database refuses the backlog's query.
    const broken = await openTestDatabase();
    const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, METRICS_PORT: '0' });
    const other = await buildApp({ config, database: broken, logger: false });
    try {
      await other.ready();
      await broken.db.execute(sql`drop table outbox_mails cascade`);
      const { address, port } = other.metricsAddress()!;
      const res = await fetch(`http://${address}:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^sagano_metrics_database_up 0$/m);
      expect(text).not.toContain('sagano_outbox_pending_mails');
      expect(text).not.toContain('sagano_webhook_events_pending');
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    } finally {
      await other.close();
      await broken.close();
    }
  });

  it('carries Node\'s default process metrics', async () => {
    const { samples } = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(valueOf(samples, name), name).toBeGreaterThanOrEqual(0);
    }
  });
});
