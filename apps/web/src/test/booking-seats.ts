import type { BookingSeat } from '@sagano/domain/seats/seat-schemas';

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
