/** The dashboards (DESIGN §10 "Dashboards"): counts of what needs doing and a day's departures. */
import type { DashboardDeparturesResponse, DashboardSummaryResponse, DepartureTrain } from '@sagano/domain/dashboard/dashboard-schemas';
import { mayShowSeatTable } from '@sagano/domain/bookings/booking-state';
import { addDays } from '@sagano/domain/common/business-date';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../auth/index.ts';
import { callerOf } from '../booking-core/index.ts';
import { dashboardCounts, departureRows } from './dashboard.repository.ts';

/** The day's trains with the groups riding them and their headcounts. */
async function departuresOn(db: Executor, principal: Principal, date: string): Promise<DashboardDeparturesResponse> {
  const caller = callerOf(principal);
  const trains = new Map<number, DepartureTrain>();
  for (const row of await departureRows(db, date)) {
    let train = trains.get(row.service_id);
    if (!train) {
      train = { service_id: row.service_id, service_name: row.names, direction: row.direction, departure_time: row.departure_time, groups: [], adults: 0, children: 0, participants: 0, wheelchairs: 0 };
      trains.set(row.service_id, train);
    }
    const state = { status: row.status, subStatus: row.sub_status, isRoundTrip: false, voucherConfirmed: row.voucher_confirmed, ignoreCancellationPolicy: false };
    train.groups.push({
      booking_id: row.booking_id,
      group_name: row.group_name,
      agent_name: row.agent_name,
      agent_name_en: row.agent_name_en,
      status: row.status,
      sub_status: row.sub_status,
      from_station_id: row.from_station_id,
      to_station_id: row.to_station_id,
      adults: row.adults,
      children: row.children,
      participants: row.participants,
      wheelchairs: row.wheelchairs,
      wheelchair_slopes: row.wheelchair_slopes,
      can_show_seat_table: mayShowSeatTable(state, caller),
    });
    train.adults += row.adults;
    train.children += row.children;
    train.participants += row.participants;
    train.wheelchairs += row.wheelchairs;
  }
  return { date, trains: [...trains.values()] };
}

/** The dashboards' readings; "today" is the clock's business date in Tokyo. */
export function createDashboardService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** GET /v1/dashboard/summary: Tokyo's today by the clock and each count. */
    async summary(): Promise<DashboardSummaryResponse> {
      const today = clock.today();
      return { today, tomorrow: addDays(today, 1), counts: await dashboardCounts(db, today) };
    },

    /** GET /v1/dashboard/departures: the trains of `date` (today when not given) with their groups. */
    departures(principal: Principal, date: string | undefined): Promise<DashboardDeparturesResponse> {
      return departuresOn(db, principal, date ?? clock.today());
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
