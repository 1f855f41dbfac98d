/**
 * A booking made through the API as staff would make it: submitted for an agent on one down
 * train, whole line, then its allotments reserved (and, when asked, confirmed).
 */
import { expect } from 'vitest';
import type { TestApp } from '../test-app.ts';

export interface BookingRequest {
  agentId: number;
  day: string;
  serviceId: number;
  adults: number;
  email?: string;
  groupName?: string;
}

/** Submits and reserves allotments; answers the booking number. */
export async function reservedBooking(ctx: TestApp, headers: { authorization: string }, r: BookingRequest): Promise<string> {
  const submit = await ctx.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers,
    payload: {
      applicant: { name: '伊藤 誠', email: r.email ?? 'ito.groups@example.com', phone_number: '03-0000-0000' },
      group: { group_type: 'NORMAL', name: r.groupName ?? '青葉会', country_code: 'JPN' },
      service_order: { down_service: { service_date: r.day, service_id: r.serviceId, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: r.adults }] },
      agent_id: r.agentId,
    },
  });
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
