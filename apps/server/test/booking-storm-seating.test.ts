/**
 * The booking storm with its seating phase (DESIGN §4.3, ADR 029): many agents'
 * bookings on random segments race for a train with few group seats, while staff seat some
 * groups and send their seat tables (fixing those seats) in the middle of it. Afterwards every
 * confirmed booking must be seated by assign_seats: zero refusals. Against the PostgreSQL server
 * (TEST_DATABASE_URL, as CI runs it) the requests race on real connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { legsBetween } from '@sagano/domain/inventory/legs';
import { rowsOf } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';
import { keepGroupSeats, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentId: number;

const GROUP_SEATS = 24;
const CLIENTS = 120;
const SEGMENTS: [number, number][] = [[1, 2], [2, 3], [3, 4], [1, 3], [2, 4], [1, 4]];
const mail = { mail: { subject: 's', body: 'b' } };

function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

const post = (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: staff, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  agentId = agentIds.CONTRACTED!;
});
afterAll(() => ctx.close());

describe('every confirmed booking can be seated after a storm', () => {
  it(`${CLIENTS} bookings race for ${GROUP_SEATS} group seats, some seat tables sent mid-storm; then everyone confirmed is seated`, async () => {
    const day = fx.days[0]!;
    // The first GROUP_SEATS group seats of car 1 stay for groups; every other group seat goes to individual sale.
    await keepGroupSeats(ctx, staff, day, fx.down, GROUP_SEATS);

    const next = random(7);
    // Two waves racing each other: short trips whose seat tables go out at once (fixing scattered
    // seats), and trips of every length, some of whose tables go out too.
    const plans = Array.from({ length: CLIENTS }, (_, i) => {
      const early = i < CLIENTS / 3;
      const segment = early ? SEGMENTS[Math.floor(next() * 3)]! : SEGMENTS[Math.floor(next() * SEGMENTS.length)]!;
      return { i, segment, people: 1 + Math.floor(next() * (early ? 2 : 3)), sendEarly: early || next() < 0.2 };
    });
    const book = (list: typeof plans) => Promise.all(
      list.map(async (p) => {
        const submit = await post('/v1/bookings', {
          applicant: { name: '嵐山 太郎', email: `storm${p.i}@example.com`, phone_number: '075-000-2222' },
          tour_conductor: { name: '添乗 三郎', phone_number: '090-0000-2222' },
          group: { group_type: 'NORMAL', name: `嵐 ${p.i}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
          service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: p.segment[0], to_station_id: p.segment[1] } },
          participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: p.people }], wheel_chairs: [] },
          agent_id: agentId,
        });
        if (submit.statusCode !== 200) return { ...p, id: null, stage: `submit ${submit.statusCode}` };
        const id = submit.json().booking_id as string;
        const reserve = await post(`/v1/bookings/${id}/reserve_allotments`);
        expect(reserve.statusCode, reserve.body).toBe(200);
        if (reserve.json().sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') return { ...p, id, stage: 'not held' };
        expect((await post(`/v1/bookings/${id}/confirm_booking`, mail)).statusCode).toBe(200);
        if (!p.sendEarly) return { ...p, id, stage: 'confirmed' };
        const assign = await post(`/v1/bookings/${id}/assign_seats`);
        expect(assign.statusCode, `mid-storm seating of ${id}: ${assign.body}`).toBe(200);
        expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
        const send = await post(`/v1/bookings/${id}/send_seat_table`, mail);
        // Sending may be refused when another table went out meanwhile; the seats stay held and movable.
        // A deadlock or lock timeout would answer 409 CONFLICT: only the seat refusal is allowed.
        if (send.statusCode !== 200) expect(send.json().common.error_code, send.body).toBe('SEATS_FRAGMENTED');
        return { ...p, id, stage: send.statusCode === 200 ? 'sent' : 'seated' };
      }),
    );
    const firstWave = book(plans.slice(0, CLIENTS / 3));
    const outcomes = [...(await firstWave), ...(await book(plans.slice(CLIENTS / 3)))];
    const confirmed = outcomes.filter((o) => ['confirmed', 'sent', 'seated'].includes(o.stage));
    expect(outcomes.filter((o) => o.stage === 'sent').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.stage === 'not held' || o.stage.startsWith('submit')).length).toBeGreaterThan(0);

    // The seating phase: every confirmed booking not yet seated is seated, one after another.
    for (const o of confirmed.filter((c) => c.stage === 'confirmed')) {
      const res = await post(`/v1/bookings/${o.id}/assign_seats`);
      expect(res.statusCode, `seating ${o.id} (${o.people} on ${o.segment.join('→')}): ${res.body}`).toBe(200);
    }
    // Everyone confirmed sits on exactly as many seats as it has people, on its own legs.
    const seats = rowsOf<{ booking_id: string; n: number; first: number; last: number }>(
      await ctx.database.db.execute(sql`
        select booking_id, count(*)::int as n, min(lower(legs)) as first, max(upper(legs)) - 1 as last
        from seat_assignments where service_date = ${day} and service_id = ${fx.down} group by booking_id`),
    );
    const byId = new Map(seats.map((s) => [s.booking_id, s]));
    for (const o of confirmed) {
      const legs = legsBetween(o.segment[0], o.segment[1]);
      expect(byId.get(o.id!), `${o.id}`).toMatchObject({ n: o.people, first: legs[0], last: legs[legs.length - 1] });
    }
    expect(seats).toHaveLength(confirmed.length);
  });
});
