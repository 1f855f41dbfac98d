/**
 * A waitlist promotion is never lost with its job (DESIGN §5, ADR 010): the change that frees
 * capacity writes a request row in its own transaction; when the job it sends never comes (here:
 * no queue at all, as after a crash right after the commit), the start-up lists the request and
 * the sweep runs it a few minutes on, then marks it done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import type { JobDeps } from '../src/jobs/define-job.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import { promoteWaitlistJob, sweepWaitlistPromotionsJob } from '../src/modules/bookings/index.ts';
import type { TestApp } from './test-app.ts';
import { openBookingTestApp, GROUP, type InventoryFixture } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agent: { authorization: string };
let freeAgent: number;

beforeAll(async () => {
  // No job queue: units of work send nothing, exactly what a lost send leaves.
  const opened = await openBookingTestApp();
  ({ ctx, fx, staff } = opened);
  freeAgent = opened.agentIds.FREE!;
  agent = await ctx.login('agent-free@example.com');
  // What the demo data and the fixture freed while loading (no queue ran then either) is run first.
  await sweepWaitlistPromotionsJob.run(depsAt({ now: () => new Date(Date.now() + 3 * 60_000), today: systemClock.today }), {});
  expect((await requests()).filter((r) => !r.done)).toEqual([]);
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function submit(day: string, people: number, waitListing: boolean) {
  const res = await post('/v1/bookings', {
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: waitListing ? '待ちの団体' : '取消予定の団体', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: people }], wheel_chairs: [] },
    agent_id: freeAgent,
    ...(waitListing ? { wait_listing: true } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return res.json().booking_id as string;
}

const subStatusOf = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: staff })).json().sub_status as string;
const requests = async () =>
  rowsOf<{ id: number; reason: string; trains: unknown; except_booking_ids: unknown; done: boolean }>(
    await ctx.database.db.execute(sql`select id, reason, trains, except_booking_ids, done_at is not null as done from waitlist_promotion_requests order by id`),
  );
const depsAt = (clock: Clock): JobDeps => ({ db: ctx.database.db, clock, config: ctx.config, jobs: { send: async () => null }, mailSender: undefined, gateway: ctx.gateway });

describe('a waitlist promotion whose job never came', () => {
  it('is listed at start-up and run by the sweep once it has waited two minutes; then done', async () => {
    const day = fx.days[0]!;
    const holder = await submit(day, 20, false);
    expect((await post(`/v1/bookings/${holder}/reserve_allotments`)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const waiting = await submit(day, 10, true);
    const before = (await requests()).length;

    // The cancellation frees 20 seats; its promotion request is written with it, and no job runs.
    expect((await post(`/v1/bookings/${holder}/cancel`, { agree_cancellation_policy: true }, agent)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${holder}/confirm_cancellation`)).statusCode).toBe(200);
    const [request] = (await requests()).slice(before);
    expect(request).toMatchObject({ reason: 'CANCELLATION', trains: [{ service_date: day, service_id: fx.down }], except_booking_ids: [], done: false });
    expect(await subStatusOf(waiting)).toBe('INITIAL');

    // A server starting now sends it again at once.
    const now = depsAt(systemClock);
    expect(await promoteWaitlistJob.atStart!(now)).toEqual([{ trains: [{ service_date: day, service_id: fx.down }], reason: 'CANCELLATION', request_id: request!.id }]);

    // The sweep leaves a request younger than two minutes to its own job…
    expect(await sweepWaitlistPromotionsJob.run(now, {})).toEqual({ requests: 0, promoted: 0 });
    expect(await subStatusOf(waiting)).toBe('INITIAL');

    // …and runs it once it has waited longer: the group is given its seats and the request is done.
    const later = depsAt({ now: () => new Date(Date.now() + 3 * 60_000), today: systemClock.today });
    expect(await sweepWaitlistPromotionsJob.run(later, {})).toEqual({ requests: 1, promoted: 1 });
    expect(await subStatusOf(waiting)).toBe('SAGANO_ALLOTMENT_CONFIRMED');
    expect((await requests()).slice(before).map((r) => r.done)).toEqual([true]);
    expect(await sweepWaitlistPromotionsJob.run(later, {})).toEqual({ requests: 0, promoted: 0 });
    expect(await promoteWaitlistJob.atStart!(later)).toEqual([]);

    // A month on, the sweep removes what is done.
    const monthOn = depsAt({ now: () => new Date(Date.now() + 31 * 24 * 60 * 60_000), today: systemClock.today });
    await sweepWaitlistPromotionsJob.run(monthOn, {});
    expect((await requests()).filter((r) => r.id === request!.id)).toEqual([]);
  });

  it('keeps the booking whose own allotment was released out of that request, as its job would', async () => {
    const day = fx.days[1]!;
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 12 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const waiting = await submit(day, 12, true);
    expect((await post(`/v1/bookings/${waiting}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
    expect((await post(`/v1/bookings/${waiting}/release_allotments`)).statusCode).toBe(200);
    const released = (await requests()).at(-1)!;
    expect(released).toMatchObject({ reason: 'RELEASE', except_booking_ids: [waiting], done: false });

    const later = depsAt({ now: () => new Date(Date.now() + 3 * 60_000), today: systemClock.today });
    expect(await sweepWaitlistPromotionsJob.run(later, {})).toEqual({ requests: 1, promoted: 0 });
    expect(await subStatusOf(waiting)).not.toBe('SAGANO_ALLOTMENT_CONFIRMED');
  });
});
