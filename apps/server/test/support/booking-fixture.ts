/**
 * Bookings made through the API as staff would make them: the calls the booking API tests share,
 * and a booking submitted for an agent on one down train, whole line, then its allotments
 * reserved (and, when asked, confirmed).
 */
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../src/db/schema.ts';
import type { TestApp } from '../test-app.ts';
import { GROUP, type BookingTestApp } from './inventory-fixture.ts';

/** Fare units of the demo data: NORMAL / NORMAL / ADULT and CHILD. */
export const ADULT = 1;
export const CHILD = 2;

/**
 * The calls the booking API tests make, on the file's app (read when a call is made, so the file
 * may open it in its beforeAll). `body` is the request they start from: a neighbourhood group of
 * 20 adults and 3 children with a tour conductor, whole line on the fixture's first down train,
 * for the FREE agent; `overrides` replace top-level fields. Staff is the caller by default.
 */
export function bookingCalls(opened: () => BookingTestApp) {
  const body = (overrides: Record<string, unknown> = {}) => {
    const { fx, agentIds } = opened();
    return {
      applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
      tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
      group: { group_type: 'NORMAL', name: '桜ヶ丘町内会', name_kana: 'サクラガオカチョウナイカイ', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 20 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] },
      agent_id: agentIds.FREE,
      ...overrides,
    };
  };
  const post = (url: string, payload?: object, headers = opened().staff) => opened().ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const get = (url: string, headers = opened().staff) => opened().ctx.app.inject({ method: 'GET', url, headers });
  /** Submits `body(overrides)`; answers the booking number, or throws with the refusal. */
  const submit = async (overrides: Record<string, unknown> = {}, headers = opened().staff) => {
    const res = await post('/v1/bookings', body(overrides), headers);
    if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
    return res.json().booking_id as string;
  };
  /** The seats held on one leg of a train-day in one arrangement type (the group allotment by default). */
  const held = async (date: string, serviceId: number, leg: number, typeId = GROUP) => {
    const c = t.inventoryCounters;
    const [row] = await opened().ctx.database.db.select({ held: c.held }).from(c).where(and(eq(c.serviceDate, date), eq(c.serviceId, serviceId), eq(c.arrangementTypeId, typeId), eq(c.leg, leg)));
    return row!.held;
  };
  return { body, post, get, submit, held };
}

export interface BookingRequest {
  agentId: number;
  day: string;
  serviceId: number;
  adults: number;
  email?: string;
  groupName?: string;
  /** On an up train (Kameoka to Saga), else a down one; whole line either way. */
  up?: boolean;
}

/** The request of a plain group booking: `adults` adults on one train, whole line, for the agent. */
export function plainBookingBody(r: BookingRequest) {
  const train = { service_date: r.day, service_id: r.serviceId };
  return {
    applicant: { name: '伊藤 誠', email: r.email ?? 'ito.groups@example.com', phone_number: '03-0000-0000' },
    group: { group_type: 'NORMAL', name: r.groupName ?? '青葉会', country_code: 'JPN' },
    service_order: r.up ? { up_service: { ...train, from_station_id: 4, to_station_id: 1 } } : { down_service: { ...train, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: r.adults }] },
    agent_id: r.agentId,
  };
}

/** Submits and reserves allotments; answers the booking number. */
export async function reservedBooking(ctx: TestApp, headers: { authorization: string }, r: BookingRequest): Promise<string> {
  const submit = await ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers, payload: plainBookingBody(r) });
  expect(submit.statusCode, submit.body).toBe(200);
  const id = submit.json().booking_id as string;
  const reserve = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${id}/reserve_allotments`, headers });
  expect(reserve.json().sub_status, reserve.body).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  return id;
}

/** Reserves, then confirms with the given mail; answers the booking number. */
export async function confirmedBooking(ctx: TestApp, headers: { authorization: string }, r: BookingRequest, mail = { subject: 's', body: 'b' }): Promise<string> {
  const id = await reservedBooking(ctx, headers, r);
  const confirm = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${id}/confirm_booking`, headers, payload: { mail } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return id;
}
