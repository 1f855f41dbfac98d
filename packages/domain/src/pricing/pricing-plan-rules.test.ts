import { describe, expect, it } from 'vitest';
import type { PricedUnit } from '../bookings/pricing.ts';
import { dateRangesOverlap, planUnitProblems, priceableUnits } from './pricing-plan-rules.ts';

const unit = (id: number, segment: string, annotation: string, display_order = id): PricedUnit & { display_order: number } => ({
  id,
  segment,
  annotation,
  fare_type: 'ADULT',
  count_inclusive: true,
  auto_calculated: annotation === 'FREE',
  display_order,
});
const units = [unit(1, 'NORMAL', 'NORMAL', 2), unit(2, 'NORMAL', 'SUPPORTER', 1), unit(3, 'NORMAL', 'FREE'), unit(4, 'SCHOOL', 'NORMAL')];

describe('planUnitProblems', () => {
  it('accepts exactly the non-FREE units of the segment', () => {
    expect(planUnitProblems(units, 'NORMAL', [1, 2])).toBeNull();
    expect(planUnitProblems(units, 'SCHOOL', [4])).toBeNull();
  });

  it('names missing, FREE, other-segment and unknown units', () => {
    expect(planUnitProblems(units, 'NORMAL', [1, 3, 4, 99])).toEqual({ unknown: [99], otherSegment: [4], free: [3], missing: [2] });
  });
});

describe('priceableUnits', () => {
  it('lists the segment\'s priced units in display order', () => {
    expect(priceableUnits(units, 'NORMAL').map((u) => u.id)).toEqual([2, 1]);
  });
});

describe('dateRangesOverlap', () => {
  it('treats ranges as inclusive', () => {
    expect(dateRangesOverlap({ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-06-30', to: '2026-12-31' })).toBe(true);
    expect(dateRangesOverlap({ from: '2026-01-01', to: '2026-06-29' }, { from: '2026-06-30', to: '2026-12-31' })).toBe(false);
    expect(dateRangesOverlap({ from: '2026-03-01', to: '2026-03-31' }, { from: '2026-01-01', to: '2026-12-31' })).toBe(true);
  });
});
