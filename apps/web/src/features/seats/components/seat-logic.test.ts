import { describe, expect, it } from 'vitest';
import type { BookingSeat, BookingSeatCar, BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import {
  isPickable,
  isServiceDay,
  legendItems,
  letterName,
  otherBookings,
  placeCounts,
  requiredSelection,
  sameSeats,
  seatsByCar,
  seatViews,
  selectionDiff,
  sortDirections,
  sweepSeats,
  toggleSeat,
} from './seat-logic.ts';

type SeatPatch = Partial<BookingSeat> & { row: number; letter: string };

function seat(car: number, patch: SeatPatch): BookingSeat {
  return {
    seat_id: `${car}-${patch.row}${patch.letter}`,
    seat_group_id: null,
    logical_car_id: car,
    car_number: car,
    is_wheelchair: false,
    labels: [],
    arrangement_type_id: 1,
    taken_by: null,
    mine: false,
    assignable: true,
    ...patch,
  };
}

function car(n: number, seats: BookingSeat[]): BookingSeatCar {
  return { logical_car_id: n, physical_car_id: `SK${n}`, car_number: n, name: [{ language_id: 'ja', text: `${n}号車` }], is_rich: n === 5, standing_capacity: 0, seats };
}

function direction(cars: BookingSeatCar[], patch: Partial<BookingSeatDirection> = {}): BookingSeatDirection {
  return {
    direction: 'down',
    service_day: '2026-05-01',
    service_id: 1,
    service_names: [{ language_id: 'ja', text: 'トロッコ1号' }],
    from_station_id: 1,
    to_station_id: 4,
    departure_hhmm: '09:02',
    arrival_hhmm: '09:27',
    legs: [1, 2, 3],
    cars,
    assigned_seat_ids: cars.flatMap((c) => c.seats.filter((s) => s.mine).map((s) => s.seat_id)),
    standing: 0,
    needed_seats: 3,
    needed_wheelchair_places: 1,
    ...patch,
  };
}

// Car 2: 1A 1B mine, 1C taken by 20260002, 1D free; 2A 2B taken by 20260001, 2C not assignable.
// Car 3: 1A a free wheelchair place, 1B not assignable.
const train = direction([
  car(3, [seat(3, { row: 1, letter: 'A', is_wheelchair: true, arrangement_type_id: 2 }), seat(3, { row: 1, letter: 'B', assignable: false, arrangement_type_id: 3 })]),
  car(2, [
    seat(2, { row: 2, letter: 'A', taken_by: '20260001', assignable: false }),
    seat(2, { row: 1, letter: 'A', mine: true, assignable: false }),
    seat(2, { row: 1, letter: 'B', mine: true, assignable: false }),
    seat(2, { row: 1, letter: 'C', taken_by: '20260002', assignable: false }),
    seat(2, { row: 1, letter: 'D' }),
    seat(2, { row: 2, letter: 'B', taken_by: '20260001', assignable: false }),
    seat(2, { row: 2, letter: 'C', assignable: false }),
  ]),
]);
const byId = new Map(train.cars.flatMap((c) => c.seats).map((s) => [s.seat_id, s]));

describe('seat counts', () => {
  it('needs every seat and wheelchair place less the participants standing', () => {
    expect(requiredSelection(train, 0)).toBe(4);
    expect(requiredSelection(train, 2)).toBe(2);
    expect(requiredSelection(train, 9)).toBe(0);
    expect(requiredSelection(train, -1)).toBe(4);
  });

  it('counts ordinary seats and wheelchair places apart', () => {
    expect(placeCounts(train, ['2-1A', '2-1B', '3-1A', 'nope'])).toEqual({ seats: 2, wheelchair: 1, total: 3 });
  });
});

describe('hand-picked selection', () => {
  it('lets the booking take its own seats and free assignable ones only', () => {
    expect(isPickable(byId.get('2-1A')!)).toBe(true);
    expect(isPickable(byId.get('2-1D')!)).toBe(true);
    expect(isPickable(byId.get('2-1C')!)).toBe(false);
    expect(isPickable(byId.get('2-2C')!)).toBe(false);
    expect(isPickable({ mine: false, assignable: true, taken_by: '20260009' })).toBe(false);
  });

  it('toggles a seat in and out, refusing seats it may not take', () => {
    const start = new Set(['2-1A', '2-1B']);
    expect([...toggleSeat(start, byId.get('2-1D'))].sort()).toEqual(['2-1A', '2-1B', '2-1D']);
    expect([...toggleSeat(start, byId.get('2-1A'))]).toEqual(['2-1B']);
    expect([...toggleSeat(start, byId.get('2-1C'))].sort()).toEqual(['2-1A', '2-1B']);
    expect(toggleSeat(start, undefined)).toEqual(start);
    expect(start.size).toBe(2);
  });

  it('adds the pickable seats swept over, or takes them out when all were chosen', () => {
    const start = new Set(['2-1A']);
    const swept = ['2-1A', '2-1B', '2-1C', '2-1D'].map((id) => byId.get(id));
    expect([...sweepSeats(start, swept)].sort()).toEqual(['2-1A', '2-1B', '2-1D']);
    const all = new Set(['2-1A', '2-1B', '2-1D']);
    expect([...sweepSeats(all, swept)]).toEqual([]);
    expect(sweepSeats(start, [byId.get('2-1C')])).toEqual(start);
  });

  it('tells what a selection changes', () => {
    expect(selectionDiff(['2-1A', '2-1B'], new Set(['2-1B', '2-1D', '3-1A']))).toEqual({ added: 2, removed: 1 });
    expect(sameSeats(['a', 'b'], new Set(['b', 'a']))).toBe(true);
    expect(sameSeats(['a', 'b'], ['a'])).toBe(false);
  });
});

describe('seat views', () => {
  it('letters other bookings in train order and counts their seats', () => {
    expect(otherBookings(train)).toEqual([
      { bookingId: '20260002', badge: 'A', seats: 1 },
      { bookingId: '20260001', badge: 'B', seats: 2 },
    ]);
    expect([0, 1, 25, 26, 27, 701, 702].map(letterName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  const types = new Map([
    [1, { color_hex: '#2f9e44' }],
    [2, { color_hex: '#1971c2' }],
    [3, { color_hex: '#868e96' }],
  ]);
  const texts = { mineBadge: '✓', mineNote: 'この予約', otherNote: (id: string) => `予約 ${id}`, unavailableNote: '割当不可' };
  const views = seatViews(train, types, (id) => `type${id}`, texts, true);

  it('highlights the booking seats, letters and locks other bookings, greys out the rest', () => {
    expect(views['2-1A']).toEqual({ fill: '#2f9e44', typeName: 'type1', state: 'assigned', badge: '✓', note: 'この予約', disabled: false });
    expect(views['2-1C']).toEqual({ fill: '#2f9e44', typeName: 'type1', state: 'assigned', badge: 'A', note: '予約 20260002', disabled: true });
    expect(views['2-1D']).toEqual({ fill: '#2f9e44', typeName: 'type1', state: 'free', disabled: false });
    expect(views['3-1A']).toMatchObject({ fill: '#1971c2', state: 'free', disabled: false });
    expect(views['3-1B']).toEqual({ typeName: 'type3', note: '割当不可', disabled: true });
  });

  it('locks every seat when the booking may not change them', () => {
    const locked = seatViews(train, types, String, texts, false);
    expect(Object.values(locked).every((v) => v.disabled)).toBe(true);
  });

  it('keys the colours of the seats drawn, with the free seats left', () => {
    const all = [
      { arrangement_type_id: 2, color_hex: '#1971c2', name: [{ language_id: 'ja' as const, text: '車いす' }] },
      { arrangement_type_id: 1, color_hex: '#2f9e44', name: [{ language_id: 'ja' as const, text: '団体' }] },
      { arrangement_type_id: 3, color_hex: '#868e96', name: [{ language_id: 'ja' as const, text: '個人' }] },
    ];
    expect(legendItems(train, all, (t) => t.name[0]!.text, (n) => `空き ${n}`)).toEqual([
      { key: 2, label: '車いす', colorHex: '#1971c2', count: '空き 1' },
      { key: 1, label: '団体', colorHex: '#2f9e44', count: '空き 1' },
    ]);
  });
});

describe('seat sheet', () => {
  it('groups the seats by car in train order, by row and letter', () => {
    const grouped = seatsByCar(train, ['3-1A', '2-1B', '2-1A', '2-2B']);
    expect(grouped.map((c) => [c.car.car_number, c.seats.map((s) => `${s.row}${s.letter}`)])).toEqual([
      [2, ['1A', '1B', '2B']],
      [3, ['1A']],
    ]);
    expect(seatsByCar(train, [])).toEqual([]);
  });

  it('puts the outbound train first', () => {
    expect(sortDirections([{ direction: 'up' as const }, { direction: 'down' as const }]).map((d) => d.direction)).toEqual(['down', 'up']);
  });

  it('releases on the service day only', () => {
    expect(isServiceDay('2026-05-01', '2026-05-01')).toBe(true);
    expect(isServiceDay('2026-05-01', '2026-04-30')).toBe(false);
  });
});
