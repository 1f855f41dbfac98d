/**
 * Seatability (DESIGN §4.3, ADR 029): whether every booking holding an
 * allotment on one train can still sit on one seat for its whole segment.
 *
 * The allotment counters are per leg, so they alone cannot see fragmentation: two group seats,
 * X on seat A for leg 1 and Y on seat B for leg 3, leave one seat free on every leg but no seat
 * free on legs 1–3. Seats already sent in a seat table (or chosen by the group) are fixed; all
 * other held seats may be moved. So the question is an interval assignment: place the movable
 * demands (segments × people) on the parts of seats the fixed seats leave free.
 *
 * Each seat splits into its free runs (maximal stretches of contiguous legs no fixed seat uses);
 * a run is a "bin" that can take any chain of disjoint segments inside it. Units are placed in
 * order of their first leg (longer segments first among equals), each into the free bin with
 * the smallest end that still covers it. On this line (three legs) that is exact: a one-leg
 * unit leaves the same pieces whichever bin takes it, and a two-leg unit put in a bin ending
 * with it keeps the longer bin whole, which serves everything the split pieces could. The
 * property tests check it against exhaustive search. On a longer line the greedy can miss an
 * arrangement (four legs: found by the same tests), so there an answer of "no" is cautious: a
 * hold may be refused that some arrangement would have seated, but a "yes" always comes with
 * a valid placement. Without fixed seats this is interval colouring: it succeeds whenever no
 * leg carries more people than there are seats.
 */

export interface PackSeat {
  seat_id: string;
  /** Legs on which a fixed seat assignment occupies this seat. */
  blocked_legs: readonly number[];
}

export interface PackDemand {
  /** Whose demand this is (a booking number), one demand per key; the placement is keyed by it. */
  key: string;
  first_leg: number;
  last_leg: number;
  quantity: number;
}

export interface PackInput {
  /** Number of legs of the line (legs are 1..leg_count). */
  leg_count: number;
  /** The seats of the kind the demands need, in the order to fill them (car, row, letter). */
  seats: readonly PackSeat[];
  demands: readonly PackDemand[];
}

export type PackResult =
  | { ok: true; placement: Map<string, string[]> }
  | { ok: false; short_leg: number; unplaced: number };

interface Bin {
  seatIndex: number;
  start: number;
  end: number;
  /** The first leg not yet used in this bin. */
  freeFrom: number;
}

/** The maximal runs of legs in 1..legCount that are not blocked. */
export function freeRuns(blockedLegs: readonly number[], legCount: number): { start: number; end: number }[] {
  const blocked = new Set(blockedLegs);
  const runs: { start: number; end: number }[] = [];
  let start: number | null = null;
  for (let leg = 1; leg <= legCount + 1; leg++) {
    const free = leg <= legCount && !blocked.has(leg);
    if (free && start === null) start = leg;
    if (!free && start !== null) {
      runs.push({ start, end: leg - 1 });
      start = null;
    }
  }
  return runs;
}

/** Places every demand on seats or says which leg runs short. Deterministic for a given input. */
export function packSeats(input: PackInput): PackResult {
  const bins: Bin[] = [];
  input.seats.forEach((seat, seatIndex) => {
    for (const run of freeRuns(seat.blocked_legs, input.leg_count)) bins.push({ seatIndex, start: run.start, end: run.end, freeFrom: run.start });
  });
  const units: { key: string; first: number; last: number }[] = [];
  for (const d of input.demands) for (let i = 0; i < d.quantity; i++) units.push({ key: d.key, first: d.first_leg, last: d.last_leg });
  // Keys keep their input order among equal segments, so a group's units are placed one after another.
  const keyOrder = new Map(input.demands.map((d, i) => [d.key, i]));
  units.sort((a, b) => a.first - b.first || b.last - a.last || keyOrder.get(a.key)! - keyOrder.get(b.key)!);

  const placement = new Map<string, string[]>();
  const lastSeatOf = new Map<string, number>();
  let unplaced = 0;
  let shortLeg = 0;
  for (const unit of units) {
    let best: Bin | null = null;
    const near = lastSeatOf.get(unit.key) ?? -1;
    for (const bin of bins) {
      if (bin.start > unit.first || bin.freeFrom > unit.first || bin.end < unit.last) continue;
      if (best === null || bin.end < best.end || (bin.end === best.end && closer(bin.seatIndex, best.seatIndex, near))) best = bin;
    }
    if (best === null) {
      unplaced++;
      if (shortLeg === 0) shortLeg = unit.first;
      continue;
    }
    best.freeFrom = unit.last + 1;
    lastSeatOf.set(unit.key, best.seatIndex);
    const list = placement.get(unit.key) ?? [];
    list.push(input.seats[best.seatIndex]!.seat_id);
    placement.set(unit.key, list);
  }
  if (unplaced > 0) return { ok: false, short_leg: shortLeg, unplaced };
  return { ok: true, placement };
}

/** Ties between equally good bins: the seat right after the group's last one, else the first. */
function closer(candidate: number, current: number, near: number): boolean {
  if (near < 0) return candidate < current;
  const d = (i: number) => (i > near ? i - near : Number.MAX_SAFE_INTEGER - (near - i));
  return d(candidate) < d(current);
}

/**
 * Checks a placement: every unit on a seat, no seat used twice on a leg, nothing on a blocked
 * leg. Answers the first problem found, or null.
 */
export function placementProblem(input: PackInput, placement: ReadonlyMap<string, readonly string[]>): string | null {
  const used = new Map<string, Set<number>>(input.seats.map((s) => [s.seat_id, new Set(s.blocked_legs)]));
  for (const d of input.demands) {
    const seats = placement.get(d.key) ?? [];
    if (seats.length !== d.quantity) return `${d.key}: ${seats.length} seats for ${d.quantity} people`;
    for (const seatId of seats) {
      const legs = used.get(seatId);
      if (!legs) return `${d.key}: ${seatId} is not a seat of the train`;
      for (let leg = d.first_leg; leg <= d.last_leg; leg++) {
        if (legs.has(leg)) return `${d.key}: ${seatId} is taken on leg ${leg}`;
        legs.add(leg);
      }
    }
  }
  return null;
}
