/**
 * A payment's due date, the one place it is derived (money-terms.ts "Due date"):
 *
 * - A card (prepaid) fare (DESIGN §6 "Payment method by agent type"): the group schedule puts it
 *   `payment_day_before` days before the first train; a booking confirmed later than that would
 *   be overdue the moment it is confirmed, so the agent always gets a few days to pay, but never
 *   past the day of the train itself (fareDueDate).
 * - A card cancellation fee left to pay: a week after the cancellation (cancellationFeeDueDate).
 * - A monthly agent's payments: the due date of the monthly invoice that bills them
 *   (settlements/billing-period.ts settlementDueDate, re-exported here).
 * - Coupon and other payments have none.
 */
import { addDays } from '../common/business-date.ts';

export { settlementDueDate } from '../settlements/billing-period.ts';

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

/** Days after the cancellation by which a cancellation fee left to pay by card is due (the service date may be past). */
export const CANCELLATION_FEE_DUE_DAYS = 7;

/** A card cancellation fee's due date (yyyy-MM-dd): CANCELLATION_FEE_DUE_DAYS after `cancelledOn`, the business date of the cancellation. */
export function cancellationFeeDueDate(cancelledOn: string): string {
  return addDays(cancelledOn, CANCELLATION_FEE_DUE_DAYS);
}
