/**
 * The lists over bookings (spec 001 §7.2): the service-order list's query and rows, the payments
 * search, and the notifications inbox. Re-exported by booking-schemas.ts.
 */
import { z } from 'zod';
import { BOOKING_CHANNELS, InstantConfirmationRuleRef } from '../master-data/instant-confirmation-rule-schemas.ts';
import { LocalizedLabel } from '../common/language.ts';
import { PagingQuery } from '../common/paging.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from './booking-state.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments/payment-state.ts';
import { PaymentDetail } from '../payments/payment-schemas.ts';
import { ChangeSummary } from './change-summary-schema.ts';
import { GROUP_TYPES, NOTIFICATION_KINDS, SERVICE_ORDER_SORTS, SORT_ORDERS } from './booking-constants.ts';

const DateString = z.iso.date();
const Id = z.coerce.number().int().positive();

/** The booking list's sort keys (an extension: spec 001 lists no sort parameter). */

export const ServiceOrderSearchQuery = PagingQuery.extend({
  submitted_at_from: DateString.optional(),
  submitted_at_to: DateString.optional(),
  service_date_from: DateString.optional(),
  service_date_to: DateString.optional(),
  booking_id: z.string().max(20).optional(),
  agent_id: Id.optional(),
  agent_sub_group_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.coerce.number().int().positive()).max(100)).optional(),
  group_types: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(GROUP_TYPES))).optional(),
  group_name: z.string().trim().max(200).optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(BOOKING_STATUSES))).optional(),
  sub_status: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(BOOKING_SUB_STATUSES))).optional(),
  admin_notification_msg: z.string().max(100).optional(),
  agent_notification_msg: z.string().max(100).optional(),
  country_code: z.string().max(10).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  payment_type: z.string().max(20).optional(),
  /** true: only bookings whose fare or discrepancy is waiting for money past its due date (false or absent: no filter). */
  overdue: z.stringbool({ truthy: ['true'], falsy: ['false'] }).optional(),
  /**
   * Sort key of the service-order search (absent: submitted_at, newest first). service_date is the booking's first
   * train within the service-date filter; ties go by booking number. The payments search ignores it.
   */
  sort: z.enum(SERVICE_ORDER_SORTS).optional().meta({
    description:
      'Extension (spec 001 lists no sort): service_date (the booking\'s first train within the service-date filter), submitted_at, booking_id, group_name or status (in lifecycle order); ties by booking number. Absent: submitted_at, newest first.',
  }),
  /** asc or desc (absent: desc for submitted_at, asc otherwise). */
  order: z.enum(SORT_ORDERS).optional().meta({ description: 'Extension: asc or desc. Absent: desc for submitted_at, asc for the other keys.' }),
});
export type ServiceOrderSearchQuery = z.infer<typeof ServiceOrderSearchQuery>;

/** A notification on a service-order list row: what the inbox says about the booking. */
export const ServiceOrderNotification = z.object({
  notification_id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  category: z.enum(['booking', 'payment']),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type ServiceOrderNotification = z.infer<typeof ServiceOrderNotification>;

export const ServiceOrderRow = z.object({
  id: z.number().int(),
  booking_id: z.string(),
  submitted_at: z.string(),
  service_date: DateString,
  service_id: z.number().int(),
  service_name: z.array(LocalizedLabel),
  direction: z.enum(DIRECTIONS),
  from_station_id: z.number().int(),
  to_station_id: z.number().int(),
  /** HH:mm the train leaves the group's boarding station (null when the timetable has no time there). */
  departure_time: z.string().nullable(),
  group_type: z.enum(GROUP_TYPES),
  group_name: z.string(),
  agent: z.object({ agent_id: z.number().int(), name: z.string(), name_en: z.string(), agent_type: z.string() }),
  agent_sub_group_name: z.string(),
  agent_sub_group_name_en: z.string(),
  participant_quantity: z.number().int(),
  operator_name: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  /** How the request came in, and the operator's rule that confirmed it instantly (null: none; ADR 037). */
  channel: z.enum(BOOKING_CHANNELS),
  instant_confirmation_rule: InstantConfirmationRuleRef.nullable(),
  caution: z.string(),
  /**
   * The booking's notifications in the caller's inbox (the back office's, the agent's or the
   * branch's) not deleted, newest first, with their read state; empty for callers without an inbox.
   */
  notifications: z.array(ServiceOrderNotification),
  payment_info: z.object({ status: z.enum(PAYMENT_STATUSES), payment_method: z.enum(PAYMENT_METHODS), total_amount: z.number().int() }).nullable(),
  is_round_trip: z.boolean(),
});
export type ServiceOrderRow = z.infer<typeof ServiceOrderRow>;
export const ServiceOrderSearchResponse = z.object({
  total: z.number().int(),
  /** True when more rows match than the list counts exactly (total is then the cap). */
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  service_orders: z.array(ServiceOrderRow),
});

export const PaymentSearchRow = z.object({
  booking_id: z.string(),
  submitted_at: z.string(),
  service_date: DateString,
  group_name: z.string(),
  agent: z.object({ agent_id: z.number().int(), name: z.string(), name_en: z.string(), agent_type: z.string() }),
  agent_sub_group_name: z.string(),
  agent_sub_group_name_en: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment: PaymentDetail.nullable(),
});
export const PaymentSearchResponse = z.object({
  total: z.number().int(),
  /** True when more rows match than the list counts exactly (total is then the cap). */
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  payments: z.array(PaymentSearchRow),
});


export const NotificationListQuery = PagingQuery.extend({
  agent_sub_group_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.coerce.number().int().positive()).max(100)).optional(),
  /** true: only the unread ones (false or absent: all). */
  unread: z.stringbool({ truthy: ['true'], falsy: ['false'] }).optional(),
});
export const NOTIFICATION_CATEGORIES = ['booking', 'payment'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Unread notifications of the caller's inbox (the back office's, the agent's or the branch's), per category. */
export const NotificationUnreadCountResponse = z.object({ booking: z.number().int(), payment: z.number().int(), total: z.number().int() });
export type NotificationUnreadCountResponse = z.infer<typeof NotificationUnreadCountResponse>;
/** POST /v1/notifications/read-all: every unread notification of the caller's inbox, or of one category. */
export const NotificationReadAllBody = z.object({ category: z.enum(NOTIFICATION_CATEGORIES).optional() }).strict();
export const NotificationReadAllResponse = z.object({ marked: z.number().int() });
export const NotificationReadResponse = z.object({ notification_id: z.number().int(), is_read: z.literal(true), read_at: z.string() });
export const NotificationRow = z.object({
  notification_id: z.number().int(),
  kind: z.string(),
  category: z.enum(['booking', 'payment']),
  booking_id: z.string().nullable(),
  group_name: z.string().nullable(),
  agent_name: z.string().nullable(),
  /** Empty when the agent has no English name (or the notification names no agent). */
  agent_name_en: z.string(),
  agent_sub_group_name: z.string().nullable(),
  agent_sub_group_name_en: z.string(),
  /** What the notification is about, when it says more than its kind: the change asked for (MODIFICATION), the reason given (MODIFICATION_REFUSED) or the agent's message (SEAT_ASSIGNMENT_REQUEST). */
  detail: z.object({ change_summary: ChangeSummary.optional(), reason: z.string().optional(), message: z.string().optional() }).nullable(),
  created_at: z.string(),
  /** Read by someone of the inbox it belongs to (one shared read state per inbox). */
  is_read: z.boolean(),
  read_at: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof NotificationRow>;
export const NotificationListResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  notifications: z.array(NotificationRow),
});
