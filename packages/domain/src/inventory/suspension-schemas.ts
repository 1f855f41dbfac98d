import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '../bookings/booking-state.ts';
import { LocalizedLabel } from '../common/language.ts';

/**
 * What a suspension refuses (DESIGN §3, our addition): the live bookings on trains that will
 * not run, listed before the operator confirms a suspension or approves a calendar change.
 */
export const SUSPENSION_REASONS = ['SERVICE_SUSPENSION', 'SERVICEDAY_SUSPENSION'] as const;

export const AffectedBooking = z.object({
  booking_id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  group_name: z.string(),
  agent_name: z.string(),
  agent_name_en: z.string(),
  agent_sub_group_name: z.string(),
  agent_sub_group_name_en: z.string(),
  participant_quantity: z.number().int(),
  service_date: z.iso.date(),
  service_id: z.number().int(),
  service_names: z.array(LocalizedLabel),
  direction: z.enum(['down', 'up']),
  /** The refusal reason the booking will get: the whole day stopped, or its train. */
  reason: z.enum(SUSPENSION_REASONS),
});
export type AffectedBooking = z.infer<typeof AffectedBooking>;

/** GET /v1/services/{service_ids}/affected-bookings?date=: who suspending those trains refuses. */
export const AffectedBookingsQuery = z.object({ date: z.iso.date() });
export const AffectedBookingsResponse = z.object({
  date: z.iso.date(),
  bookings: z.array(AffectedBooking),
});
export type AffectedBookingsResponse = z.infer<typeof AffectedBookingsResponse>;

/** GET /v1/approvals/{id}/affected-bookings (our addition): who applying a calendar change would refuse. */
export const ApprovalAffectedBookingsResponse = z.object({
  approval_id: z.number().int(),
  bookings: z.array(AffectedBooking),
});
export type ApprovalAffectedBookingsResponse = z.infer<typeof ApprovalAffectedBookingsResponse>;
