import { z } from 'zod';
import { FULL_RATE_E6 } from '../money/yen-e6.ts';

/**
 * The cancellation policy (spec 001 §9.3, §9.7; DESIGN §6): rows of (days_before, rate_e6). The
 * rate in force is the row with the smallest days_before at or above the days left; the policy
 * in force when a booking is confirmed is frozen on it, so a change applies to bookings
 * confirmed afterwards. The back office replaces the whole list at once.
 */

export const DAYS_BEFORE_UNIQUE_MESSAGE = 'each number of days may appear only once';

/** Up to a year before the service date, like the group schedules' day counts. */
export const MAX_POLICY_DAYS_BEFORE = 365;
export const MAX_POLICY_ROWS = 30;

export const CancellationPolicyRowBody = z.object({
  days_before: z.number('enter a number of days').int('enter a whole number of days').min(0, 'enter 0 or more days').max(MAX_POLICY_DAYS_BEFORE, `enter at most ${MAX_POLICY_DAYS_BEFORE} days`),
  rate_e6: z.number('enter a rate').int('enter the rate in millionths').min(0, 'enter a rate of 0% or more').max(FULL_RATE_E6, 'enter a rate of at most 100%'),
});
export type CancellationPolicyRowBody = z.infer<typeof CancellationPolicyRowBody>;

/** The index of the first row whose days_before an earlier row already has, else -1. */
export function repeatedDaysBefore(rows: readonly { days_before: number }[]): number {
  const seen = new Set<number>();
  for (const [i, row] of rows.entries()) {
    if (seen.has(row.days_before)) return i;
    seen.add(row.days_before);
  }
  return -1;
}

/** PUT /v1/master-data/cancellation-policy: the whole policy, at least one row. */
export const CancellationPolicyBody = z
  .object({
    policy: z.array(CancellationPolicyRowBody).min(1, 'keep at least one row (0% charges nothing)').max(MAX_POLICY_ROWS),
  })
  .superRefine((v, ctx) => {
    const i = repeatedDaysBefore(v.policy);
    if (i >= 0) ctx.addIssue({ code: 'custom', message: DAYS_BEFORE_UNIQUE_MESSAGE, path: ['policy', i, 'days_before'] });
  });
export type CancellationPolicyBody = z.infer<typeof CancellationPolicyBody>;

/** The policy, shortest notice first; `updated_at` is the last change (null before any). */
export const CancellationPolicyResponse = z.object({
  policy: z.array(CancellationPolicyRowBody),
  updated_at: z.string().nullable(),
});
export type CancellationPolicyResponse = z.infer<typeof CancellationPolicyResponse>;
