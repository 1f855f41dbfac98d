import type { CancellationPolicyRowBody } from '@sagano/domain/master-data/cancellation-policy-schemas';
import { percentOfRate } from '@sagano/domain/money/yen-e6';

/** One row of the editor as typed: numbers, or the empty text of a field not filled yet. */
export interface PolicyRowValues {
  key: string;
  days_before: number | string;
  rate_percent: number | string;
}

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

/** The saved rows, longest notice first (as the policy reads: 20 days before, 7 days before, …). */
export function rowsOf(policy: readonly CancellationPolicyRowBody[]): PolicyRowValues[] {
  return [...policy].sort((a, b) => b.days_before - a.days_before).map((r) => ({ key: newRowKey(), days_before: r.days_before, rate_percent: percentOfRate(r.rate_e6) }));
}

const numberOf = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));

/** The body the server takes; a percent becomes millionths (12.5% → 125000), exactly for up to 4 decimals. */
export function policyBodyOf(rows: readonly PolicyRowValues[]): { policy: Partial<CancellationPolicyRowBody>[] } {
  return {
    policy: rows.map((r) => {
      const percent = numberOf(r.rate_percent);
      return { days_before: numberOf(r.days_before), rate_e6: percent === undefined ? undefined : Math.round(percent * 10_000) };
    }),
  };
}

/**
 * When each row applies, for the list beside the editor: the days before the service date from
 * its own days_before down to just above the next shorter notice. Rows longest notice first.
 */
export function appliesFrom(policy: readonly CancellationPolicyRowBody[]): { days_before: number; until: number; rate_e6: number }[] {
  const sorted = [...policy].sort((a, b) => b.days_before - a.days_before);
  return sorted.map((r, i) => {
    const shorter = sorted[i + 1];
    return { days_before: r.days_before, until: shorter ? shorter.days_before + 1 : 0, rate_e6: r.rate_e6 };
  });
}
