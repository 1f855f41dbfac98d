/**
 * The seats one booking's group gets on one train in one direction (DESIGN §5, "assign seats"):
 * the group sits together (fewest cars, then fewest boxes), wheelchair users get wheelchair
 * places in or near the group's car. Pure and deterministic: the same layout, availability and
 * request give the same seats whatever the order of the input lists.
 */

export interface ChoiceSeat {
  seat_id: string;
  logical_car_id: number;
  /** The box of four facing seats the seat belongs to; null for a seat outside any box. */
  seat_group_id: string | null;
  row: number;
  letter: string;
  is_wheelchair: boolean;
}

export interface ChoiceCar {
  logical_car_id: number;
  /** Position along the train (1..5). */
  car_number: number;
}

export interface SeatChoiceInput {
  cars: readonly ChoiceCar[];
  /** The whole train layout. */
  seats: readonly ChoiceSeat[];
  /** Seat ids the booking may take: its allotment's seats that are free on its legs. */
  available: ReadonlySet<string>;
  /** Ordinary seats wanted (participants without a wheelchair). */
  seatCount: number;
  /** Wheelchair places wanted (seats with is_wheelchair). */
  wheelchairCount: number;
  /**
   * Cars (logical_car_id) to try first, in order. Honoured among the choices with the fewest
   * cars: a preference never splits a group that fits in fewer cars.
   */
  preferredCarIds?: readonly number[];
}

export type SeatChoiceFailure = 'NOT_ENOUGH_SEATS' | 'NOT_ENOUGH_WHEELCHAIR_PLACES';

export type SeatChoiceResult =
  | { ok: true; seatIds: string[]; wheelchairSeatIds: string[] }
  | { ok: false; reason: SeatChoiceFailure; available: number };

type BoxSeat = Pick<ChoiceSeat, 'seat_id' | 'logical_car_id' | 'seat_group_id'>;

/** Distinct boxes holding the chosen seats; a chosen seat outside any box counts as one. */
export function boxesUsed(seats: readonly BoxSeat[], chosenIds: Iterable<string>): number {
  const chosen = new Set(chosenIds);
  const boxes = new Set<string>();
  for (const seat of seats) if (chosen.has(seat.seat_id)) boxes.add(unitKey(seat));
  return boxes.size;
}

/** Distinct cars holding the chosen seats. */
export function carsUsed(seats: readonly Pick<ChoiceSeat, 'seat_id' | 'logical_car_id'>[], chosenIds: Iterable<string>): number {
  const chosen = new Set(chosenIds);
  const cars = new Set<number>();
  for (const seat of seats) if (chosen.has(seat.seat_id)) cars.add(seat.logical_car_id);
  return cars.size;
}

const unitKey = (seat: BoxSeat) => (seat.seat_group_id === null ? `s:${seat.seat_id}` : `g:${seat.logical_car_id}:${seat.seat_group_id}`);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const compareSeats = (a: ChoiceSeat, b: ChoiceSeat) => a.row - b.row || compareText(a.letter, b.letter) || compareText(a.seat_id, b.seat_id);

/** Lexicographic order of two keys of equal length, smaller is better. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A box's available seats of one kind, or one available seat outside any box. */
interface Unit {
  seats: ChoiceSeat[];
  size: number;
  minRow: number;
  maxRow: number;
}

/** The available seats of one kind (ordinary or wheelchair) in one car. */
interface Pool {
  car: ChoiceCar;
  /** By position: first row, then letter. */
  units: Unit[];
  total: number;
  /** Unit size → number of units. */
  histogram: Map<number, number>;
  /** Unit sizes summed largest first: prefix[m] seats fit in m units. */
  prefix: number[];
  /** For p people (index): [fewest units, 1 when a box must keep a single free seat]. */
  costs: [number, number][];
}

interface Part {
  pool: Pool;
  count: number;
}

/** Which units of which size to fill, and how many seats of them stay free. */
interface Plan {
  take: Map<number, number>;
  leftover: number;
}

/** More combinations of cars than this are not all scored: adjacent runs and the largest cars are. */
const MAX_CAR_COMBINATIONS = 256;

/**
 * Chooses the seats (DESIGN §5): the fewest cars that seat the group, preferring the preferred
 * cars, cars holding wheelchair places when wheelchair users travel, cars next to each other,
 * then the fewest boxes; within a car the fewest boxes (whole boxes first, the rest in the box
 * with the most free seats), no box left with a single free seat when as many boxes avoid it,
 * the boxes as close together as possible, with the car's chosen wheelchair places.
 * Wheelchair places go in the group's cars first, then the nearest cars. Ties go to the lower
 * car number, then row, then letter. Counts must be whole numbers ≥ 0 (RangeError otherwise).
 */
export function chooseSeats(input: SeatChoiceInput): SeatChoiceResult {
  const { seatCount, wheelchairCount } = input;
  if (!Number.isInteger(seatCount) || seatCount < 0) throw new RangeError('seatCount must be a whole number ≥ 0');
  if (!Number.isInteger(wheelchairCount) || wheelchairCount < 0) throw new RangeError('wheelchairCount must be a whole number ≥ 0');

  const byId = new Map<number, ChoiceCar>();
  for (const car of input.cars) if (!byId.has(car.logical_car_id)) byId.set(car.logical_car_id, car);
  const cars = [...byId.values()].sort((a, b) => a.car_number - b.car_number || a.logical_car_id - b.logical_car_id);
  const free = new Map<string, ChoiceSeat>();
  for (const seat of input.seats) {
    if (input.available.has(seat.seat_id) && byId.has(seat.logical_car_id) && !free.has(seat.seat_id)) free.set(seat.seat_id, seat);
  }
  const freeSeats = [...free.values()];
  const ordinary = buildPools(cars, freeSeats.filter((s) => !s.is_wheelchair));
  const wheelchair = buildPools(cars, freeSeats.filter((s) => s.is_wheelchair));
  const ordinaryTotal = ordinary.reduce((n, pool) => n + pool.total, 0);
  const wheelchairTotal = wheelchair.reduce((n, pool) => n + pool.total, 0);
  if (ordinaryTotal < seatCount) return { ok: false, reason: 'NOT_ENOUGH_SEATS', available: ordinaryTotal };
  if (wheelchairTotal < wheelchairCount) return { ok: false, reason: 'NOT_ENOUGH_WHEELCHAIR_PLACES', available: wheelchairTotal };

  const preferred = [...new Set(input.preferredCarIds ?? [])];
  const wheelchairByCar = new Map(wheelchair.map((pool) => [pool.car.logical_car_id, pool.total]));
  const groupParts = chooseCars(ordinary, seatCount, preferred, (combo) =>
    Math.min(wheelchairCount, combo.reduce((n, pool) => n + (wheelchairByCar.get(pool.car.logical_car_id) ?? 0), 0)),
  );
  const wheelchairParts =
    groupParts.length > 0 ? nearestParts(wheelchair, wheelchairCount, groupParts) : chooseCars(wheelchair, wheelchairCount, preferred, () => 0);

  const wheelchairSeats = wheelchairParts.flatMap((part) => allocate(part.pool, part.count));
  const anchors = new Map<number, [number, number]>();
  for (const seat of wheelchairSeats) {
    const [low, high] = anchors.get(seat.logical_car_id) ?? [seat.row, seat.row];
    anchors.set(seat.logical_car_id, [Math.min(low, seat.row), Math.max(high, seat.row)]);
  }
  const groupSeats = groupParts.flatMap((part) => allocate(part.pool, part.count, anchors.get(part.pool.car.logical_car_id)));

  const carOrder = new Map(cars.map((car, i) => [car.logical_car_id, i]));
  const ids = (seats: ChoiceSeat[]) =>
    seats.sort((a, b) => (carOrder.get(a.logical_car_id) ?? 0) - (carOrder.get(b.logical_car_id) ?? 0) || compareSeats(a, b)).map((s) => s.seat_id);
  return { ok: true, seatIds: ids(groupSeats), wheelchairSeatIds: ids(wheelchairSeats) };
}

/** One pool per car (in car order), its seats grouped into units. */
function buildPools(cars: readonly ChoiceCar[], seats: readonly ChoiceSeat[]): Pool[] {
  const unitsByCar = new Map<number, Map<string, ChoiceSeat[]>>();
  for (const seat of seats) {
    const units = unitsByCar.get(seat.logical_car_id) ?? new Map<string, ChoiceSeat[]>();
    unitsByCar.set(seat.logical_car_id, units);
    const key = unitKey(seat);
    const list = units.get(key) ?? [];
    list.push(seat);
    units.set(key, list);
  }
  return cars.map((car) => {
    const units: Unit[] = [...(unitsByCar.get(car.logical_car_id)?.values() ?? [])].map((list) => {
      const sorted = [...list].sort(compareSeats);
      return { seats: sorted, size: sorted.length, minRow: sorted[0]!.row, maxRow: Math.max(...sorted.map((s) => s.row)) };
    });
    units.sort((a, b) => a.minRow - b.minRow || compareSeats(a.seats[0]!, b.seats[0]!));
    const histogram = new Map<number, number>();
    for (const unit of units) histogram.set(unit.size, (histogram.get(unit.size) ?? 0) + 1);
    const prefix = [0];
    for (const size of units.map((u) => u.size).sort((a, b) => b - a)) prefix.push(prefix.at(-1)! + size);
    const total = prefix.at(-1)!;
    const costs: [number, number][] = [];
    for (let p = 0, m = 0; p <= total; p++) {
      while (prefix[m]! < p) m++;
      costs.push([m, planBoxes(histogram, m, p)!.leftover === 1 ? 1 : 0]);
    }
    return { car, units, total, histogram, prefix, costs };
  });
}

/**
 * Takes the m largest units of a histogram (size → count) if they seat p. When that leaves a
 * single free seat, swaps one unit for one a seat smaller (keeping the largest units), so the
 * units are filled exactly; the leftover stays 1 when the histogram has no such unit.
 */
function planBoxes(histogram: ReadonlyMap<number, number>, m: number, p: number): Plan | undefined {
  const sizes = [...histogram.keys()].sort((a, b) => b - a);
  const take = new Map<number, number>();
  let left = m;
  let sum = 0;
  for (const size of sizes) {
    const n = Math.min(left, histogram.get(size) ?? 0);
    if (n === 0) continue;
    take.set(size, n);
    sum += n * size;
    left -= n;
  }
  if (left > 0 || sum < p) return undefined;
  let leftover = sum - p;
  if (leftover === 1) {
    for (const size of [...sizes].reverse()) {
      const taken = take.get(size) ?? 0;
      const spare = (histogram.get(size - 1) ?? 0) - (take.get(size - 1) ?? 0);
      if (taken === 0 || spare === 0) continue;
      take.set(size, taken - 1);
      take.set(size - 1, (take.get(size - 1) ?? 0) + 1);
      leftover = 0;
      break;
    }
  }
  return { take, leftover };
}

/**
 * The cars for `count` people: the fewest cars, then the key preferred cars / wheelchair cover /
 * spread of car numbers / boxes of the best split / car numbers. Pools are in car order.
 */
function chooseCars(pools: readonly Pool[], count: number, preferred: readonly number[], cover: (combo: readonly Pool[]) => number): Part[] {
  if (count === 0) return [];
  const usable = pools.filter((pool) => pool.total > 0);
  const bySize = [...usable].sort((a, b) => b.total - a.total || a.car.car_number - b.car.car_number);
  let k = 0;
  for (let seated = 0; seated < count && k < bySize.length; k++) seated += bySize[k]!.total;

  const candidates: Pool[][] = [];
  if (binomial(usable.length, k) <= MAX_CAR_COMBINATIONS) {
    combinations(usable, k, 0, [], candidates);
  } else {
    for (let i = 0; i + k <= usable.length; i++) candidates.push(usable.slice(i, i + k));
    candidates.push(bySize.slice(0, k).sort((a, b) => usable.indexOf(a) - usable.indexOf(b)));
  }

  let best: { key: number[]; parts: Part[] } | undefined;
  for (const combo of candidates) {
    if (combo.reduce((n, pool) => n + pool.total, 0) < count) continue;
    const split = splitCount(combo, count);
    const numbers = combo.map((pool) => pool.car.car_number);
    const key = [
      ...preferred.map((id) => (combo.some((pool) => pool.car.logical_car_id === id) ? 0 : 1)),
      -cover(combo),
      numbers.at(-1)! - numbers[0]!,
      split.cost,
      ...numbers,
    ];
    if (!best || compareKeys(key, best.key) < 0) best = { key, parts: combo.map((pool, i) => ({ pool, count: split.counts[i]! })) };
  }
  return best!.parts;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

function combinations<T>(items: readonly T[], k: number, start: number, prefix: T[], out: T[][]): void {
  if (prefix.length === k) {
    out.push([...prefix]);
    return;
  }
  for (let i = start; i <= items.length - (k - prefix.length); i++) {
    prefix.push(items[i]!);
    combinations(items, k, i + 1, prefix, out);
    prefix.pop();
  }
}

/**
 * Splits `count` people over the cars of a combination, at least one per car, for the least
 * (boxes, single free seats left, cars holding one person alone); ties put more people in the
 * earlier cars. Dynamic programming over (car, people seated): no search over seat subsets.
 */
function splitCount(combo: readonly Pool[], count: number): { cost: number; counts: number[] } {
  const k = combo.length;
  const base = k + 1;
  const partCost = (pool: Pool, p: number) => {
    const [boxes, stranded] = pool.costs[p]!;
    return (boxes * base + stranded) * base + (k > 1 && p === 1 ? 1 : 0);
  };
  // best[i][s]: least cost of seating s people in combo[i..].
  const best: (number | undefined)[][] = Array.from({ length: k + 1 }, () => new Array<number | undefined>(count + 1).fill(undefined));
  best[k]![0] = 0;
  for (let i = k - 1; i >= 0; i--) {
    const pool = combo[i]!;
    const next = best[i + 1]!;
    for (let s = 1; s <= count; s++) {
      let found: number | undefined;
      for (let p = Math.min(pool.total, s); p >= 1; p--) {
        const rest = next[s - p];
        if (rest === undefined) continue;
        const cost = partCost(pool, p) + rest;
        if (found === undefined || cost < found) found = cost;
      }
      best[i]![s] = found;
    }
  }
  const counts: number[] = [];
  let s = count;
  for (let i = 0; i < k; i++) {
    const pool = combo[i]!;
    for (let p = Math.min(pool.total, s); p >= 1; p--) {
      const rest = best[i + 1]![s - p];
      if (rest !== undefined && partCost(pool, p) + rest === best[i]![s]) {
        counts.push(p);
        s -= p;
        break;
      }
    }
  }
  return { cost: best[0]![count]!, counts };
}

/** Wheelchair places: the group's cars first (most members first), then by distance to them. */
function nearestParts(pools: readonly Pool[], count: number, groupParts: readonly Part[]): Part[] {
  const ranked = pools
    .filter((pool) => pool.total > 0)
    .map((pool) => {
      const distance = Math.min(...groupParts.map((part) => Math.abs(part.pool.car.car_number - pool.car.car_number)));
      const members = groupParts.find((part) => part.pool.car.logical_car_id === pool.car.logical_car_id)?.count ?? 0;
      return { pool, key: [distance, -members, pool.car.car_number, pool.car.logical_car_id] };
    })
    .sort((a, b) => compareKeys(a.key, b.key));
  const parts: Part[] = [];
  let left = count;
  for (const { pool } of ranked) {
    if (left === 0) break;
    const n = Math.min(left, pool.total);
    parts.push({ pool, count: n });
    left -= n;
  }
  return parts;
}

/** Rows between a span of rows and an anchor span (0 when they overlap). */
const rowGap = (low: number, high: number, anchor: readonly [number, number]) => Math.max(0, anchor[0] - high, low - anchor[1]);

/**
 * Seats `count` people in one car: the fewest units, no box left with a single free seat when
 * the same number of units allows it, then the shortest run of rows counting the anchor rows
 * (the car's wheelchair places of the booking), then nearest the anchor, then the first. A
 * sliding window over the units in row order: O(units² · sizes).
 */
function allocate(pool: Pool, count: number, anchor?: readonly [number, number]): ChoiceSeat[] {
  if (count === 0) return [];
  let m = 0;
  while (pool.prefix[m]! < count) m++;
  const avoidSingle = pool.costs[count]![1] === 0;
  const { units } = pool;

  let best: { from: number; to: number; plan: Plan; key: number[] } | undefined;
  for (let from = 0; from + m <= units.length; from++) {
    const histogram = new Map<number, number>();
    let maxRow = -Infinity;
    for (let to = from; to < units.length; to++) {
      const unit = units[to]!;
      histogram.set(unit.size, (histogram.get(unit.size) ?? 0) + 1);
      maxRow = Math.max(maxRow, unit.maxRow);
      if (to - from + 1 < m) continue;
      const plan = planBoxes(histogram, m, count);
      if (!plan || (avoidSingle && plan.leftover === 1)) continue;
      const minRow = units[from]!.minRow;
      const key = anchor
        ? [Math.max(maxRow, anchor[1]) - Math.min(minRow, anchor[0]), rowGap(minRow, maxRow, anchor)]
        : [maxRow - minRow, 0];
      if (!best || compareKeys(key, best.key) < 0) best = { from, to, plan, key };
      break;
    }
  }

  const { from, to, plan } = best!;
  const need = new Map(plan.take);
  const chosen: Unit[] = [];
  for (let i = from; i <= to; i++) {
    const unit = units[i]!;
    const n = need.get(unit.size) ?? 0;
    if (n === 0) continue;
    chosen.push(unit);
    need.set(unit.size, n - 1);
  }
  // Whole units first, largest first; the leftover free seats stay in the last (smallest) one.
  chosen.sort((a, b) => b.size - a.size);
  return chosen.flatMap((unit, i) => (i === chosen.length - 1 ? unit.seats.slice(0, unit.size - plan.leftover) : unit.seats));
}
