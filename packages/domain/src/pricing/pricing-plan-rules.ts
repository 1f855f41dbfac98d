import type { PricedUnit } from '../bookings/pricing.ts';

/** What is wrong with a plan's unit list, for its segment: every unit named by id. */
export interface PlanUnitProblems {
  unknown: number[];
  otherSegment: number[];
  free: number[];
  missing: number[];
}

/**
 * A plan prices every non-FREE unit of its segment and nothing else: FREE units are calculated
 * from the free count plan and never priced (spec 001 §9.4).
 */
export function planUnitProblems(units: readonly PricedUnit[], segment: string, pricedUnitIds: readonly number[]): PlanUnitProblems | null {
  const byId = new Map(units.map((u) => [u.id, u]));
  const priced = new Set(pricedUnitIds);
  const problems: PlanUnitProblems = { unknown: [], otherSegment: [], free: [], missing: [] };
  for (const id of priced) {
    const unit = byId.get(id);
    if (!unit) problems.unknown.push(id);
    else if (unit.segment !== segment) problems.otherSegment.push(id);
    else if (unit.auto_calculated) problems.free.push(id);
  }
  for (const unit of units) {
    if (unit.segment === segment && !unit.auto_calculated && !priced.has(unit.id)) problems.missing.push(unit.id);
  }
  const any = Object.values(problems).some((ids) => ids.length > 0);
  return any ? problems : null;
}

/** The units a plan of `segment` must price, in display order. */
export function priceableUnits<U extends PricedUnit & { display_order: number }>(units: readonly U[], segment: string): U[] {
  return units.filter((u) => u.segment === segment && !u.auto_calculated).sort((a, b) => a.display_order - b.display_order || a.id - b.id);
}

/** Inclusive yyyy-MM-dd ranges that share at least one day. */
export function dateRangesOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}
