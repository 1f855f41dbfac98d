import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { startJobs } from '../src/jobs/all-jobs.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import { gatewayFromConfig } from '../src/modules/payments/gateway/gateway-registry.ts';
import type { PaymentGateway } from '../src/modules/payments/gateway/payment-gateway.ts';
import { smtpSender, type MailSender } from '../src/modules/mail/mail-sender.ts';
import { openTestDatabase } from './test-database.ts';
import { desc, eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStorage } from '../src/modules/files/file-storage.ts';
import { localFileStorage } from '../src/modules/files/local-file-storage.ts';

/** The key test apps seal two-factor secrets with (32 bytes, hex). */
export const TEST_TOTP_KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The card gateway the app and its jobs use (the sandbox unless the env says otherwise). */
  gateway: PaymentGateway;
  /** The file storage the app keeps uploads in: a temporary folder of its own, removed on close. */
  fileStorage: FileStorage;
  /** The folder behind `fileStorage`. */
  filesDir: string;
  /** Signs in and answers the bearer header for later calls. */
  login(email: string, password?: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh copy of the demo database. With `jobs` (or `smtpUrl`, whose
 * mails are then delivered there), the job queue runs every job through the same start-up as the
 * server; without, units of work enqueue nothing and tests run jobs by hand. With `clock` (e.g.
 * `fixedClock`), business decisions and jobs take "today" from it.
 */
export async function createTestApp(options: { smtpUrl?: string; env?: Record<string, string>; jobs?: boolean; clock?: Clock; embeddedThread?: 'main' | 'worker' } = {}): Promise<TestApp> {
  const database = await openTestDatabase({ embeddedThread: options.embeddedThread });
  const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, ...options.env, ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}) });
  const clock = options.clock ?? systemClock;
  let jobs: JobQueue | undefined;
  let sender: MailSender | undefined;
  if (options.jobs || options.smtpUrl) {
    jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    if (options.smtpUrl) sender = smtpSender(options.smtpUrl);
  }
  const gateway = gatewayFromConfig(config, { db: database.db, clock, jobs });
  const filesDir = mkdtempSync(join(tmpdir(), 'sagano-files-'));
  const fileStorage = localFileStorage(filesDir);
  const app = await buildApp({ config, database, logger: false, clock, gateway, fileStorage, ...(jobs ? { jobs } : {}) });
  if (jobs) await startJobs(jobs, { db: database.db, clock, config, mailSender: sender, gateway }, { pollingIntervalSeconds: 0.5 });
  return {
    app,
    database,
    config,
    gateway,
    fileStorage,
    filesDir,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().access_token as string}` };
    },
    async close() {
      await app.close();
      await jobs?.stop();
      sender?.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export function errorOf(res: LightMyRequestResponse): { error_code: string; error_description: string; field?: string } {
  return res.json().common;
}

/** A signed-in caller's header. */
export type Headers = { authorization: string };

/**
 * A test app with demo accounts signed in, each under the name the file's tests call it:
 * `createSignedInTestApp({ admin: 'admin@example.com' })` answers `{ ctx, admin }`.
 */
export async function createSignedInTestApp<Name extends string>(accounts: Record<Name, string>): Promise<{ ctx: TestApp } & Record<Name, Headers>> {
  const ctx = await createTestApp();
  const signedIn = {} as Record<Name, Headers>;
  for (const [name, email] of Object.entries(accounts) as [Name, string][]) signedIn[name] = await ctx.login(email);
  return { ctx, ...signedIn };
}

/** The back office, station staff and an agent's admin, signed in: the callers most API tests try. */
export async function signInRoles(ctx: TestApp, agentEmail = 'agent-free@example.com'): Promise<{ staff: Headers; station: Headers; agent: Headers }> {
  return { staff: await ctx.login('staff@example.com'), station: await ctx.login('station@example.com'), agent: await ctx.login(agentEmail) };
}

/**
 * A call to the app: method, url, an optional JSON payload and the caller (by default the one
 * `byDefault` answers when called). The app and the caller are read when the call is made, so
 * the test file may make them in its beforeAll.
 */
export function injector(app: () => TestApp, byDefault: () => Headers) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Headers = byDefault()) =>
    app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** The newest row of the operation log (of that operation, when named). */
export async function latestOperationLog(ctx: TestApp, operation?: string): Promise<typeof t.operationLogs.$inferSelect | undefined> {
  const query = ctx.database.db.select().from(t.operationLogs);
  const [row] = await (operation ? query.where(eq(t.operationLogs.operation, operation)) : query).orderBy(desc(t.operationLogs.id)).limit(1);
  return row;
}
