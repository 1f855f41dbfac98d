import { z } from 'zod';
import { PagingQuery } from '../common/paging.ts';

/** Categories of the operation log: the API area a mutating call belongs to. */
export const OPERATION_LOG_CATEGORIES = [
  'auth',
  'users',
  'agents',
  'bookings',
  'inventory',
  'timetable',
  'master_data',
  'approvals',
  'payments',
  'notifications',
  'messages',
  'mail',
  'other',
] as const;
export type OperationLogCategory = (typeof OPERATION_LOG_CATEGORIES)[number];

/**
 * Dotted names of the operations the API logs. Screens show them in words; an operation not in
 * this list (a newer server) is shown as its name.
 */
export const OPERATION_NAMES = [
  'auth.login',
  'auth.logout',
  'auth.change_password',
  'auth.totp_setup',
  'auth.totp_confirm',
  'auth.totp_disable',
  'auth.request_password_reset',
  'auth.complete_password_reset',
  'users.create',
  'users.update',
  'users.delete',
  'users.send_password_reset_email',
  'agents.create',
  'agents.update',
  'agents.delete',
  'agents.two_factor',
  'agent_groups.create',
  'agent_groups.update',
  'agent_groups.delete',
  'agent_staffs.create',
  'agent_staffs.update',
  'agent_staffs.delete',
  'agent_staffs.send_password_reset_email',
  'agent_staffs.unenroll_totp',
  'api_keys.create',
  'api_keys.revoke',
  'notifications.delete',
  'notifications.read',
  'notifications.read_all',
  'bookings.submit',
  'bookings.reserve_allotments',
  /** reserve_allotments and confirm_booking in one call (POST /reserve). */
  'bookings.reserve',
  /** A bulk file uploaded (each of its lines is logged as its own step, as the uploader). */
  'bookings.bulk_reserve_allotments',
  'bookings.bulk_confirm_booking',
  'bookings.release_allotments',
  'bookings.confirm_booking',
  'bookings.refuse_booking',
  'bookings.select_priority',
  'bookings.promote_waitlist',
  'bookings.assign_operator',
  'bookings.add_special_note',
  'bookings.update_from_to_station',
  'bookings.cancel',
  'bookings.confirm_cancellation',
  'bookings.decline_cancellation',
  'bookings.update_params',
  'bookings.accept_modification',
  'bookings.reject_modification',
  'bookings.assign_seats',
  'bookings.assign_seats_ok',
  'bookings.assign_seats_ng',
  'bookings.release_seats',
  'bookings.send_seat_table',
  'bookings.confirm_voucher',
  'bookings.send_voucher',
  'bookings.resend_documents',
  'bookings.change_seat',
  'bookings.add_note',
  /** The agent asks the operator to assign seats (our addition). */
  'bookings.request_seat_assignment',
  'bookings.update_note',
  'inventory.adjust_arrangements',
  'services.set_status',
  'arrangements.create_pattern',
  'arrangements.update_pattern',
  'arrangements.delete_pattern',
  'arrangements.submit_application_term',
  'arrangements.submit_application_term_change',
  'approvals.approve',
  'approvals.reject',
  /** An approved change applied by the background job (logged when it refuses bookings). */
  'approvals.apply',
  'service_terms.create',
  'services.create',
  'services.update',
  'services.delete',
  'pattern_calendar.update',
  'special_days.update',
  'pricing_plans.create',
  'pricing_plans.update',
  'pricing_plans.delete',
  'free_count_plans.create',
  'free_count_plans.update',
  'free_count_plans.delete',
  'products.create',
  'products.update',
  'group_schedules.create',
  'group_schedules.update',
  'operator_basic_info.update_logo',
  'operator_basic_info.remove_logo',
  'operator_basic_info.update_stamp',
  'operator_basic_info.remove_stamp',
  'special_contract_terms.create',
  'special_contract_terms.update',
  'special_contract_terms.delete',
  'operator_basic_info.update',
  'bank_accounts.create',
  'bank_accounts.update',
  'cancellation_policy.update',
  'units.create',
  'payments.start_card_payment',
  'payments.report_coupon',
  'payments.correct_coupon_number',
  'payments.record_bank_transfer',
  'payments.refund',
  'payments.record_refund_paid',
  'bookings.adjust_amount',
  'bookings.set_cancel_payment_finished',
  'settlements.bill',
  'settlements.run',
  'settlements.confirm_payment',
  'inventory.release_group_allotments',
  'payments.remind',
  'payments.mark_overdue',
  'bookings.remind_answer_due',
  'jobs.run',
  /** An online backup downloaded (POST /v1/system/backups). */
  'system.create_backup',
  'messages.create',
  'messages.update',
  'messages.delete',
  'messages.reorder',
  'messages.add_attachment',
  'messages.delete_attachment',
  'invoices.issue',
  /** The OCTO supplier API (ADR 039): a reseller's reservation, its change, extension, confirmation and cancellation, and a hold that ran out. */
  'octo.reserve',
  'octo.update',
  'octo.extend',
  'octo.confirm',
  'octo.cancel',
  'octo.expire_hold',
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

export function isOperationName(value: string): value is OperationName {
  return (OPERATION_NAMES as readonly string[]).includes(value);
}

const DateString = z.iso.date();

export const SearchOperationLogsBody = PagingQuery.extend({
  from_date: DateString.optional(),
  to_date: DateString.optional(),
  operator: z.string().trim().max(254).optional(),
  category: z.enum(OPERATION_LOG_CATEGORIES).optional(),
}).refine((v) => !v.from_date || !v.to_date || v.from_date <= v.to_date, {
  message: 'end date must be after start date',
  path: ['to_date'],
});
export type SearchOperationLogsBody = z.infer<typeof SearchOperationLogsBody>;

export const OperationLogRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  category: z.string(),
  operator: z.string(),
  operation: z.string(),
  booking_id: z.string().nullable(),
  is_error: z.boolean(),
  status_code: z.number().int(),
  request_json: z.unknown(),
  response_json: z.unknown(),
});
export type OperationLogRow = z.infer<typeof OperationLogRow>;

export const OperationLogListResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  operation_logs: z.array(OperationLogRow),
});
export type OperationLogListResponse = z.infer<typeof OperationLogListResponse>;
