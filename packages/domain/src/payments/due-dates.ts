/**
 * When a card (prepaid) fare is due (DESIGN §6 "Payment method by agent type"). The group
 * schedule puts it `payment_day_before` days before the first train; a booking confirmed later
 * than that would be overdue the moment it is confirmed, so the agent always gets a few days to
 * pay, but never past the day of the train itself.
 */
import { addDays } from '../common/business-date.ts';

/** Days an agent has at least to pay a card fare after the booking is confirmed (capped by the train's day). */
export const FARE_MIN_DAYS_TO_PAY = 3;

export interface FareDueDateInput {
  /** The booking's first service date (yyyy-MM-dd). */
  firstServiceDate: string;
  /** The group schedule's payment_day_before for that date (or the default where none covers it). */
  paymentDayBefore: number;
  /** The business date the booking is confirmed on (the Clock's today, yyyy-MM-dd). */
  confirmedOn: string;
}

/**
 * The card fare's due date (yyyy-MM-dd): the schedule's date (first service date −
 * paymentDayBefore) when that leaves FARE_MIN_DAYS_TO_PAY days after confirmation, else
 * confirmation + FARE_MIN_DAYS_TO_PAY, and never after the first service date. A booking confirmed
 * on or after its first service date (a late back-office answer) is due the day it is confirmed:
 * payable at once, never overdue on the day it is opened.
 */
export function fareDueDate({ firstServiceDate, paymentDayBefore, confirmedOn }: FareDueDateInput): string {
  if (firstServiceDate <= confirmedOn) return confirmedOn;
  const scheduled = addDays(firstServiceDate, -paymentDayBefore);
  const earliest = addDays(confirmedOn, FARE_MIN_DAYS_TO_PAY);
  const due = scheduled > earliest ? scheduled : earliest;
  return due < firstServiceDate ? due : firstServiceDate;
}
