/**
 * The dashboards (DESIGN §10 "Dashboards"): what needs doing today in the back office, and the
 * trains of a day with their groups for the back office and station staff. Each count is defined
 * here once as the booking-list filter that shows it, so the server counts exactly what the link
 * opens.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, type BookingStatus } from '../bookings/booking-state.ts';
import { LocalizedLabel } from '../common/language.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';

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

export const DashboardSummaryResponse = z.object({
  /** Tokyo's today by the server's clock. */
  today: z.iso.date(),
  tomorrow: z.iso.date(),
  counts: z.object(Object.fromEntries(DASHBOARD_COUNT_KEYS.map((k) => [k, z.number().int()])) as Record<DashboardCountKey, z.ZodNumber>),
});
export type DashboardSummaryResponse = z.infer<typeof DashboardSummaryResponse>;

export const DashboardDeparturesQuery = z.object({
  /** yyyy-MM-dd; Tokyo's today when absent. */
  date: z.iso.date().optional(),
});

/** Bookings that ride their trains: confirmed, or confirmed with a change or cancellation still open. */
export const RIDING_STATUSES: readonly BookingStatus[] = ['RESERVED', 'MODIFIED', 'NOT_MODIFIED', 'MODIFICATION_SUBMITTED', 'CANCELLATION_SUBMITTED', 'CANCELLATION_PENDING'];

export const DepartureGroup = z.object({
  booking_id: z.string(),
  group_name: z.string(),
  agent_name: z.string(),
  agent_name_en: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  from_station_id: z.number().int(),
  to_station_id: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  participants: z.number().int(),
  wheelchairs: z.number().int(),
  /** Wheelchairs that need the boarding slope. */
  wheelchair_slopes: z.number().int(),
  /** Whether the caller may download the seat table now (mayShowSeatTable). */
  can_show_seat_table: z.boolean(),
});
export type DepartureGroup = z.infer<typeof DepartureGroup>;

export const DepartureTrain = z.object({
  service_id: z.number().int(),
  service_name: z.array(LocalizedLabel),
  direction: z.enum(DIRECTIONS),
  /** HH:mm at the train's first station, when the diagram has it. */
  departure_time: z.string().nullable(),
  groups: z.array(DepartureGroup),
  adults: z.number().int(),
  children: z.number().int(),
  participants: z.number().int(),
  wheelchairs: z.number().int(),
});
export type DepartureTrain = z.infer<typeof DepartureTrain>;

export const DashboardDeparturesResponse = z.object({
  date: z.iso.date(),
  trains: z.array(DepartureTrain),
});
export type DashboardDeparturesResponse = z.infer<typeof DashboardDeparturesResponse>;

