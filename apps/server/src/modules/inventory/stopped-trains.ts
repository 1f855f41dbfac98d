/**
 * The trains that will not run on a day (suspended by the operator, or stopped by a calendar
 * change) and the live bookings on them. Refusing those bookings is the bookings module's step
 * (bookings/booking-suspension.ts); inventory receives it as a port (RefuseBookingsOnStoppedTrains),
 * wired in app.ts, so this module does not import the booking flows above it.
 */
import { sql } from 'drizzle-orm';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { Work } from '../../lib/unit-of-work.ts';

export type SuspensionReason = 'SERVICE_SUSPENSION' | 'SERVICEDAY_SUSPENSION';

/** One train on one day that will not run, and the reason its bookings are refused with. */
export interface StoppedTrain {
  serviceDate: string;
  serviceId: number;
  reason: SuspensionReason;
}

/** A live booking on a stopped train, as the suspend dialog and the approval screens list it. */
export interface AffectedBooking {
  booking_id: string;
  status: BookingStatus;
  sub_status: BookingSubStatus;
  group_name: string;
  agent_name: string;
  agent_name_en: string;
  agent_sub_group_name: string;
  agent_sub_group_name_en: string;
  participant_quantity: number;
  service_date: string;
  service_id: number;
  service_names: LocalizedLabel[];
  direction: 'down' | 'up';
  reason: SuspensionReason;
}

const LIVE = sql`b.status not in ('NOT_RESERVED', 'CANCELLED')`;

function trainsJson(trains: readonly StoppedTrain[]): string {
  return JSON.stringify(trains.map((x) => ({ service_date: x.serviceDate, service_id: x.serviceId, reason: x.reason })));
}

/** The live bookings on the stopped trains, oldest booking first (one row per booking and train). */
export async function bookingsOnStoppedTrains(executor: Executor, trains: readonly StoppedTrain[]): Promise<AffectedBooking[]> {
  if (trains.length === 0) return [];
  return rowsOf<AffectedBooking>(
    await executor.execute(sql`
      with stopped as (
        select * from json_to_recordset(${trainsJson(trains)}::json) as x(service_date date, service_id int, reason text)
      )
      select b.booking_id, b.status, b.sub_status, b.group_name, a.name_ja as agent_name, a.name_en as agent_name_en, g.name_ja as agent_sub_group_name, g.name_en as agent_sub_group_name_en,
             b.participant_quantity, bs.service_date::text as service_date, bs.service_id, s.names as service_names, bs.direction, x.reason
      from stopped x
      join booking_services bs on bs.service_date = x.service_date and bs.service_id = x.service_id
      join services s on s.id = bs.service_id
      join bookings b on b.id = bs.booking_id
      join agents a on a.id = b.agent_id
      join agent_groups g on g.id = b.agent_sub_group_id
      where ${LIVE}
      order by b.id, bs.service_date, bs.service_id`),
  ).map((r) => ({ ...r, service_id: Number(r.service_id), participant_quantity: Number(r.participant_quantity) }));
}

/**
 * Refuses every live booking on the stopped trains in the caller's transaction and answers the
 * booking numbers refused (bookings/booking-suspension.ts refuseBookingsOnStoppedTrains).
 */
export type RefuseBookingsOnStoppedTrains = (work: Work, actor: string, trains: readonly StoppedTrain[]) => Promise<string[]>;
