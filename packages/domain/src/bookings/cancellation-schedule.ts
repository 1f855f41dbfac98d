/**
 * A booking's cancellation policy as its document states it (spec 001 §7.7 "cancellation-policy
 * document"): each row of the policy in force for the booking turned into the days a cancellation
 * made on them costs that rate, and the fee in yen it would be for the booking as it stands. The
 * fee of each row is quoteCancellation's own, so the document and the cancel page never differ.
 */
import { z } from 'zod';
import { addDays, daysBetween } from '../common/business-date.ts';
import { BOOKING_STATUSES } from './booking-state.ts';
import { quoteCancellation, rateInForce, type CancellationPolicyRow } from './cancellation.ts';

const DateString = z.iso.date();

export const CancellationScheduleRow = z.object({
  days_before: z.number().int().min(0),
  rate_e6: z.number().int().min(0),
  /** A cancellation made from this day to `to_date` (both included) costs this rate. */
  from_date: DateString,
  /** The last day it applies; the row nearest the service date applies on it and after it. */
  to_date: DateString,
  /** The fee for the booking as it stands (e6, rounded up to 10 yen). */
  fee_amount: z.number().int().min(0),
});
export type CancellationScheduleRow = z.infer<typeof CancellationScheduleRow>;

/** GET /v1/bookings/{booking_id}/cancellation_policy: the policy document of one booking. */
export const BookingCancellationPolicyResponse = z.object({
  booking_id: z.string(),
  group_name: z.string(),
  agent_name: z.string(),
  agent_name_en: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The first service date: the day the days before are counted to. */
  service_date: DateString,
  /** The amount the rates apply to (the booking's fare total, e6). */
  total_amount: z.number().int(),
  /** true: the policy was fixed when the booking was confirmed; false: the one in force now, fixed when it is confirmed. */
  frozen: z.boolean(),
  /** The agent is not asked to agree to the policy (the fees apply all the same). */
  ignore_cancellation_policy: z.boolean(),
  /** Cancelling up to this day costs nothing; null when every day has a rate. */
  free_until: DateString.nullable(),
  /** Longest notice first. */
  rows: z.array(CancellationScheduleRow),
  /** Today (Tokyo) and the row in force today (null: no fee today). */
  today: DateString,
  in_force_days_before: z.number().int().nullable(),
  /** The fee quoted when a cancellation was asked for or started (the one charged), else null. */
  cancellation_fee: z.number().int().nullable(),
});
export type BookingCancellationPolicyResponse = z.infer<typeof BookingCancellationPolicyResponse>;

/** The policy's rows as days and fees for a booking of `totalAmountE6` whose first train runs on `serviceDate`. */
export function cancellationSchedule(policy: readonly CancellationPolicyRow[], serviceDate: string, totalAmountE6: number): { free_until: string | null; rows: CancellationScheduleRow[] } {
  const rows = [...policy].sort((a, b) => b.days_before - a.days_before);
  const longest = rows[0];
  return {
    free_until: longest ? addDays(serviceDate, -longest.days_before - 1) : null,
    rows: rows.map((row, i) => {
      const nearer = rows[i + 1];
      const from_date = addDays(serviceDate, -row.days_before);
      const fee = quoteCancellation({ policy, totalAmountE6, serviceDate, today: from_date, confirmed: true });
      return {
        days_before: row.days_before,
        rate_e6: row.rate_e6,
        from_date,
        to_date: nearer ? addDays(serviceDate, -nearer.days_before - 1) : serviceDate,
        fee_amount: fee.cancellation_fee,
      };
    }),
  };
}

/** The row in force on `today` (null: cancelling today costs nothing). */
export function rowInForce(policy: readonly CancellationPolicyRow[], serviceDate: string, today: string): number | null {
  return rateInForce(policy, Math.max(0, daysBetween(today, serviceDate)))?.days_before ?? null;
}
