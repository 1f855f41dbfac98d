/**
 * The cancellation fee (DESIGN §6): the policy is a list of (days_before, rate_e6); the rate in
 * force is the one whose days_before is the smallest value ≥ the days left before the service
 * date (none: no fee). The fee is rounded up to a multiple of 10 yen. Amounts are on the
 * millionth scale (price_e6).
 */
import { daysBetween } from '../common/business-date.ts';
import { FULL_RATE_E6, rateOfUp, roundUpToTenYen } from '../money/yen-e6.ts';

export interface CancellationPolicyRow {
  days_before: number;
  rate_e6: number;
}

export interface CancellationQuote {
  /** Whole days from the cancellation day to the first service date (0 on the day, negative after). */
  days_left: number;
  /** The policy row in force, or null when cancelling earlier than every row. */
  days_before: number | null;
  rate_e6: number;
  total_amount: number;
  cancellation_fee: number;
}

/** The default policy the demo and a fresh installation start with (editable master data). */
export const DEFAULT_CANCELLATION_POLICY: readonly CancellationPolicyRow[] = [
  { days_before: 20, rate_e6: 0 },
  { days_before: 7, rate_e6: 200_000 },
  { days_before: 2, rate_e6: 300_000 },
  { days_before: 1, rate_e6: 500_000 },
  { days_before: 0, rate_e6: FULL_RATE_E6 },
];

/** The policy row in force `daysLeft` days before the service date. */
export function rateInForce(policy: readonly CancellationPolicyRow[], daysLeft: number): CancellationPolicyRow | null {
  let best: CancellationPolicyRow | null = null;
  for (const row of policy) {
    if (row.days_before >= daysLeft && (best === null || row.days_before < best.days_before)) best = row;
  }
  return best;
}

/**
 * The fee for cancelling on `today` a booking of `totalAmountE6` whose first train runs on
 * `serviceDate`. A booking that was never confirmed owes nothing (`confirmed` false).
 */
export function quoteCancellation(input: {
  policy: readonly CancellationPolicyRow[];
  totalAmountE6: number;
  serviceDate: string;
  today: string;
  confirmed: boolean;
}): CancellationQuote {
  const daysLeft = daysBetween(input.today, input.serviceDate);
  const row = input.confirmed ? rateInForce(input.policy, Math.max(daysLeft, 0)) : null;
  const rate = row?.rate_e6 ?? 0;
  const fee = rate === 0 ? 0 : roundUpToTenYen(rateOfUp(input.totalAmountE6, rate));
  return { days_left: daysLeft, days_before: row?.days_before ?? null, rate_e6: rate, total_amount: input.totalAmountE6, cancellation_fee: fee };
}
