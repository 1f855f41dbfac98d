import { expect } from '@playwright/test';
import { apiAs } from './api.ts';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number } };

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
  const train = trains.services.find((s) => s.direction === 'down' && s.vacant_seats > 20);
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
