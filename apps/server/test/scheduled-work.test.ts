/**
 * Work that runs on time (issue 18, DESIGN §7), with the Clock moved day by day: the special
 * contract term's deadline and answer date, the payment reminder and the overdue notice, the
 * release of the group allotment (on its day and caught up after a missed day). Each effect
 * happens once: a second run, and two runs racing (on PostgreSQL two connections of the pool),
 * find it taken. Then the jobs API: the scheduled kinds, run now, retry, the run record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import type { JobDefinition, JobDeps } from '../src/jobs/define-job.ts';
import type { JobSender } from '../src/jobs/job-queue.ts';
import { runRecorded } from '../src/jobs/job-runs.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { remindAnswerDueJob } from '../src/modules/bookings/contract-term.jobs.ts';
import { releaseGroupAllotmentsJob } from '../src/modules/inventory/inventory.jobs.ts';
import { markOverdueJob, remindPaymentsJob } from '../src/modules/payments/payment.jobs.ts';
import { errorOf, latestOperationLog, type TestApp } from './test-app.ts';
import { confirmedBooking, reservedBooking } from './support/booking-fixture.ts';
import { FIXTURE_GROUP_SEATS, GROUP, INDIVIDUAL, openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';
import { until } from './support/polling.ts';

const noonIn = (date: string) => `${date}T12:00:00+09:00`;
const clock = fixedClock(noonIn('2058-04-01'));
const RELEASE_DAY = '2058-05-09';
const TERM_DAY = '2058-05-10';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let freeAgent: number;
const sent: { name: string; data: object }[] = [];
const sender: JobSender = {
  async send(name, data) {
    sent.push({ name, data });
    return null;
  },
};
let deps: JobDeps;
/** Bookings this file makes. */
const ids = { held: '', unanswered: '', paying: '', termEarly: '', termOnDeadline: '', outside: '' };

const run = (job: JobDefinition<object>) => runRecorded(job, deps, {});
/** Two runs at once, as two servers would: on PostgreSQL two connections of the pool. */
const race = (job: JobDefinition<object>) => Promise.all([run(job), run(job)]);
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(query));
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);
const notifications = (kind: string, audience: string, bookingId?: string) =>
  count(sql`select count(*)::int as n from notifications n left join bookings b on b.id = n.booking_id
            where n.kind = ${kind} and n.audience = ${audience} ${bookingId ? sql`and b.booking_id = ${bookingId}` : sql``}`);
const effects = (kind: string) => count(sql`select count(*)::int as n from scheduled_effects where kind = ${kind}`);

function bookingBody(day: string, groupName: string) {
  return {
    applicant: { name: '伊藤 誠', email: 'ito.groups@example.com', phone_number: '03-0000-0000' },
    group: { group_type: 'NORMAL', name: groupName, country_code: 'JPN' },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 8 }] },
    agent_id: freeAgent,
  };
}
const submit = (day: string, groupName: string) => ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers: staff, payload: bookingBody(day, groupName) });

async function counters(day: string, type: number) {
  return rows<{ leg: number; capacity: number; held: number }>(sql`
    select leg, capacity, held from inventory_counters where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${type} order by leg`);
}

beforeAll(async () => {
  const opened = await openBookingTestApp({ clock, jobs: true });
  ({ ctx, fx, staff } = opened);
  freeAgent = opened.agentIds.FREE!;
  deps = { db: ctx.database.db, clock, config: ctx.config, jobs: sender, mailSender: undefined, gateway: ctx.gateway };
  // The 2058 season's schedule: release 14, payment 10, reminder 21 days before.
  await ctx.database.db.execute(sql`
    insert into group_schedules (service_from_date, service_to_date, name, group_arrangement_release_day_before, payment_day_before, remind_day_before)
    values ('2058-01-01', '2058-12-31', '2058年', 14, 10, 21)`);
  const term = await ctx.app.inject({
    method: 'POST',
    url: '/v1/master-data/special-contract-terms',
    headers: staff,
    payload: { name: '2058年 新緑の特約', submission_deadline: '2058-04-05', answer_date: '2058-04-06', service_from_date: TERM_DAY, service_to_date: TERM_DAY },
  });
  expect(term.statusCode, term.body).toBe(200);

  ids.held = await reservedBooking(ctx, staff, { agentId: freeAgent, day: RELEASE_DAY, serviceId: fx.down, adults: 10, groupName: '保有団体' });
  const unanswered = await submit(RELEASE_DAY, '未回答団体');
  expect(unanswered.statusCode, unanswered.body).toBe(200);
  ids.unanswered = unanswered.json().booking_id;
  ids.paying = await confirmedBooking(ctx, staff, { agentId: freeAgent, day: TERM_DAY, serviceId: fx.down, adults: 10, groupName: '支払団体' });
  const early = await submit(TERM_DAY, '特約 早め');
  expect(early.statusCode, early.body).toBe(200);
  ids.termEarly = early.json().booking_id;
  ids.outside = await confirmedBooking(ctx, staff, { agentId: freeAgent, day: fx.specialDay, serviceId: fx.special, adults: 10, groupName: '特約外 確定' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('special contract term', () => {
  it('accepts requests for its service dates until the submission deadline, refuses them after it naming the term and the deadline', async () => {
    clock.set(noonIn('2058-04-05'));
    const onDeadline = await submit(TERM_DAY, '特約 締切日');
    expect(onDeadline.statusCode, onDeadline.body).toBe(200);
    ids.termOnDeadline = onDeadline.json().booking_id;

    clock.set(noonIn('2058-04-06'));
    const before = await count(sql`select count(*)::int as n from bookings`);
    const late = await submit(TERM_DAY, '特約 締切後');
    expect(late.statusCode, late.body).toBe(422);
    expect(errorOf(late)).toMatchObject({ error_code: 'SUBMISSION_DEADLINE_PASSED', field: 'service_order.down_service.service_date' });
    expect(errorOf(late).error_description).toContain('2058年 新緑の特約');
    expect(errorOf(late).error_description).toContain('2058-04-05');
    expect(await count(sql`select count(*)::int as n from bookings`)).toBe(before);
    // A date outside the term is still taken.
    const outside = await submit(RELEASE_DAY, '特約外');
    expect(outside.statusCode, outside.body).toBe(200);
  });

  it('refuses a change that moves a booking into a closed term, and takes one that stays on its own train', async () => {
    const change = (day: string, serviceId: number, adults: number) => ({
      applicant: { name: '伊藤 誠', email: 'ito.groups@example.com', phone_number: '03-0000-0000' },
      group: { group_type: 'NORMAL', name: '団体', country_code: 'JPN' },
      service_order: { down_service: { service_date: day, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: adults }] },
    });
    const into = await ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${ids.outside}/params`, headers: staff, payload: change(TERM_DAY, fx.down, 10) });
    expect(into.statusCode, into.body).toBe(422);
    expect(errorOf(into).error_code).toBe('SUBMISSION_DEADLINE_PASSED');
    // Its own train in the term: a headcount change is not a new request for the date.
    const same = await ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${ids.paying}/params`, headers: staff, payload: change(TERM_DAY, fx.down, 11) });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('reminds the operator on the answer date of the requests still unanswered in the term, once', async () => {
    clock.set(noonIn('2058-04-06'));
    const [a, b] = await race(remindAnswerDueJob);
    expect([a, b].map((s) => s.terms).sort()).toEqual([0, 1]);
    expect(await notifications('ANSWER_DUE', 'ADMIN', ids.termEarly)).toBe(1);
    expect(await notifications('ANSWER_DUE', 'ADMIN', ids.termOnDeadline)).toBe(1);
    expect(await notifications('ANSWER_DUE', 'ADMIN', ids.paying)).toBe(0);
    const [effect] = await rows<{ detail: { unanswered: number } }>(sql`select detail from scheduled_effects where kind = 'CONTRACT_ANSWER_DUE'`);
    expect(effect!.detail.unanswered).toBe(2);
    clock.set(noonIn('2058-04-07'));
    expect((await run(remindAnswerDueJob)).terms).toBe(0);
    expect(await notifications('ANSWER_DUE', 'ADMIN')).toBe(2);
    expect((await latestOperationLog(ctx, 'bookings.remind_answer_due'))?.operator).toBe('system');
  });
});

describe('payment deadlines', () => {
  it('reminds the agent remind_day_before days before the due date, by mail and notification, once', async () => {
    const [due] = await rows<{ due_date: string }>(sql`select p.due_date::text as due_date from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${ids.paying} and p.kind = 'FARE'`);
    expect(due!.due_date).toBe('2058-04-30'); // 10 days before 2058-05-10
    clock.set(noonIn('2058-04-08'));
    expect((await run(remindPaymentsJob)).reminded).toBe(0);

    clock.set(noonIn('2058-04-09')); // 21 days before the due date
    const [a, b] = await race(remindPaymentsJob);
    expect([a.reminded, b.reminded].sort()).toEqual([0, 1]);
    expect(await notifications('PAYMENT_REMINDER', 'AGENT', ids.paying)).toBe(1);
    const mails = await rows<{ to_address: string; subject: string; body_text: string }>(sql`select to_address, subject, body_text from outbox_mails where kind = 'PAYMENT_REMINDER'`);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.subject).toContain(ids.paying);
    expect(mails[0]!.body_text).toContain('2058-04-30');
    // The next day reminds only the booking whose own reminder day it is (2058-05-11: due 05-01).
    clock.set(noonIn('2058-04-10'));
    expect((await run(remindPaymentsJob)).reminded).toBe(1);
    expect(await notifications('PAYMENT_REMINDER', 'AGENT', ids.paying)).toBe(1);
    expect(await notifications('PAYMENT_REMINDER', 'AGENT', ids.outside)).toBe(1);
    expect((await run(remindPaymentsJob)).reminded).toBe(0);
    expect(await effects('PAYMENT_REMINDER')).toBe(2);
    expect(await latestOperationLog(ctx, 'payments.remind')).toMatchObject({ operator: 'system', bookingId: ids.outside });
  });

  it('announces a payment overdue to both sides once its due date has passed, once, and cancels nothing', async () => {
    // The demo data's pending payments, due around the day the suite runs, are long overdue: the first run announces those.
    clock.set(noonIn('2058-04-30'));
    await run(markOverdueJob);
    expect(await notifications('PAYMENT_OVERDUE', 'ADMIN', ids.paying)).toBe(0);
    clock.set(noonIn('2058-05-01'));
    const [a, b] = await race(markOverdueJob);
    expect([a.overdue, b.overdue].sort()).toEqual([0, 1]);
    expect(await notifications('PAYMENT_OVERDUE', 'ADMIN', ids.paying)).toBe(1);
    expect(await notifications('PAYMENT_OVERDUE', 'AGENT', ids.paying)).toBe(1);
    clock.set(noonIn('2058-05-02')); // only 2058-05-11's booking (due 05-01) is new
    expect((await run(markOverdueJob)).payment_ids).toHaveLength(1);
    expect((await run(markOverdueJob)).overdue).toBe(0);
    expect(await notifications('PAYMENT_OVERDUE', 'AGENT', ids.paying)).toBe(1);
    const booking = (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${ids.paying}`, headers: staff })).json();
    expect(booking.status).toBe('MODIFIED'); // as the change left it: nothing cancelled
  });
});

describe('release of the group allotment', () => {
  it('does nothing before the release day', async () => {
    clock.set(noonIn('2058-04-24'));
    const summary = await run(releaseGroupAllotmentsJob);
    expect(summary.train_days).toBe(0);
    expect((await counters(RELEASE_DAY, GROUP)).every((c) => c.capacity === FIXTURE_GROUP_SEATS)).toBe(true);
  });

  it('on the release day moves the unheld group seats to individual sale, keeps the held ones, flags unanswered requests, once', async () => {
    clock.set(noonIn('2058-04-25')); // 14 days before 2058-05-09
    const individualBefore = await counters(RELEASE_DAY, INDIVIDUAL);
    sent.length = 0;
    const [a, b] = await race(releaseGroupAllotmentsJob);
    expect([a, b].map((s) => s.train_days as number).reduce((x, y) => x + y)).toBeGreaterThan(0);
    // Two workers may split the train-days between them (each claims a day before it works it), but
    // no day is released twice: a third run finds nothing left to do.
    expect((await run(releaseGroupAllotmentsJob)).train_days).toBe(0);

    const group = await counters(RELEASE_DAY, GROUP);
    expect(group.map((c) => [c.capacity, c.held])).toEqual([[10, 10], [10, 10], [10, 10]]);
    const released = FIXTURE_GROUP_SEATS - 10;
    const individual = await counters(RELEASE_DAY, INDIVIDUAL);
    expect(individual.map((c, i) => c.capacity - (individualBefore[i]?.capacity ?? 0))).toEqual([released, released, released]);
    expect(await count(sql`select count(*)::int as n from inventory_seat_overrides where service_date = ${RELEASE_DAY} and service_id = ${fx.down} and arrangement_type_id = ${INDIVIDUAL}`)).toBeGreaterThanOrEqual(released);
    const [effect] = await rows<{ detail: { released_seats: number; held_kept: number } }>(sql`
      select detail from scheduled_effects where kind = 'ALLOTMENT_RELEASE' and subject = ${`service:${fx.down}:${RELEASE_DAY}`}`);
    expect(effect!.detail).toMatchObject({ released_seats: released, held_kept: 10 });

    expect(await notifications('UNANSWERED_BEFORE_RELEASE', 'ADMIN', ids.unanswered)).toBe(1);
    expect(await notifications('UNANSWERED_BEFORE_RELEASE', 'ADMIN', ids.held)).toBe(1); // reserved, not yet answered
    expect(await notifications('ALLOTMENT_RELEASED', 'ADMIN')).toBe(1);
    expect(sent).toContainEqual({ name: 'bookings.promote-waitlist', data: { trains: [{ service_date: RELEASE_DAY, service_id: fx.down }], reason: 'RELEASE', request_id: expect.any(Number) } });

    const again = await run(releaseGroupAllotmentsJob);
    expect(again.train_days).toBe(0);
    expect((await counters(RELEASE_DAY, GROUP)).map((c) => c.capacity)).toEqual([10, 10, 10]);
    expect(await notifications('UNANSWERED_BEFORE_RELEASE', 'ADMIN', ids.unanswered)).toBe(1);
    expect((await latestOperationLog(ctx, 'inventory.release_group_allotments'))?.operator).toBe('system');
  });

  it('catches up a missed release day on the next run, and never touches a day that has passed', async () => {
    clock.set(noonIn('2058-04-27')); // 2058-05-10's release day (04-26) was missed
    const summary = await run(releaseGroupAllotmentsJob);
    expect(summary.service_days).toContain(TERM_DAY);
    expect((await counters(TERM_DAY, GROUP)).map((c) => c.capacity)).toEqual([11, 11, 11]); // the confirmed booking's eleven

    // A run that released the day's trains and stopped before telling the operator (its day notice
    // unclaimed): the next run tells, once, and releases nothing again.
    await ctx.database.db.execute(sql`delete from scheduled_effects where kind = 'ALLOTMENT_RELEASE' and subject = ${`day:${TERM_DAY}`}`);
    const told = await notifications('ALLOTMENT_RELEASED', 'ADMIN');
    const resumed = await run(releaseGroupAllotmentsJob);
    expect(resumed.train_days).toBe(0);
    expect(await notifications('ALLOTMENT_RELEASED', 'ADMIN')).toBe(told + 1);
    await run(releaseGroupAllotmentsJob);
    expect(await notifications('ALLOTMENT_RELEASED', 'ADMIN')).toBe(told + 1);
    clock.set(noonIn('2058-05-10'));
    const later = await run(releaseGroupAllotmentsJob);
    expect((later.service_days as string[]).every((d) => d >= '2058-05-10')).toBe(true);
  });

  it('records each run: DONE with what it did', async () => {
    const runs = await rows<{ job_name: string; state: string; trigger: string; summary: Record<string, unknown> }>(sql`
      select job_name, state, trigger, summary from job_runs where job_name = 'inventory.release-group-allotments' order by id`);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.every((r) => r.state === 'DONE' && r.trigger === 'SCHEDULE')).toBe(true);
    expect(runs.some((r) => (r.summary.released_seats as number) > 0)).toBe(true);
  });
});

describe('jobs API', () => {
  it('lists every scheduled kind with its schedule, last run and next run, for the back office only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json().jobs as { name: string; schedule: { kind: string; time?: string }; next_run_at: string; last_run: { state: string } | null }[];
    const names = jobs.map((j) => j.name);
    for (const name of ['inventory.release-group-allotments', 'payments.remind', 'payments.mark-overdue', 'bookings.remind-answer-due', 'settlements.monthly-billing']) expect(names).toContain(name);
    expect(names).not.toContain('mail.deliver');
    const release = jobs.find((j) => j.name === 'inventory.release-group-allotments')!;
    expect(release.schedule).toEqual({ kind: 'DAILY', time: '03:00' });
    // The clock is at noon on 2058-05-10 in Tokyo: next 03:00 Tokyo is the next morning.
    expect(release.next_run_at).toBe('2058-05-10T18:00:00.000Z');
    expect(release.last_run?.state).toBe('DONE');

    const station = await ctx.login('station@example.com');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: station })).statusCode).toBe(403);
    const agent = await ctx.login('agent-free@example.com');
    expect([403, 404]).toContain((await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: agent })).statusCode);
  });

  it('runs a job now through the queue, recorded as MANUAL with who started it, and logged', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/jobs/payments.remind/run', headers: staff, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ job_name: 'payments.remind', trigger: 'MANUAL', state: 'RUNNING', started_by: 'staff@example.com' });
    const id = res.json().job_run_id as number;
    const done = await until(
      async () => (await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: staff })).json().jobs.find((j: { name: string }) => j.name === 'payments.remind').last_run,
      (r: { job_run_id: number; state: string }) => r.job_run_id === id && r.state !== 'RUNNING',
      'the manual run',
    );
    expect(done).toMatchObject({ state: 'DONE', run_date: '2058-05-10', summary: { reminded: 0 } });
    expect(await latestOperationLog(ctx, 'jobs.run')).toMatchObject({ operator: 'staff@example.com', category: 'other', isError: false });
  });

  it('shows a failure with its error and retries it; the failure is gone once a run succeeds', async () => {
    const [failed] = await rows<{ id: number }>(sql`
      insert into job_runs (job_name, trigger, state, run_date, error, finished_at)
      values ('payments.mark-overdue', 'SCHEDULE', 'FAILED', '2058-05-10', 'connection terminated unexpectedly', now()) returning id`);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: staff })).json().jobs.find((j: { name: string }) => j.name === 'payments.mark-overdue');
    expect(listed.failures).toMatchObject([{ job_run_id: Number(failed!.id), error: 'connection terminated unexpectedly' }]);

    const retry = await ctx.app.inject({ method: 'POST', url: '/v1/jobs/payments.mark-overdue/run', headers: staff, payload: { retry_of: Number(failed!.id) } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().trigger).toBe('RETRY');
    const after = await until(
      async () => (await ctx.app.inject({ method: 'GET', url: '/v1/jobs', headers: staff })).json().jobs.find((j: { name: string }) => j.name === 'payments.mark-overdue'),
      (j: { last_run: { job_run_id: number; state: string }; failures: unknown[] }) => j.last_run.job_run_id === retry.json().job_run_id && j.last_run.state === 'DONE',
      'the retry',
    );
    expect(after.failures).toEqual([]);
  });

  it('refuses an unknown job, a retry of a run that did not fail, bad input, and callers outside the back office', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/jobs/nothing.here/run', headers: staff, payload: {} })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/jobs/mail.deliver/run', headers: staff, payload: {} })).statusCode).toBe(404);
    const [done] = await rows<{ id: number }>(sql`select id from job_runs where state = 'DONE' order by id limit 1`);
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/jobs/inventory.release-group-allotments/run', headers: staff, payload: { retry_of: Number(done!.id) } })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'POST', url: '/v1/jobs/payments.remind/run', headers: staff, payload: { retry_of: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('retry_of');
    const station = await ctx.login('station@example.com');
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/jobs/payments.remind/run', headers: station, payload: {} })).statusCode).toBe(403);
  });
});
