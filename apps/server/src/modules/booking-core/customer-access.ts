/**
 * The group's link: a booking number and its booking_token open that one booking's own calls
 * without signing in (DESIGN §10 "Seats, seat tables, vouchers and documents"). A wrong token
 * answers exactly as an unknown booking does (404), so a link reveals nothing but its booking.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { LinkedBooking } from '../inventory/index.ts';

/** Constant-time comparison of the customer's token with the booking's (digests of equal length). */
export function tokenMatches(given: string, actual: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(actual).digest();
  return a.equals(b);
}

/** The booking the link opens; 404 for an unknown booking or a wrong token alike (inventory's OpenBookingLink port). */
export async function bookingOfLink(executor: Executor, bookingId: string, token: string): Promise<LinkedBooking> {
  const rows = rowsOf<{ booking_token: string; status: string; services: LinkedBooking['services'] | null }>(
    await executor.execute(sql`
      select b.booking_token, b.status,
             (select json_agg(json_build_object('direction', bs.direction, 'serviceDate', bs.service_date::text, 'serviceId', bs.service_id,
                                                'fromStationId', bs.from_station_id, 'toStationId', bs.to_station_id)
                              order by bs.service_date, case bs.direction when 'down' then 0 else 1 end)
                from booking_services bs where bs.booking_id = b.id) as services
      from bookings b where b.booking_id = ${bookingId}`),
  );
  const row = rows[0];
  if (!row || !tokenMatches(token, row.booking_token)) throw notFound('booking');
  return { bookingId, status: row.status, services: row.services ?? [] };
}
