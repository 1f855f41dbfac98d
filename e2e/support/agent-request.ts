import { expect } from '@playwright/test';
import { addDays } from '@sagano/domain/common/business-date';
import { apiAs } from './api.ts';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number; bookable: boolean }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number } };
type SchedulesAnswer = { group_schedules: { group_arrangement_release_day_before: number }[] };

/**
 * The first service day whose group allotment no nightly release can reach during a run, with a down
 * train of more than `room` free group seats, Saga → Kameoka. The release job (03:00 Tokyo time)
 * gives the free group seats of every train within the group schedules' release days back to general
 * sale, so a request for tomorrow found no room once a run crossed 03:00; and from 30 December to
 * the end of February (the line's winter pause) tomorrow has no trains at all. The day is looked
 * up as the operator's staff sees it, up to 120 days on.
 */
export async function dayWithRoom(room = 20): Promise<string> {
  const { today } = await apiAs<{ today: string }>('staff@example.com', 'GET', '/v1/dashboard/summary');
  const { group_schedules } = await apiAs<SchedulesAnswer>('staff@example.com', 'GET', '/v1/master-data/group-schedules');
  const release = Math.max(0, ...group_schedules.map((g) => g.group_arrangement_release_day_before));
  for (let ahead = release + 1; ahead <= release + 120; ahead++) {
    const day = addDays(today, ahead);
    const trains = await apiAs<DayAnswer>('staff@example.com', 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
    if (trains.services.some((s) => s.direction === 'down' && s.bookable && s.vacant_seats > room)) return day;
  }
  throw new Error(`no down train with ${room} free group seats within 120 days past ${addDays(today, release)}`);
}

/**
 * A request of `adults` adults made through the API by `agent` (an agent's or a branch's staff) on
 * a down train of `day` with more than 20 seats free, Saga → Kameoka; its booking number. The train is looked up as
 * the operator's staff sees the day.
 */
export async function agentRequest(options: {
  agent: string;
  day: string;
  adults: number;
  groupName: string;
  applicant: { name: string; email: string; phone_number: string };
  prefecture: number;
}): Promise<string> {
  const { agent, day } = options;
  const { units } = await apiAs<UnitsAnswer>(agent, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!.id;
  const me = await apiAs<MeAnswer>(agent, 'GET', '/v1/auth/me');
  const trains = await apiAs<DayAnswer>('staff@example.com', 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  const train = trains.services.find((s) => s.direction === 'down' && s.bookable && s.vacant_seats > 20);
  expect(train, `a down train with room on ${day}`).toBeDefined();
  const { booking_id } = await apiAs<{ booking_id: string }>(agent, 'POST', '/v1/bookings', {
    applicant: options.applicant,
    group: { group_type: 'NORMAL', name: options.groupName, name_kana: '', country_code: 'JPN', japan_prefecture_code: options.prefecture },
    service_order: { down_service: { service_date: day, service_id: train!.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult, quantity: options.adults }] },
    agent_id: me.user.agent_id,
  });
  return booking_id;
}
