/**
 * The group searches inventory with its booking link (spec 000 §1, 001 §7.3): POST
 * /v1/search-inventory, GET /v1/search-inventory/{date}/{types} and GET
 * /v1/inventories/{date}/services/{id} answer `booking_id` (`base_booking_id`) + `token` without a
 * session, for the booking's own days, route and group arrangement types only, and never name
 * another booking; a wrong token answers as the summary does. GET /v1/bookings/{id}?token= answers
 * the group's view of the booking. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, INDIVIDUAL, STANDING, WHEELCHAIR, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentIds: Record<string, number>;

const ADULT = 1;
const NONE = {};

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = NONE, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) => inject(method, url, staff, payload);

/** A booking of `adults` on the fixture's down train 1→4 (or the given trains), for the given agent, confirmed. */
async function confirmedBooking(agentId: number, adults: number, name: string, options: { up?: boolean; day?: string; wheelchair?: boolean } = {}) {
  const day = options.day ?? fx.days[0]!;
  const res = await asStaff('POST', '/v1/bookings', {
    applicant: { name: '嵯峨 花子', email: `applicant.${name.length}.${adults}@agent-office.example.com`, phone_number: '075-000-1111' },
    tour_conductor: { name: '添乗 次郎', phone_number: '090-0000-1111' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: {
      down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 },
      ...(options.up ? { up_service: { service_date: day, service_id: fx.up, from_station_id: 4, to_station_id: 1 } } : {}),
    },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults + (options.wheelchair ? 1 : 0) }], wheel_chairs: options.wheelchair ? [{ need_slope: false }] : [] },
    agent_id: agentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().booking_id as string;
  expect((await asStaff('POST', `/v1/bookings/${id}/reserve_allotments`)).statusCode).toBe(200);
  expect((await asStaff('POST', `/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
  const token = (await asStaff('GET', `/v1/bookings/${id}`)).json().booking_token as string;
  return { id, token };
}

async function seat(id: string) {
  expect((await asStaff('POST', `/v1/bookings/${id}/assign_seats`, { priority: 1 })).statusCode).toBe(200);
  expect((await asStaff('POST', `/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
}

const link = (b: { id: string; token: string }) => `booking_id=${b.id}&token=${encodeURIComponent(b.token)}`;

describe('the group looks up trains with its booking link', () => {
  let ours: { id: string; token: string };
  let theirs: { id: string; token: string };
  let day: string;

  beforeAll(async () => {
    day = fx.days[0]!;
    ours = await confirmedBooking(agentIds.CONTRACTED!, 20, '嵯峨小学校 6年', { up: true, wheelchair: true });
    // Another agent's group on the same trains, seated: the link must never name it.
    theirs = await confirmedBooking(agentIds.FREE!, 30, '他社の団体');
    await seat(ours.id);
    await seat(theirs.id);
  });

  it('searches the trains of its day on its route, as the agent sees them, without signing in', async () => {
    const body = { date: day, from_station_id: 1, to_station_id: 4, total: 21 };
    const res = await inject('POST', `/v1/search-inventory?${link(ours)}`, NONE, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { date: string; services: { service_id: number; vacant_seats: number; is_available: boolean }[] };
    expect(answer.date).toBe(day);
    expect(answer.services.map((s) => s.service_id).sort()).toEqual([fx.down]);
    // Same figures as staff see: the group seats left after both groups' holds.
    expect(answer).toEqual((await asStaff('POST', '/v1/search-inventory', body)).json());
    const down = answer.services.find((s) => s.service_id === fx.down)!;
    expect(down.vacant_seats).toBe((await asStaff('GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`)).json().services.find((s: { service_id: number }) => s.service_id === fx.down).vacant_seats);
    expect(down.is_available).toBe(true);
    // The return leg of the round trip is its route too.
    const back = await inject('POST', `/v1/search-inventory?${link(ours)}`, NONE, { date: day, from_station_id: 4, to_station_id: 1, total: 21 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().services.map((s: { service_id: number }) => s.service_id)).toEqual([fx.up]);
  });

  it('refuses another day or another route with 403 naming the field, and writes nothing', async () => {
    const otherDay = await inject('POST', `/v1/search-inventory?${link(ours)}`, NONE, { date: fx.days[1], from_station_id: 1, to_station_id: 4, total: 5 });
    expect(otherDay.statusCode).toBe(403);
    expect(errorOf(otherDay)).toMatchObject({ error_code: 'FORBIDDEN', field: 'date' });
    const otherRoute = await inject('POST', `/v1/search-inventory?${link(ours)}`, NONE, { date: day, from_station_id: 1, to_station_id: 2, total: 5 });
    expect(otherRoute.statusCode).toBe(403);
    expect(errorOf(otherRoute)).toMatchObject({ error_code: 'FORBIDDEN', field: 'from_station_id' });
    const byType = await inject('GET', `/v1/search-inventory/${fx.days[1]}/${GROUP}?${link(ours)}`);
    expect(byType.statusCode).toBe(403);
    expect(errorOf(byType)).toMatchObject({ field: 'date' });
    const train = await inject('GET', `/v1/inventories/${fx.days[1]}/services/${fx.down}?base_booking_id=${ours.id}&token=${encodeURIComponent(ours.token)}`);
    expect(train.statusCode).toBe(403);
    expect(errorOf(train)).toMatchObject({ field: 'date' });
  });

  it('a wrong token or an unknown booking answers 404 exactly as the summary does', async () => {
    const summary = await inject('GET', `/v1/bookings/${ours.id}/summary?token=wrong`);
    expect(summary.statusCode).toBe(404);
    const calls = [
      inject('POST', `/v1/search-inventory?booking_id=${ours.id}&token=wrong`, NONE, { date: day, from_station_id: 1, to_station_id: 4, total: 5 }),
      inject('GET', `/v1/search-inventory/${day}/${GROUP}?booking_id=${ours.id}&token=wrong`),
      inject('GET', `/v1/inventories/${day}/services/${fx.down}?base_booking_id=${ours.id}&token=wrong`),
      inject('GET', `/v1/inventories/${day}/services/${fx.down}?base_booking_id=99999999&token=${encodeURIComponent(ours.token)}`),
      // Another booking's token does not open this one.
      inject('POST', `/v1/search-inventory?booking_id=${ours.id}&token=${encodeURIComponent(theirs.token)}`, NONE, { date: day, from_station_id: 1, to_station_id: 4, total: 5 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(summary.json());
    }
  });

  it('a token needs its booking number (400 naming it); without a link the calls stay signed-in only', async () => {
    const noNumber = await inject('POST', `/v1/search-inventory?token=${encodeURIComponent(ours.token)}`, NONE, { date: day, from_station_id: 1, to_station_id: 4, total: 5 });
    expect(noNumber.statusCode).toBe(400);
    expect(errorOf(noNumber).field).toBe('booking_id');
    const noBase = await inject('GET', `/v1/inventories/${day}/services/${fx.down}?token=${encodeURIComponent(ours.token)}`);
    expect(noBase.statusCode).toBe(400);
    expect(errorOf(noBase).field).toBe('base_booking_id');
    expect((await inject('POST', '/v1/search-inventory', NONE, { date: day, from_station_id: 1, to_station_id: 4, total: 5 })).statusCode).toBe(401);
    expect((await inject('GET', `/v1/search-inventory/${day}/${GROUP}`)).statusCode).toBe(401);
    expect((await inject('GET', `/v1/inventories/${day}/services/${fx.down}?base_booking_id=${ours.id}`)).statusCode).toBe(401);
    // Station staff still have no seat inquiry of their own.
    const station = await ctx.login('station@example.com');
    expect((await inject('GET', `/v1/inventories/${day}/services/${fx.down}`, station)).statusCode).toBe(403);
  });

  it('counters by type: its day, the trains running its way, group seats, wheelchair and standing places only', async () => {
    const res = await inject('GET', `/v1/search-inventory/${day}/${GROUP},${WHEELCHAIR},${STANDING}?${link(ours)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { services: { service_id: number; direction: string; counters: { arrangement_type_id: number; held: number }[] }[] };
    // A round trip travels both ways that day: down and up trains (the special train runs on another day).
    expect(answer.services.map((s) => s.service_id).sort((a, b) => a - b)).toEqual([fx.down, fx.up].sort((a, b) => a - b));
    expect(answer.services.flatMap((s) => s.counters.map((c) => c.arrangement_type_id)).every((t) => [GROUP, WHEELCHAIR, STANDING].includes(t))).toBe(true);
    const group = answer.services.find((s) => s.service_id === fx.down)!.counters.find((c) => c.arrangement_type_id === GROUP)!;
    expect(group.held).toBe(20 + 30);
    const individual = await inject('GET', `/v1/search-inventory/${day}/${GROUP},${INDIVIDUAL}?${link(ours)}`);
    expect(individual.statusCode).toBe(403);
    expect(errorOf(individual)).toMatchObject({ error_code: 'FORBIDDEN', field: 'arrangement_type_ids' });
    // A one-way booking sees the trains running its way only.
    const oneWay = await inject('GET', `/v1/search-inventory/${day}/${GROUP}?${link(theirs)}`);
    expect(oneWay.json().services.map((s: { direction: string }) => s.direction)).toEqual(['down']);
  });

  it('one train seat by seat: its own seats carry its number, no other booking is ever named', async () => {
    const res = await inject('GET', `/v1/inventories/${day}/services/${fx.down}?base_booking_id=${ours.id}&token=${encodeURIComponent(ours.token)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(theirs.id);
    const answer = res.json() as { counters: { arrangement_type_id: number }[]; cars: { seats: { arrangement_type_id: number; state: string; booking_ids: string[] }[] }[] };
    const seats = answer.cars.flatMap((c) => c.seats);
    expect(seats.every((s) => [GROUP, WHEELCHAIR, STANDING].includes(s.arrangement_type_id))).toBe(true);
    expect(answer.counters.every((c) => [GROUP, WHEELCHAIR, STANDING].includes(c.arrangement_type_id))).toBe(true);
    expect(seats.filter((s) => s.booking_ids.includes(ours.id))).toHaveLength(21);
    // The other group's seats show as taken, not by whom.
    const taken = seats.filter((s) => s.state !== 'FREE' && s.booking_ids.length === 0);
    expect(taken).toHaveLength(30);
    // Staff see both numbers on the same train.
    expect((await asStaff('GET', `/v1/inventories/${day}/services/${fx.down}`)).body).toContain(theirs.id);
    const individual = await inject('GET', `/v1/inventories/${day}/services/${fx.down}?base_booking_id=${ours.id}&token=${encodeURIComponent(ours.token)}&arrangement_type_ids=${INDIVIDUAL}`);
    expect(individual.statusCode).toBe(403);
    // The special train runs the same way but on another day; an up train on a one-way down booking's day is not its route.
    const up = await inject('GET', `/v1/inventories/${day}/services/${fx.up}?base_booking_id=${theirs.id}&token=${encodeURIComponent(theirs.token)}`);
    expect(up.statusCode).toBe(403);
    expect(errorOf(up)).toMatchObject({ field: 'service_id' });
  });

  it('a cancelled booking\'s link searches nothing (403 naming booking_id)', async () => {
    const agent = await ctx.login('agent-special@example.com');
    const gone = await confirmedBooking(agentIds.SPECIAL_CONTRACTED!, 15, '取消の団体');
    expect((await inject('POST', `/v1/bookings/${gone.id}/cancel`, agent, { agree_cancellation_policy: true })).statusCode).toBe(200);
    expect((await asStaff('POST', `/v1/bookings/${gone.id}/confirm_cancellation`, {})).statusCode).toBe(200);
    const res = await inject('POST', `/v1/search-inventory?${link(gone)}`, NONE, { date: day, from_station_id: 1, to_station_id: 4, total: 5 });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ error_code: 'FORBIDDEN', field: 'booking_id' });
  });

  it('GET /v1/bookings/{id}?token= answers the group\'s view of the booking; /summary is unchanged', async () => {
    expect((await asStaff('POST', `/v1/bookings/${ours.id}/notes`, { note: '社内メモ：支払い確認中', is_private: true })).statusCode).toBe(200);
    const res = await inject('GET', `/v1/bookings/${ours.id}?token=${encodeURIComponent(ours.token)}`);
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json();
    expect(booking).toMatchObject({
      booking_id: ours.id,
      status: 'RESERVED',
      sub_status: 'SAGANO_SEAT_RESERVED',
      applicant: { name: '嵯峨 花子' },
      tour_conductor: { name: '添乗 次郎', phone_number: '090-0000-1111' },
      group: { group_type: 'NORMAL', name: '嵯峨小学校 6年' },
      main_params: {
        service_order: { is_round_trip: true, down_service: { service_id: fx.down, service_day: day }, up_service: { service_id: fx.up } },
        participant_group: { participant_quantity: 21, unit_quantity_items: [{ unit_id: ADULT, quantity: 21 }], wheel_chairs: [{ need_slope: false }] },
      },
      can_change_seat: true,
    });
    expect(booking.main_params.service_order.down_service.cars.flatMap((c: { seats: string[] }) => c.seats)).toHaveLength(21);
    // Nothing the group should not see: notes, history, token, the agent office's contact details, money lines.
    for (const key of ['notes', 'main_param_histories', 'booking_token', 'agent_id', 'operator_name', 'caution', 'priority', 'note', 'flags']) expect(booking).not.toHaveProperty(key);
    expect(Object.keys(booking.applicant)).toEqual(['name']);
    expect(booking.main_params).not.toHaveProperty('payment');
    expect(res.body).not.toContain('社内メモ');
    expect(res.body).not.toContain('agent-office.example.com');
    const summary = await inject('GET', `/v1/bookings/${ours.id}/summary?token=${encodeURIComponent(ours.token)}`);
    expect(summary.json()).toMatchObject({ booking_id: ours.id, group_name: '嵯峨小学校 6年', participant_quantity: 21 });
    expect((await inject('GET', `/v1/bookings/${ours.id}?token=wrong`)).statusCode).toBe(404);
    // Staff with a session still read the whole booking.
    expect((await asStaff('GET', `/v1/bookings/${ours.id}`)).json()).toHaveProperty('notes');
  });

  it('the contract says who may call: the token opens the three calls', async () => {
    const doc = (await inject('GET', '/v1/openapi.json')).json();
    expect(doc.components.securitySchemes.bookingToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    for (const [path, method] of [['/v1/search-inventory', 'post'], ['/v1/search-inventory/{date}/{arrangement_type_ids}', 'get'], ['/v1/inventories/{date}/services/{service_id}', 'get']] as const) {
      const operation = doc.paths[path][method];
      expect(operation.security, path).toContainEqual({ bookingToken: [] });
      expect(operation.description, path).toContain('booking\'s link');
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['403', '404']));
    }
    expect(doc.paths['/v1/allotments/{service_day}'].get.security).not.toContainEqual({ bookingToken: [] });
  });
});
