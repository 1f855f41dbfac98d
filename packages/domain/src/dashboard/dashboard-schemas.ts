/**
 * The dashboards (DESIGN §10 "Dashboards"): what needs doing today in the back office, and the
 * trains of a day with their groups for the back office and station staff. Each count is defined
 * here once as the booking-list filter that shows it, so the server counts exactly what the link
 * opens.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, type BookingStatus } from '../bookings/booking-state.ts';
import { DASHBOARD_COUNT_KEYS, type DashboardCountKey } from './dashboard-counts.ts';
import { LocalizedLabel } from '../common/language.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';

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

