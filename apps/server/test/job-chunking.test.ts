/**
 * Long jobs give way to requests (ADR 017). On the embedded database a job's statements run on the
 * server's own thread and answer through promises, so a request sent while the daily allotment
 * release ran was not even read until the release had ended. Here requests go over a real HTTP
 * listener (they need the event loop to turn, as a browser's do) while a daily job with a lot of
 * work runs, and each is answered while the job is still running: ordering, not timings. On
 * PostgreSQL the same holds. (On the embedded database the job also waits for the requests being
 * answered before each transaction: lib/give-way.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import type { JobDefinition, JobDeps } from '../src/jobs/define-job.ts';
import { runRecorded } from '../src/jobs/job-runs.ts';
import { demoDate } from './support/demo-days.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { requestsInFlight } from '../src/lib/give-way.ts';
import { trainDaysDue } from '../src/modules/inventory/inventory.repository.ts';
import { releaseGroupAllotmentsJob } from '../src/modules/inventory/inventory.jobs.ts';
import { markOverdueJob, remindPaymentsJob } from '../src/modules/payments/payment.jobs.ts';
import { createTestApp, type Headers, type TestApp } from './test-app.ts';

// The demo season (a Saturday at the start of May next year): every train on the next days still has its group allotment.
const TODAY = demoDate('2027-05-01');
const clock = fixedClock(`${TODAY}T03:00:00+09:00`);
/** Train-days the release finds due (the others are marked released beforehand, to keep the file short). */
const TRAIN_DAYS = 60;
const PAYMENTS = 200;

let ctx: TestApp;
let deps: JobDeps;
let base: string;
let staff: Headers;
let bookingId: string;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(query));

/** Pending card payments of the card agent's generated bookings, due `dueOffset(g)` days from today. */
async function pendingPayments(first: number, dueOffset: ReturnType<typeof sql>) {
  const [agent] = await rows<{ id: number; branch: number; down: number }>(sql`
    select a.id, (select min(g.id) from agent_groups g where g.agent_id = a.id)::int as branch, (select min(id) from services where direction = 'down')::int as down
    from agents a where a.agent_type = 'FREE' order by a.id limit 1`);
  await ctx.database.db.execute(sql`
    insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant, participant_quantity, total_amount_e6, submitted_at)
    select (${first}::int + g)::text, md5('chunking-' || (${first}::int + g)), ${agent!.id}, ${agent!.branch}, 'RESERVED', 'INITIAL', 'NORMAL', '順番の団体 ' || g, '{}'::jsonb, '{}'::jsonb, 20, 30000000000, now()
    from generate_series(0, ${PAYMENTS - 1}) g`);
  await ctx.database.db.execute(sql`
    insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
    select b.id, 'down', ${TODAY}::date + 30, ${agent!.down}, 1, 4 from bookings b
    where length(b.booking_id) = 9 and b.booking_id between ${String(first)} and ${String(first + PAYMENTS - 1)}`);
  await ctx.database.db.execute(sql`
    insert into payments (booking_id, kind, status, payment_method, total_amount_e6, due_date)
    select b.id, 'FARE', 'PAYMENT_PENDING', 'ONLINE_CREDIT_CARD', b.total_amount_e6, ${TODAY}::date + (${dueOffset})::int
    from bookings b, lateral (select b.booking_id::int - ${first}::int as g) n
    where length(b.booking_id) = 9 and b.booking_id between ${String(first)} and ${String(first + PAYMENTS - 1)}`);
}

/**
 * Runs the job and, meanwhile, sends requests one after another over HTTP (a cheap one and a
 * booking's detail), noting for each whether the job had ended when its answer came.
 */
async function requestsDuring(job: JobDefinition<object>) {
  let ended = false;
  const run = runRecorded(job, deps, {}).finally(() => (ended = true));
  const answers: { url: string; status: number; jobEnded: boolean }[] = [];
  for (const url of ['/v1/stations', `/v1/bookings/${bookingId}`, '/v1/stations']) {
    const res = await fetch(`${base}${url}`, { headers: staff });
    await res.arrayBuffer();
    answers.push({ url, status: res.status, jobEnded: ended });
  }
  const summary = await run;
  // Every answer has gone: none is left counted to hold the next job back (plugins/requests-first.ts).
  expect(requestsInFlight()).toBe(0);
  return { answers, summary };
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  deps = { db: ctx.database.db, clock, config: ctx.config, jobs: { send: async () => null }, mailSender: undefined, gateway: ctx.gateway };
  staff = await ctx.login('staff@example.com');
  [{ booking_id: bookingId }] = (await rows<{ booking_id: string }>(sql`select booking_id from bookings order by id limit 1`)) as [{ booking_id: string }];
  const due = await trainDaysDue(ctx.database.db, TODAY);
  expect(due.length).toBeGreaterThan(TRAIN_DAYS);
  for (const day of due.slice(TRAIN_DAYS)) {
    await ctx.database.db.execute(sql`
      insert into scheduled_effects (kind, subject, effect_date, detail) values ('ALLOTMENT_RELEASE', ${`service:${day.serviceId}:${day.serviceDate}`}, ${day.serviceDate}, '{}'::jsonb)`);
  }
  // payments.remind: due in 1–20 days (reminded 21 days before); payments.mark-overdue: due 1–10 days ago.
  await pendingPayments(970_000_000, sql`1 + n.g % 20`);
  await pendingPayments(980_000_000, sql`-1 - n.g % 10`);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('requests are answered while a long job runs', () => {
  it('the daily allotment release, one train-day at a time', async () => {
    const { answers, summary } = await requestsDuring(releaseGroupAllotmentsJob);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.jobEnded)).toEqual([]);
    expect(summary).toMatchObject({ train_days: TRAIN_DAYS });
    expect(summary.released_seats).toBeGreaterThan(0);
  }, 120_000);

  it('the payment reminders, one payment at a time', async () => {
    const { answers, summary } = await requestsDuring(remindPaymentsJob);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.jobEnded)).toEqual([]);
    expect(summary.reminded).toBeGreaterThanOrEqual(PAYMENTS);
  }, 120_000);

  it('the overdue notices, one payment at a time', async () => {
    const { answers, summary } = await requestsDuring(markOverdueJob);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.jobEnded)).toEqual([]);
    expect(summary.overdue).toBeGreaterThanOrEqual(PAYMENTS);
  }, 120_000);
});
