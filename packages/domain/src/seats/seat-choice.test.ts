import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boxesUsed, carsUsed, chooseSeats, type ChoiceCar, type ChoiceSeat, type SeatChoiceInput } from './seat-choice.ts';

/** The demo layout: rows of A B | C D, two facing rows on one side form a box; unboxed for the open car. */
function carSeats(n: number, rows: number, boxed: boolean, wheelchair: readonly string[] = []): ChoiceSeat[] {
  const seats: ChoiceSeat[] = [];
  for (let row = 1; row <= rows; row++) {
    for (const letter of ['A', 'B', 'C', 'D']) {
      const side = letter < 'C' ? 'AB' : 'CD';
      const seat_id = `${n}-${row}${letter}`;
      seats.push({
        seat_id,
        logical_car_id: n,
        seat_group_id: boxed ? `${n}-${String(Math.ceil(row / 2)).padStart(2, '0')}${side}` : null,
        row,
        letter,
        is_wheelchair: wheelchair.includes(seat_id),
      });
    }
  }
  return seats.reverse();
}

const cars: ChoiceCar[] = [1, 2, 3, 4, 5].map((n) => ({ logical_car_id: n, car_number: n }));
const seats: ChoiceSeat[] = [
  ...carSeats(1, 16, true),
  ...carSeats(2, 16, true),
  ...carSeats(3, 16, true, ['3-1A', '3-1B']),
  ...carSeats(4, 16, true),
  ...carSeats(5, 10, false),
];
const allIds = new Set(seats.map((s) => s.seat_id));
const seatById = new Map(seats.map((s) => [s.seat_id, s]));

function choose(request: Partial<SeatChoiceInput>) {
  const result = chooseSeats({ cars, seats, available: allIds, seatCount: 0, wheelchairCount: 0, ...request });
  if (!result.ok) throw new Error(result.reason);
  return result;
}

/** Seats per box of the chosen seats, largest first. */
function boxFill(ids: readonly string[]): number[] {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const seat = seatById.get(id)!;
    const key = seat.seat_group_id ?? seat.seat_id;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].sort((a, b) => b - a);
}

const carOf = (id: string) => seatById.get(id)!.logical_car_id;

describe('chooseSeats examples', () => {
  it('seats 23 people in one car: five whole boxes and three seats of a sixth, next to each other', () => {
    const r = choose({ seatCount: 23 });
    expect(r.seatIds).toHaveLength(23);
    expect(r.wheelchairSeatIds).toEqual([]);
    expect(carsUsed(seats, r.seatIds)).toBe(1);
    expect(boxesUsed(seats, r.seatIds)).toBe(6);
    expect(boxFill(r.seatIds)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(r.seatIds.every((id) => id.startsWith('1-') && seatById.get(id)!.row <= 6)).toBe(true);
  });

  it('gives a wheelchair user a wheelchair place, with the group in the same car next to it', () => {
    const r = choose({ seatCount: 5, wheelchairCount: 1 });
    expect(r.wheelchairSeatIds).toEqual(['3-1A']);
    // Across the aisle; 3-2A and 3-2B would leave a single free seat in 3-01CD.
    expect(r.seatIds).toEqual(['3-1C', '3-1D', '3-2C', '3-2D', '3-3A']);
  });

  it('puts wheelchair places in the nearest car when the group sits elsewhere', () => {
    const r = choose({ seatCount: 4, wheelchairCount: 2, preferredCarIds: [1] });
    expect(r.seatIds).toEqual(['1-1A', '1-1B', '1-2A', '1-2B']);
    expect(r.wheelchairSeatIds).toEqual(['3-1A', '3-1B']);
  });

  it('seats wheelchair users alone on wheelchair places', () => {
    expect(choose({ wheelchairCount: 2 })).toEqual({ ok: true, seatIds: [], wheelchairSeatIds: ['3-1A', '3-1B'] });
  });

  it('answers empty lists for an empty request', () => {
    expect(choose({})).toEqual({ ok: true, seatIds: [], wheelchairSeatIds: [] });
  });

  it('spans two adjacent cars for a group larger than a car', () => {
    const r = choose({ seatCount: 100 });
    expect(carsUsed(seats, r.seatIds)).toBe(2);
    expect(r.seatIds.filter((id) => carOf(id) === 1)).toHaveLength(64);
    expect(r.seatIds.filter((id) => carOf(id) === 2)).toHaveLength(36);
    expect(boxesUsed(seats, r.seatIds)).toBe(25);
  });

  it('prefers adjacent cars to the largest ones', () => {
    const available = new Set(seats.filter((s) => [1, 3, 4].includes(s.logical_car_id)).map((s) => s.seat_id));
    const r = choose({ available, seatCount: 100 });
    expect([...new Set(r.seatIds.map(carOf))]).toEqual([3, 4]);
  });

  it('takes the preferred car when the group fits there', () => {
    const r = choose({ seatCount: 10, preferredCarIds: [4, 2] });
    expect(r.seatIds.every((id) => carOf(id) === 4)).toBe(true);
  });

  it('fills a box with three free seats rather than leave a single free seat', () => {
    // Box 1-01CD has 1C taken: 7 people fit exactly in 1-01AB and the rest of 1-01CD.
    const available = new Set(seats.filter((s) => s.logical_car_id === 1 && s.seat_id !== '1-1C').map((s) => s.seat_id));
    const r = choose({ available, seatCount: 7 });
    expect(r.seatIds).toEqual(['1-1A', '1-1B', '1-1D', '1-2A', '1-2B', '1-2C', '1-2D']);
  });

  it('never takes a seat that is not available', () => {
    const available = new Set(['2-5A', '2-5B', '2-6A', '4-1C', 'X-1']);
    const r = choose({ available, seatCount: 3 });
    expect(r.seatIds).toEqual(['2-5A', '2-5B', '2-6A']);
  });

  it('fails with the number of seats or wheelchair places available', () => {
    const base = { cars, seats, available: allIds, seatCount: 0, wheelchairCount: 0 };
    expect(chooseSeats({ ...base, seatCount: 295 })).toEqual({ ok: false, reason: 'NOT_ENOUGH_SEATS', available: 294 });
    expect(chooseSeats({ ...base, seatCount: 10, wheelchairCount: 3 })).toEqual({ ok: false, reason: 'NOT_ENOUGH_WHEELCHAIR_PLACES', available: 2 });
    const few = new Set(['1-1A', '1-1B', '5-3C']);
    expect(chooseSeats({ ...base, available: few, seatCount: 4 })).toEqual({ ok: false, reason: 'NOT_ENOUGH_SEATS', available: 3 });
  });

  it('refuses counts that are not whole numbers ≥ 0', () => {
    expect(() => chooseSeats({ cars, seats, available: allIds, seatCount: -1, wheelchairCount: 0 })).toThrow(RangeError);
    expect(() => chooseSeats({ cars, seats, available: allIds, seatCount: 1, wheelchairCount: 0.5 })).toThrow(RangeError);
  });

  it('is deterministic, whatever the order of cars and seats', () => {
    const input = { cars, seats, available: allIds, seatCount: 77, wheelchairCount: 1 };
    const first = chooseSeats(input);
    expect(chooseSeats(input)).toEqual(first);
    expect(chooseSeats({ ...input, cars: [...cars].reverse(), seats: [...seats].reverse() })).toEqual(first);
  });

  it('seats a full train quickly', () => {
    const started = Date.now();
    const r = choose({ seatCount: 294, wheelchairCount: 2 });
    expect(r.seatIds).toHaveLength(294);
    expect(carsUsed(seats, r.seatIds)).toBe(5);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

interface CarSpec {
  boxes: number;
  loose: number;
  wheelchairBoxes: number[];
  looseWheelchair: number;
}

/** Cars numbered 1..n along the train (logical ids in another order); boxes of four, then loose seats. */
function buildLayout(specs: readonly CarSpec[]): { cars: ChoiceCar[]; seats: ChoiceSeat[] } {
  const layoutCars: ChoiceCar[] = [];
  const layoutSeats: ChoiceSeat[] = [];
  specs.forEach((spec, i) => {
    const car: ChoiceCar = { logical_car_id: 50 - i, car_number: i + 1 };
    layoutCars.push(car);
    for (let b = 0; b < spec.boxes; b++) {
      const pair = Math.floor(b / 2) + 1;
      const letters = b % 2 === 0 ? ['A', 'B'] : ['C', 'D'];
      for (const row of [2 * pair - 1, 2 * pair]) {
        for (const letter of letters) {
          layoutSeats.push({
            seat_id: `${car.logical_car_id}-${row}${letter}`,
            logical_car_id: car.logical_car_id,
            seat_group_id: `${car.logical_car_id}-box${b}`,
            row,
            letter,
            is_wheelchair: spec.wheelchairBoxes.includes(b),
          });
        }
      }
    }
    const firstLooseRow = 2 * Math.ceil(spec.boxes / 2) + 1;
    for (let j = 0; j < spec.loose; j++) {
      const row = firstLooseRow + Math.floor(j / 4);
      const letter = 'ABCD'[j % 4]!;
      layoutSeats.push({
        seat_id: `${car.logical_car_id}-${row}${letter}`,
        logical_car_id: car.logical_car_id,
        seat_group_id: null,
        row,
        letter,
        is_wheelchair: j < spec.looseWheelchair,
      });
    }
  });
  return { cars: layoutCars, seats: layoutSeats };
}

const carSpecArb = (maxLoose: number) =>
  fc.record({
    boxes: fc.integer({ min: 1, max: 20 }),
    loose: fc.integer({ min: 0, max: maxLoose }),
    wheelchairBoxes: fc.array(fc.nat(19), { maxLength: 2 }),
    looseWheelchair: fc.integer({ min: 0, max: 2 }),
  });

/** A layout, an availability (all, whole boxes or single seats) and a request. */
const caseArb = (options: { maxLoose: number; modes: readonly ('all' | 'boxes' | 'seats')[] }) =>
  fc.array(carSpecArb(options.maxLoose), { minLength: 1, maxLength: 5 }).chain((specs) => {
    const layout = buildLayout(specs);
    const n = layout.seats.length;
    return fc
      .record({
        mode: fc.constantFrom(...options.modes),
        seatBits: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        boxBits: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        seatCount: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: n + 2 })),
        wheelchairCount: fc.integer({ min: 0, max: 3 }),
        preferredCarIds: fc.option(fc.shuffledSubarray(layout.cars.map((c) => c.logical_car_id)), { nil: undefined }),
      })
      .map(({ mode, seatBits, boxBits, ...request }) => {
        const available = new Set<string>(['X-1']);
        layout.seats.forEach((seat, i) => {
          const box = seat.seat_group_id === null ? undefined : Number(seat.seat_group_id.split('box')[1]);
          const free = mode === 'all' || (mode === 'boxes' && box !== undefined ? boxBits[(box + seat.logical_car_id) % 20]! : seatBits[i]!);
          if (free) available.add(seat.seat_id);
        });
        const input: SeatChoiceInput = { ...layout, available, ...request };
        return input;
      });
  });

const anyCase = caseArb({ maxLoose: 6, modes: ['all', 'boxes', 'seats'] });
const RUNS = { numRuns: 200 };

const freeOf = (input: SeatChoiceInput, wheelchair: boolean) => input.seats.filter((s) => input.available.has(s.seat_id) && s.is_wheelchair === wheelchair);

/** Available ordinary seats per car. */
function freePerCar(input: SeatChoiceInput): Map<number, number> {
  const counts = new Map<number, number>(input.cars.map((c) => [c.logical_car_id, 0]));
  for (const seat of freeOf(input, false)) counts.set(seat.logical_car_id, (counts.get(seat.logical_car_id) ?? 0) + 1);
  return counts;
}

/** The fewest cars that can seat n: the largest cars first. */
function fewestCars(perCar: Map<number, number>, n: number): number {
  const sizes = [...perCar.values()].sort((a, b) => b - a);
  let cars = 0;
  for (let seated = 0; seated < n; cars++) seated += sizes[cars]!;
  return cars;
}

/** The fewest boxes of one car that can seat n: free seats per box (a loose seat is its own box), largest first. */
function fewestBoxes(input: SeatChoiceInput, carId: number, n: number): number {
  const perBox = new Map<string, number>();
  for (const seat of freeOf(input, false).filter((s) => s.logical_car_id === carId)) {
    const key = seat.seat_group_id ?? `seat ${seat.seat_id}`;
    perBox.set(key, (perBox.get(key) ?? 0) + 1);
  }
  const sizes = [...perBox.values()].sort((a, b) => b - a);
  let boxes = 0;
  for (let seated = 0; seated < n; boxes++) seated += sizes[boxes]!;
  return boxes;
}

describe('chooseSeats properties', () => {
  it('never chooses a seat outside available, of the wrong kind, or twice, and gives exactly the numbers asked', () => {
    fc.assert(
      fc.property(anyCase, (input) => {
        const r = chooseSeats(input);
        if (!r.ok) return;
        const byId = new Map(input.seats.map((s) => [s.seat_id, s]));
        expect(r.seatIds).toHaveLength(input.seatCount);
        expect(r.wheelchairSeatIds).toHaveLength(input.wheelchairCount);
        expect(new Set([...r.seatIds, ...r.wheelchairSeatIds]).size).toBe(input.seatCount + input.wheelchairCount);
        for (const id of r.seatIds) {
          expect(input.available.has(id)).toBe(true);
          expect(byId.get(id)?.is_wheelchair).toBe(false);
        }
        for (const id of r.wheelchairSeatIds) {
          expect(input.available.has(id)).toBe(true);
          expect(byId.get(id)?.is_wheelchair).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('fails exactly when not enough are available, naming what is short and how many there are', () => {
    fc.assert(
      fc.property(anyCase, (input) => {
        const seatsFree = freeOf(input, false).length;
        const placesFree = freeOf(input, true).length;
        const r = chooseSeats(input);
        if (seatsFree < input.seatCount) expect(r).toEqual({ ok: false, reason: 'NOT_ENOUGH_SEATS', available: seatsFree });
        else if (placesFree < input.wheelchairCount) expect(r).toEqual({ ok: false, reason: 'NOT_ENOUGH_WHEELCHAIR_PLACES', available: placesFree });
        else expect(r.ok).toBe(true);
      }),
      RUNS,
    );
  });

  it('uses the fewest cars possible', () => {
    fc.assert(
      fc.property(anyCase, (input) => {
        const r = chooseSeats(input);
        if (!r.ok) return;
        expect(carsUsed(input.seats, r.seatIds)).toBe(fewestCars(freePerCar(input), input.seatCount));
      }),
      RUNS,
    );
  });

  it('seats a group that fits in one car in nearly the fewest boxes of that car', () => {
    fc.assert(
      fc.property(anyCase, (input) => {
        const r = chooseSeats(input);
        if (!r.ok || input.seatCount === 0) return;
        if (![...freePerCar(input).values()].some((n) => n >= input.seatCount)) return;
        expect(carsUsed(input.seats, r.seatIds)).toBe(1);
        const carId = input.seats.find((s) => s.seat_id === r.seatIds[0])!.logical_car_id;
        const lower = fewestBoxes(input, carId, input.seatCount);
        const used = boxesUsed(input.seats, r.seatIds);
        expect(used).toBeGreaterThanOrEqual(lower);
        expect(used).toBeLessThanOrEqual(lower + 1);
      }),
      RUNS,
    );
  });

  it('with whole boxes free, seats a group that fits in one car in at most ceil(n/4) + 1 boxes', () => {
    fc.assert(
      fc.property(caseArb({ maxLoose: 0, modes: ['all', 'boxes'] }), (input) => {
        const r = chooseSeats(input);
        if (!r.ok || input.seatCount === 0) return;
        if (![...freePerCar(input).values()].some((n) => n >= input.seatCount)) return;
        expect(boxesUsed(input.seats, r.seatIds)).toBeLessThanOrEqual(Math.ceil(input.seatCount / 4) + 1);
      }),
      RUNS,
    );
  });

  it("puts wheelchair places in the group's cars as far as they have them", () => {
    fc.assert(
      fc.property(anyCase, (input) => {
        const r = chooseSeats(input);
        if (!r.ok || input.seatCount === 0) return;
        const byId = new Map(input.seats.map((s) => [s.seat_id, s]));
        const groupCars = new Set(r.seatIds.map((id) => byId.get(id)!.logical_car_id));
        const placesThere = freeOf(input, true).filter((s) => groupCars.has(s.logical_car_id)).length;
        const placedThere = r.wheelchairSeatIds.filter((id) => groupCars.has(byId.get(id)!.logical_car_id)).length;
        expect(placedThere).toBe(Math.min(input.wheelchairCount, placesThere));
      }),
      RUNS,
    );
  });

  it('gives the same answer for the same input, in any order', () => {
    fc.assert(
      fc.property(
        anyCase.chain((input) =>
          fc.record({
            input: fc.constant(input),
            cars: fc.shuffledSubarray([...input.cars], { minLength: input.cars.length, maxLength: input.cars.length }),
            seats: fc.shuffledSubarray([...input.seats], { minLength: input.seats.length, maxLength: input.seats.length }),
          }),
        ),
        ({ input, cars: shuffledCars, seats: shuffledSeats }) => {
          const first = chooseSeats(input);
          expect(chooseSeats(input)).toEqual(first);
          expect(chooseSeats({ ...input, cars: shuffledCars, seats: shuffledSeats })).toEqual(first);
        },
      ),
      RUNS,
    );
  });
});
