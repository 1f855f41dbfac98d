import { describe, expect, it } from 'vitest';
import { appliesFrom, policyBodyOf, rowsOf } from './cancellation-policy-rows.ts';

describe('cancellation policy editor rows', () => {
  const policy = [
    { days_before: 0, rate_e6: 1_000_000 },
    { days_before: 7, rate_e6: 200_000 },
    { days_before: 20, rate_e6: 0 },
  ];

  it('shows the rows longest notice first in percent, and sends them back in millionths', () => {
    const rows = rowsOf(policy);
    expect(rows.map((r) => [r.days_before, r.rate_percent])).toEqual([
      [20, 0],
      [7, 20],
      [0, 100],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(policyBodyOf([{ key: 'a', days_before: 3, rate_percent: 12.5 }, { key: 'b', days_before: '', rate_percent: '33.3333' }]).policy).toEqual([
      { days_before: 3, rate_e6: 125_000 },
      { days_before: undefined, rate_e6: 333_333 },
    ]);
  });

  it('says from which day to which each rate applies', () => {
    expect(appliesFrom(policy)).toEqual([
      { days_before: 20, until: 8, rate_e6: 0 },
      { days_before: 7, until: 1, rate_e6: 200_000 },
      { days_before: 0, until: 0, rate_e6: 1_000_000 },
    ]);
  });
});
