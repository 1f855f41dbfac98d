/**
 * The booking's plain lists and limits, without zod: the screens that only show or count them
 * (the booking list, a booking's notes, the notifications) load nothing more. booking-schemas.ts
 * builds its validation on them and re-exports them.
 */
export { PAYMENT_STATUSES } from '../payments/payment-state.ts';

/** The longest group name, booking note and special note (characters). */
export const MAX_GROUP_NAME = 200;
export const MAX_BOOKING_NOTE = 4000;
export const MAX_SPECIAL_NOTE = 2000;
/** The group name's reading (kana) and the request's own note, as the applicant types them. */
export const MAX_GROUP_NAME_KANA = 200;
export const MAX_REQUEST_NOTE = 2000;
/** What the agent may add when asking for seats (request_seat_assignment). */
export const MAX_SEAT_REQUEST_MESSAGE = MAX_REQUEST_NOTE;
/** The reason given when a change is declined. */
export const MAX_MODIFICATION_DECLINE_REASON = 500;

export const GROUP_TYPES = ['NORMAL', 'SCHOOL'] as const;
export const HISTORY_TYPES = ['CREATE', 'UPDATE', 'CANCEL'] as const;
export const MAIL_TEMPLATES = ['booking_ok', 'booking_ng', 'seat_table', 'voucher'] as const;

export const SERVICE_ORDER_SORTS = ['service_date', 'submitted_at', 'booking_id', 'group_name', 'status'] as const;
export type ServiceOrderSort = (typeof SERVICE_ORDER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The order a sort takes when none is asked: newest first for the submission time, otherwise ascending. */
export const defaultSortOrder = (sort: ServiceOrderSort): SortOrder => (sort === 'submitted_at' ? 'desc' : 'asc');

export const NOTIFICATION_KINDS = [
  'BOOKING_RECEIVED',
  'MODIFICATION',
  'CANCELLATION',
  'INVOICE_REQUEST',
  'PAYMENT_REQUEST',
  'SEAT_ASSIGNMENT_REQUEST',
  'COUPON',
  'NOTE_UPDATED',
  'PAYMENT_RECEIVED',
  'TOUR_CONDUCTOR_NOT_REGISTERED',
  'WAITLIST_OFFER',
  'BOOKING_CONFIRMED',
  'BOOKING_REFUSED',
  'CANCELLATION_CONFIRMED',
  'CANCELLATION_FEE_QUOTED',
  /** Our additions: the operator declined the agent's cancellation request; the agent declined the fee the operator quoted. */
  'CANCELLATION_DECLINED',
  'CANCELLATION_FEE_DECLINED',
  'MODIFICATION_CONFIRMED',
  'MODIFICATION_REFUSED',
  /** Our addition: the group moved its seats on its own page. */
  'SEATS_CHANGED_BY_GROUP',
  /** Our addition: staff moved the group's unsent seats to seat another group on the train. */
  'SEATS_REARRANGED',
  /** Our additions for work that runs on time (issue 18, DESIGN §7). */
  'PAYMENT_REMINDER',
  'PAYMENT_OVERDUE',
  'WAITLIST_PROMOTED',
  'ALLOTMENT_RELEASED',
  'UNANSWERED_BEFORE_RELEASE',
  'ANSWER_DUE',
  'BULK_FINISHED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The admin notification kinds spec 000 §4 lists; each is left by the call that causes it (admin-notification-kinds.test.ts). */
export const ADMIN_NOTIFICATION_KINDS = [
  'BOOKING_RECEIVED',
  'MODIFICATION',
  'CANCELLATION',
  'INVOICE_REQUEST',
  'PAYMENT_REQUEST',
  'SEAT_ASSIGNMENT_REQUEST',
  'COUPON',
  'NOTE_UPDATED',
  'PAYMENT_RECEIVED',
  'TOUR_CONDUCTOR_NOT_REGISTERED',
] as const satisfies readonly NotificationKind[];
