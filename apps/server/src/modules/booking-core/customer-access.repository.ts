/** The read behind the group's link: the booking's token, status and trains, by its number. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { LinkedBooking } from '../inventory/index.ts';

export async function readLinkedBooking(executor: Executor, bookingId: string): Promise<{ booking_token: string; status: string; services: LinkedBooking['services'] | null } | undefined> {
  const rows = rowsOf<{ booking_token: string; status: string; services: LinkedBooking['services'] | null }>(
    await executor.execute(sql`
      select b.booking_token, b.status,
             (select json_agg(json_build_object('direction', bs.direction, 'serviceDate', bs.service_date::text, 'serviceId', bs.service_id,
                                                'fromStationId', bs.from_station_id, 'toStationId', bs.to_station_id)
                              order by bs.service_date, case bs.direction when 'down' then 0 else 1 end)
                from booking_services bs where bs.booking_id = b.id) as services
      from bookings b where b.booking_id = ${bookingId}`),
  );
  return rows[0];
}
