import { describe, expect, it } from 'vitest';
import { autoFill, countByType, seatOrder, unassignedSeats, type FillCar, type FillSeat } from './auto-fill.ts';

/** The demo layout: rows of A B | C D, two facing rows on one side form a box. */
function car(n: number, rows: number): FillCar {
  const seats: FillSeat[] = [];
  for (let row = 1; row <= rows; row++) {
    for (const letter of ['A', 'B', 'C', 'D']) {
      const side = letter < 'C' ? 'AB' : 'CD';
      seats.push({ seat_id: `${n}-${row}${letter}`, seat_group_id: `${n}-${String(Math.ceil(row / 2)).padStart(2, '0')}${side}`, row, letter });
    }
  }
  return { logical_car_id: n, car_number: n, seats: seats.reverse() };
}
const cars = [car(1, 16), car(2, 16), car(5, 10)];
const GROUP = 1;
const INDIVIDUAL = 2;

function fill(request: Parameters<typeof autoFill>[2], current = {}) {
  const result = autoFill(cars, current, request);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('autoFill', () => {
  it('orders seats row by row, A to D', () => {
    expect(seatOrder(cars[0]!.seats).slice(0, 6).map((s) => s.seat_id)).toEqual(['1-1A', '1-1B', '1-1C', '1-1D', '1-2A', '1-2B']);
  });

  it('fills a whole car when only the car is given', () => {
    const r = fill({ car_number: 2, arrangement_type_id: GROUP });
    expect(r.changed).toHaveLength(64);
    expect(Object.keys(r.assignment).every((id) => id.startsWith('2-'))).toBe(true);
    expect(r.shortfall).toBe(0);
  });

  it('fills a seat range inclusive, in seat order', () => {
    const r = fill({ car_number: 1, from_seat: '9A', to_seat: '16D', arrangement_type_id: INDIVIDUAL });
    expect(r.changed).toHaveLength(32);
    expect(r.changed[0]).toBe('1-9A');
    expect(r.changed.at(-1)).toBe('1-16D');
    expect(r.assignment['1-8D']).toBeUndefined();
  });

  it('accepts seat ids and lower case labels as range ends', () => {
    expect(fill({ car_number: 1, from_seat: '1-2a', to_seat: '2d', arrangement_type_id: GROUP }).changed).toEqual(['1-2A', '1-2B', '1-2C', '1-2D']);
  });

  it('with a total, takes whole boxes first so a group sits together', () => {
    const r = fill({ car_number: 1, total: 8, arrangement_type_id: GROUP });
    expect(r.changed.sort()).toEqual(['1-1A', '1-1B', '1-1C', '1-1D', '1-2A', '1-2B', '1-2C', '1-2D']);
  });

  it('with a total that is not a multiple of four, fills boxes then single seats', () => {
    const r = fill({ car_number: 1, total: 6, arrangement_type_id: GROUP });
    // box 1-01AB (1A 1B 2A 2B) then the first free seats in order: 1C 1D
    expect(r.changed.sort()).toEqual(['1-1A', '1-1B', '1-1C', '1-1D', '1-2A', '1-2B']);
  });

  it('skips boxes only partly in the range before taking single seats', () => {
    // Range 2A..4D: box 01AB/01CD are cut by the range, boxes 02AB (3A 3B 4A 4B) is whole.
    const r = fill({ car_number: 1, from_seat: '2A', to_seat: '4D', total: 5, arrangement_type_id: GROUP });
    expect(r.changed.sort()).toEqual(['1-2A', '1-3A', '1-3B', '1-4A', '1-4B']);
  });

  it('reports a shortfall when the total exceeds the range', () => {
    const r = fill({ car_number: 5, from_seat: '10A', total: 10, arrangement_type_id: GROUP });
    expect(r.changed).toHaveLength(4);
    expect(r.shortfall).toBe(6);
  });

  it('keeps other seats and reports only the seats that changed', () => {
    const first = fill({ car_number: 1, to_seat: '1D', arrangement_type_id: GROUP });
    const again = fill({ car_number: 1, to_seat: '2D', arrangement_type_id: GROUP }, first.assignment);
    expect(again.changed).toEqual(['1-2A', '1-2B', '1-2C', '1-2D']);
    expect(Object.keys(again.assignment)).toHaveLength(8);
  });

  it('refuses unknown cars, seats, reversed ranges and bad totals', () => {
    expect(autoFill(cars, {}, { car_number: 9, arrangement_type_id: 1 })).toEqual({ ok: false, error: 'UNKNOWN_CAR' });
    expect(autoFill(cars, {}, { car_number: 1, from_seat: '17A', arrangement_type_id: 1 })).toEqual({ ok: false, error: 'UNKNOWN_FROM_SEAT' });
    expect(autoFill(cars, {}, { car_number: 1, to_seat: '1E', arrangement_type_id: 1 })).toEqual({ ok: false, error: 'UNKNOWN_TO_SEAT' });
    expect(autoFill(cars, {}, { car_number: 1, from_seat: '5A', to_seat: '4D', arrangement_type_id: 1 })).toEqual({ ok: false, error: 'EMPTY_RANGE' });
    expect(autoFill(cars, {}, { car_number: 1, total: 0, arrangement_type_id: 1 })).toEqual({ ok: false, error: 'BAD_TOTAL' });
    expect(autoFill(cars, {}, { car_number: 1, total: 2.5, arrangement_type_id: 1 })).toEqual({ ok: false, error: 'BAD_TOTAL' });
  });
});

describe('pattern completeness', () => {
  it('lists the seats without a type, and counts seats per type', () => {
    let assignment = {};
    for (const n of [1, 2, 5]) assignment = fill({ car_number: n, arrangement_type_id: n === 5 ? INDIVIDUAL : GROUP }, assignment).assignment;
    expect(unassignedSeats(cars, assignment)).toEqual([]);
    const { [`1-16D`]: _removed, ...missing } = assignment as Record<string, number>;
    expect(unassignedSeats(cars, missing)).toEqual(['1-16D']);
    expect(countByType(assignment)).toEqual(new Map([[GROUP, 128], [INDIVIDUAL, 40]]));
  });
});
