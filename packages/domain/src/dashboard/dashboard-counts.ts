/**
 * What the operator's dashboard counts, and the booking-list filter behind each count (DESIGN §10
 * "Dashboards"): defined once, so the server counts exactly what the link opens. No zod here: the
 * dashboard screen reads these without loading the wire schemas.
 */
import type { BookingStatus } from '../bookings/booking-state.ts';

/** The counts of the operator's dashboard, in the order it shows them. */
export const DASHBOARD_COUNT_KEYS = [
  'new_requests',
  'changes_waiting',
  'cancellations_waiting',
  'approvals_waiting',
  'payments_overdue',
  'waitlisted',
  'waitlist_promotions',
] as const;
export type DashboardCountKey = (typeof DASHBOARD_COUNT_KEYS)[number];

/**
 * The booking-list filter behind each booking count. `upcoming`: only bookings riding a train
 * from today on (a request or a promotion matters until its train has left); the list then opens
 * nearest train first, the order they are to be answered in. Every date otherwise.
 */
export interface DashboardBookingFilter {
  status?: readonly BookingStatus[];
  overdue?: true;
  admin_notification_msg?: 'WAITLIST_PROMOTED';
  upcoming?: true;
}

export const DASHBOARD_BOOKING_FILTERS: Record<Exclude<DashboardCountKey, 'approvals_waiting'>, DashboardBookingFilter> = {
  // A new request the operator has not answered (reserve, confirm or refuse) whose train has not left.
  new_requests: { status: ['SUBMITTED'], upcoming: true },
  // An agent's change to a confirmed booking waiting for accept/reject.
  changes_waiting: { status: ['MODIFICATION_SUBMITTED'] },
  // An agent's cancellation request waiting for the operator's confirm_cancellation.
  cancellations_waiting: { status: ['CANCELLATION_SUBMITTED'] },
  // The fare or a discrepancy waiting for money past its due date (the payments list's filter).
  payments_overdue: { overdue: true },
  // Requests queued on the waitlist (answered when capacity frees).
  waitlisted: { status: ['WAITLIST'] },
  // Bookings the waitlist promotion moved on, whose train has not left yet.
  waitlist_promotions: { admin_notification_msg: 'WAITLIST_PROMOTED', upcoming: true },
};

/** Approvals waiting for a decision (status SUBMITTED) on the approvals screen. */
export const DASHBOARD_APPROVAL_STATUS = 'SUBMITTED' as const;
