import { sql } from 'drizzle-orm';
import type { BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { rowsOf, type Executor } from '../../db/client.ts';
import { GROUP_TYPE_ID_SQL, vacantOnLegsSql } from '../inventory/index.ts';

/** How the booking came in. */
export async function channelOf(db: Executor, bookingId: string): Promise<BookingChannel | undefined> {
  const [row] = rowsOf<{ channel: BookingChannel }>(await db.execute(sql`select channel from bookings where booking_id = ${bookingId}`));
  return row?.channel;
}

/** The group seats free on each train's segment (its legs firstLeg..lastLeg), in the order asked. */
export async function groupVacancies(db: Executor, trains: readonly { serviceDate: string; serviceId: number; firstLeg: number; lastLeg: number }[]): Promise<number[]> {
  if (trains.length === 0) return [];
  const rows = sql.join(trains.map((t, i) => sql`(${i}::int, ${t.serviceDate}::date, ${t.serviceId}::int, ${t.firstLeg}::int, ${t.lastLeg}::int)`), sql`, `);
  const found = rowsOf<{ i: number; vacant: number | null }>(
    await db.execute(sql`
      select d.i, ${vacantOnLegsSql(sql`d.service_date`, sql`d.service_id`, GROUP_TYPE_ID_SQL, sql`d.first_leg`, sql`d.last_leg`)}::int as vacant
      from (values ${rows}) as d(i, service_date, service_id, first_leg, last_leg) order by d.i`),
  );
  return found.map((r) => r.vacant ?? 0);
}
