import type { BookingSeat, BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';

/** A seat of the booking's seat map for tests, from its id ('3-12A': car 3, row 12, letter A); free and not assignable unless told. */
export function bookingSeat(id: string, over: Partial<BookingSeat> = {}): BookingSeat {
  const [car, rest] = id.split('-') as [string, string];
  return {
    seat_id: id,
    seat_group_id: null,
    logical_car_id: Number(car),
    car_number: Number(car),
    row: Number(rest.slice(0, -1)),
    letter: rest.slice(-1),
    is_wheelchair: false,
    labels: [],
    arrangement_type_id: 1,
    taken_by: null,
    mine: false,
    assignable: false,
    ...over,
  };
}

/**
 * A down train from Saga to Kameoka (legs 1–3) on cars 2 and 3 carrying `seats`, the booking's
 * own seats (`mine`) as its assigned ones unless told; two seats and no wheelchair place needed.
 */
export function bookingSeatDirection(seats: BookingSeat[], over: Partial<BookingSeatDirection> & { standingCapacity?: number } = {}): BookingSeatDirection {
  const { standingCapacity = 0, ...rest } = over;
  return {
    direction: 'down',
    service_day: '2026-05-06',
    service_id: 11,
    service_names: [{ language_id: 'ja', text: 'トロッコ1号' }],
    from_station_id: 1,
    to_station_id: 4,
    departure_hhmm: '09:02',
    arrival_hhmm: '09:25',
    legs: [1, 2, 3],
    cars: [2, 3].map((n) => ({
      logical_car_id: n,
      physical_car_id: `SK${n}`,
      car_number: n,
      name: [{ language_id: 'ja' as const, text: `${n}号車` }],
      is_rich: false,
      standing_capacity: standingCapacity,
      seats: seats.filter((s) => s.car_number === n),
    })),
    assigned_seat_ids: seats.filter((s) => s.mine).map((s) => s.seat_id),
    standing: 0,
    needed_seats: 2,
    needed_wheelchair_places: 0,
    ...rest,
  };
}
