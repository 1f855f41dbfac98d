/**
 * The dashboards' reads (DESIGN §10 "Dashboards"). The booking counts go through the booking
 * list's own filters (bookingFilters), so a count is exactly what its link lists (by booking).
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_APPROVAL_STATUS, DASHBOARD_BOOKING_FILTERS, type DashboardBookingFilter, type DashboardCountKey } from '@sagano/domain/dashboard/dashboard-counts';
import { RIDING_STATUSES } from '@sagano/domain/dashboard/dashboard-schemas';
import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { EVERY_TENANT } from '../auth/index.ts';
import { bookingFilters } from '../bookings/index.ts';

function searchQueryOf(f: DashboardBookingFilter, today: string): ServiceOrderSearchQuery {
  return {
    page: 1,
    per_page: 1,
    ...(f.status ? { status: [...f.status] } : {}),
    ...(f.overdue ? { overdue: true } : {}),
    ...(f.admin_notification_msg ? { admin_notification_msg: f.admin_notification_msg } : {}),
    ...(f.upcoming ? { service_date_from: today } : {}),
  };
}

/** Bookings matching one dashboard filter (every agent: the back office's view). */
async function countBookings(db: Executor, f: DashboardBookingFilter, today: string): Promise<number> {
  const where = bookingFilters(searchQueryOf(f, today), EVERY_TENANT, { today });
  // A filter on the trains' dates needs the trains: a booking counts once whichever of its trains matches.
  const from = f.upcoming ? sql`from bookings b where exists (select 1 from booking_services bs where bs.booking_id = b.id and ${where})` : sql`from bookings b where ${where}`;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`));
  return row?.n ?? 0;
}

export async function dashboardCounts(db: Executor, today: string): Promise<Record<DashboardCountKey, number>> {
  const counts = {} as Record<DashboardCountKey, number>;
  for (const [key, filter] of Object.entries(DASHBOARD_BOOKING_FILTERS) as [Exclude<DashboardCountKey, 'approvals_waiting'>, DashboardBookingFilter][]) {
    counts[key] = await countBookings(db, filter, today);
  }
  const [approvals] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from approvals where status = ${DASHBOARD_APPROVAL_STATUS}`));
  counts.approvals_waiting = approvals?.n ?? 0;
  return counts;
}

export interface DepartureRow {
  service_id: number;
  names: LocalizedLabel[];
  direction: 'down' | 'up';
  departure_time: string | null;
  booking_id: string;
  group_name: string;
  agent_name: string;
  agent_name_en: string;
  status: BookingStatus;
  sub_status: BookingSubStatus;
  voucher_confirmed: boolean;
  from_station_id: number;
  to_station_id: number;
  adults: number;
  children: number;
  participants: number;
  wheelchairs: number;
  wheelchair_slopes: number;
}

/** The bookings riding trains on `date`, trains by departure, groups by booking number. */
export async function departureRows(db: Executor, date: string): Promise<DepartureRow[]> {
  return rowsOf<DepartureRow>(
    await db.execute(sql`
      select bs.service_id, s.names, s.direction,
             (select min(d.departure_hhmm) from diagram_items d where d.service_id = s.id and d.departure_hhmm is not null) as departure_time,
             b.booking_id, b.group_name, a.name_ja as agent_name, a.name_en as agent_name_en, b.status, b.sub_status, b.voucher_confirmed,
             bs.from_station_id, bs.to_station_id,
             coalesce((select sum(u.quantity) from booking_units u join units r on r.id = u.unit_id where u.booking_id = b.id and r.fare_type = 'ADULT'), 0)::int as adults,
             coalesce((select sum(u.quantity) from booking_units u join units r on r.id = u.unit_id where u.booking_id = b.id and r.fare_type = 'CHILD'), 0)::int as children,
             b.participant_quantity as participants,
             (select count(*) from booking_wheelchairs w where w.booking_id = b.id)::int as wheelchairs,
             (select count(*) from booking_wheelchairs w where w.booking_id = b.id and w.need_slope)::int as wheelchair_slopes
      from booking_services bs
      join bookings b on b.id = bs.booking_id
      join services s on s.id = bs.service_id
      join agents a on a.id = b.agent_id
      where bs.service_date = ${date}::date
        and b.status in (${sql.join(RIDING_STATUSES.map((st) => sql`${st}`), sql`, `)})
      order by departure_time nulls last, s.display_order, bs.service_id, b.booking_id`),
  );
}
