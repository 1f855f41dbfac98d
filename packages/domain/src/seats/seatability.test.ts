import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { freeRuns, packSeats, placementProblem, type PackDemand, type PackInput, type PackSeat } from './seatability.ts';

/** Ground truth for small cases: try every seat for every unit. */
function exhaustive(input: PackInput): boolean {
  const used = input.seats.map((s) => new Set(s.blocked_legs));
  const units = input.demands.flatMap((d) => Array.from({ length: d.quantity }, () => d));
  const place = (i: number): boolean => {
    if (i === units.length) return true;
    const u = units[i]!;
    for (const legs of used) {
      let free = true;
      for (let leg = u.first_leg; leg <= u.last_leg && free; leg++) free = !legs.has(leg);
      if (!free) continue;
      for (let leg = u.first_leg; leg <= u.last_leg; leg++) legs.add(leg);
      if (place(i + 1)) return true;
      for (let leg = u.first_leg; leg <= u.last_leg; leg++) legs.delete(leg);
    }
    return false;
  };
  return place(0);
}

const segment = (legCount: number) =>
  fc.tuple(fc.integer({ min: 1, max: legCount }), fc.integer({ min: 1, max: legCount })).map(([a, b]) => ({ first_leg: Math.min(a, b), last_leg: Math.max(a, b) }));

/** A small random case: seats with fixed pieces, and demands by segment. */
const smallCase = (legCounts: { min: number; max: number }) => fc.integer(legCounts).chain((legCount) =>
  fc.record({
    leg_count: fc.constant(legCount),
    seats: fc.array(fc.array(segment(legCount), { maxLength: 3 }), { minLength: 1, maxLength: 7 }).map((seats) =>
      seats.map((fixed, i): PackSeat => ({ seat_id: `S${i}`, blocked_legs: [...new Set(fixed.flatMap((f) => range(f.first_leg, f.last_leg)))] })),
    ),
    demands: fc.array(fc.tuple(segment(legCount), fc.integer({ min: 1, max: 3 })), { maxLength: 6 }).map((list) =>
      list.map(([s, quantity], i): PackDemand => ({ key: `B${i}`, ...s, quantity })),
    ),
  }),
);

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

describe('freeRuns', () => {
  it('splits a seat at the legs a fixed seat uses', () => {
    expect(freeRuns([], 3)).toEqual([{ start: 1, end: 3 }]);
    expect(freeRuns([2], 3)).toEqual([{ start: 1, end: 1 }, { start: 3, end: 3 }]);
    expect(freeRuns([1, 2, 3], 3)).toEqual([]);
    expect(freeRuns([1], 3)).toEqual([{ start: 2, end: 3 }]);
  });
});

describe('packSeats', () => {
  it('the fragmentation case: X on 1→2 and Y on 3→4 fixed on different seats leave no seat for Z on 1→4', () => {
    const seats = [
      { seat_id: '1-1A', blocked_legs: [1] },
      { seat_id: '1-1B', blocked_legs: [3] },
    ];
    expect(packSeats({ leg_count: 3, seats, demands: [{ key: 'Z', first_leg: 1, last_leg: 3, quantity: 1 }] })).toMatchObject({ ok: false, short_leg: 1 });
    // Held but not sent, X and Y may move: X and Y share one seat and Z takes the other.
    const free = seats.map((s) => ({ ...s, blocked_legs: [] }));
    const demands = [
      { key: 'X', first_leg: 1, last_leg: 1, quantity: 1 },
      { key: 'Y', first_leg: 3, last_leg: 3, quantity: 1 },
      { key: 'Z', first_leg: 1, last_leg: 3, quantity: 1 },
    ];
    const result = packSeats({ leg_count: 3, seats: free, demands });
    expect(result.ok).toBe(true);
    if (result.ok) expect(placementProblem({ leg_count: 3, seats: free, demands }, result.placement)).toBeNull();
  });

  it('keeps a group on neighbouring seats when it can', () => {
    const seats = Array.from({ length: 8 }, (_, i) => ({ seat_id: `S${i}`, blocked_legs: [] }));
    const result = packSeats({ leg_count: 3, seats, demands: [{ key: 'A', first_leg: 1, last_leg: 3, quantity: 3 }, { key: 'B', first_leg: 1, last_leg: 3, quantity: 4 }] });
    expect(result.ok && [...result.placement.entries()]).toEqual([
      ['A', ['S0', 'S1', 'S2']],
      ['B', ['S3', 'S4', 'S5', 'S6']],
    ]);
  });

  it('on three legs, finds a placement exactly when one exists (exhaustive search on small cases)', () => {
    fc.assert(
      fc.property(smallCase({ min: 3, max: 3 }), (input) => {
        const result = packSeats(input);
        expect(result.ok).toBe(exhaustive(input));
        if (result.ok) expect(placementProblem(input, result.placement)).toBeNull();
      }),
      { numRuns: 10000 },
    );
  });

  it('on longer lines, a "yes" always comes with a valid placement and a "no" is never wrong when nothing is fixed', () => {
    fc.assert(
      fc.property(smallCase({ min: 4, max: 5 }), (input) => {
        const result = packSeats(input);
        if (result.ok) expect(placementProblem(input, result.placement)).toBeNull();
        else if (input.seats.every((s) => s.blocked_legs.length === 0)) expect(exhaustive(input)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('without fixed seats, succeeds whenever no leg carries more people than there are seats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(segment(3), fc.integer({ min: 1, max: 12 })), { maxLength: 12 }),
        (seatCount, list) => {
          const seats = Array.from({ length: seatCount }, (_, i) => ({ seat_id: `S${i}`, blocked_legs: [] }));
          const demands = list.map(([s, quantity], i) => ({ key: `B${i}`, ...s, quantity }));
          const load = (leg: number) => demands.filter((d) => d.first_leg <= leg && leg <= d.last_leg).reduce((n, d) => n + d.quantity, 0);
          const fits = [1, 2, 3].every((leg) => load(leg) <= seatCount);
          const result = packSeats({ leg_count: 3, seats, demands });
          expect(result.ok).toBe(fits);
          if (result.ok) expect(placementProblem({ leg_count: 3, seats, demands }, result.placement)).toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('after any sequence of holds and seat tables the rule accepts, every held booking can be seated', () => {
    // The server's rule, modelled: a hold is accepted when the per-leg counters allow it and the
    // movable demands still pack around the fixed seats; sending a seat table fixes a booking's
    // seats where the placement put them, accepted when the rest still packs.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('hold' as const), segment: segment(3), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('fix' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(step, { maxLength: 25 }), (seatCount, steps) => {
        const seatIds = Array.from({ length: seatCount }, (_, i) => `S${i}`);
        let fixed: { key: string; seats: string[]; first_leg: number; last_leg: number }[] = [];
        let movable: PackDemand[] = [];
        const inputOf = (m: PackDemand[], f: typeof fixed): PackInput => ({
          leg_count: 3,
          seats: seatIds.map((id) => ({ seat_id: id, blocked_legs: f.filter((x) => x.seats.includes(id)).flatMap((x) => range(x.first_leg, x.last_leg)) })),
          demands: m,
        });
        const load = (leg: number) => [...movable, ...fixed.map((f) => ({ ...f, quantity: f.seats.length }))].filter((d) => d.first_leg <= leg && leg <= d.last_leg).reduce((n, d) => n + d.quantity, 0);
        steps.forEach((s, i) => {
          if (s.kind === 'hold') {
            const demand = { key: `B${i}`, ...s.segment, quantity: s.quantity };
            const countersAllow = range(demand.first_leg, demand.last_leg).every((leg) => load(leg) + demand.quantity <= seatCount);
            if (countersAllow && packSeats(inputOf([...movable, demand], fixed)).ok) movable = [...movable, demand];
          } else if (s.kind === 'fix' && movable.length > 0) {
            const placed = packSeats(inputOf(movable, fixed));
            if (!placed.ok) throw new Error('an accepted state did not pack');
            const target = movable[s.pick % movable.length]!;
            const next = [...fixed, { key: target.key, seats: placed.placement.get(target.key)!, first_leg: target.first_leg, last_leg: target.last_leg }];
            const rest = movable.filter((m) => m !== target);
            if (packSeats(inputOf(rest, next)).ok) {
              fixed = next;
              movable = rest;
            }
          } else if (s.kind === 'release' && fixed.length + movable.length > 0) {
            const n = s.pick % (fixed.length + movable.length);
            if (n < fixed.length) fixed = fixed.filter((_, j) => j !== n);
            else movable = movable.filter((_, j) => j !== n - fixed.length);
          }
        });
        const input = inputOf(movable, fixed);
        const final = packSeats(input);
        expect(final.ok).toBe(true);
        if (final.ok) expect(placementProblem(input, final.placement)).toBeNull();
      }),
      { numRuns: 1500 },
    );
  });
});
