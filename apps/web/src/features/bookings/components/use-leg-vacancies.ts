import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { useDayTrains } from '../api/get-day-trains.ts';
import { legDate, tripLegs, type BookingFormState, type LegVacancy } from './booking-form-state.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The group seats the booking being changed holds on this train that day (given back when the change is applied). */
export function ownHeld(own: BookingResponse | undefined, direction: 'down' | 'up', date: string, serviceId: number | null): number {
  return own?.main_params.service_order.services.find((s) => s.direction === direction && s.service_day === date && s.service_id === serviceId)?.held_group ?? 0;
}

/**
 * The free group seats of each chosen train for its segment (the seat inquiry's vacant_seats; the
 * same list the train picker reads, so both show one figure). A change of a booking counts the
 * seats the booking itself holds on the same train as free: they are given back when the change
 * is applied. Each leg also carries the train's whole group capacity on the segment.
 */
export function useLegVacancies(state: BookingFormState, own: BookingResponse | undefined): LegVacancy[] {
  const legs = tripLegs(state);
  const out = legs[0];
  const back = legs[1];
  const outDate = out ? legDate(state, out) : '';
  const backDate = back ? legDate(state, back) : '';
  const outTrains = useDayTrains(DATE.test(outDate) ? outDate : null, out?.from ?? null, out?.to ?? null);
  const backTrains = useDayTrains(DATE.test(backDate) ? backDate : null, back?.from ?? null, back?.to ?? null);
  const result: LegVacancy[] = [];
  for (const [leg, date, trains] of [[out, outDate, outTrains.data], [back, backDate, backTrains.data]] as const) {
    if (!leg || !trains) continue;
    const id = leg.direction === 'down' ? state.down_service_id : state.up_service_id;
    const train = trains.services.find((s) => s.service_id === id);
    if (!train || !train.bookable) continue;
    const mine = ownHeld(own, leg.direction, date, id);
    result.push({ direction: leg.direction, vacant: train.vacant_seats + mine, own: mine, capacity: train.group_seats });
  }
  return result;
}

/** The operator's minimum group size, as the outbound day's trains answer it (null until known). */
export function useMinGroupSize(state: BookingFormState): number | null {
  const out = tripLegs(state)[0];
  const date = out ? legDate(state, out) : '';
  const trains = useDayTrains(DATE.test(date) ? date : null, out?.from ?? null, out?.to ?? null);
  return trains.data?.min_group_size ?? null;
}
