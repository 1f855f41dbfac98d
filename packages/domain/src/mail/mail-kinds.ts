/**
 * Every kind of mail the product sends, in one list: the outbox's `kind` column takes these values,
 * the mail templates screen lists them (what each is, who receives it, when), and the outbox screen
 * labels each with its name. A new mail adds its kind here first.
 */
export const MAIL_KINDS = [
  'account.invitation',
  'account.password_reset',
  'booking.ok',
  'booking.ng',
  'booking.seat_table',
  'booking.voucher',
  /** The operator approved the agent's change request / declined it with a reason / changed the booking itself: each with the change side by side. */
  'booking.change_approved',
  'booking.change_declined',
  'booking.changed',
  'booking.seat_table_reissued',
  'booking.voucher_reissued',
  'CANCELLATION_SETTLED',
  'CANCELLATION_DECLINED',
  'PAYMENT_RECEIVED',
  'PAYMENT_REFUNDED',
  'PAYMENT_REMINDER',
  'MONTHLY_INVOICE',
  'BULK_FINISHED',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Who receives a kind of mail. */
export type MailRecipient = 'AGENT_APPLICANT' | 'AGENT_ADMIN' | 'ACCOUNT_HOLDER' | 'OPERATOR_STAFF';

export const MAIL_KIND_RECIPIENTS: Record<MailKind, MailRecipient> = {
  'account.invitation': 'ACCOUNT_HOLDER',
  'account.password_reset': 'ACCOUNT_HOLDER',
  'booking.ok': 'AGENT_APPLICANT',
  'booking.ng': 'AGENT_APPLICANT',
  'booking.seat_table': 'AGENT_APPLICANT',
  'booking.voucher': 'AGENT_APPLICANT',
  'booking.change_approved': 'AGENT_APPLICANT',
  'booking.change_declined': 'AGENT_APPLICANT',
  'booking.changed': 'AGENT_APPLICANT',
  'booking.seat_table_reissued': 'AGENT_APPLICANT',
  'booking.voucher_reissued': 'AGENT_APPLICANT',
  CANCELLATION_SETTLED: 'AGENT_APPLICANT',
  CANCELLATION_DECLINED: 'AGENT_APPLICANT',
  PAYMENT_RECEIVED: 'AGENT_APPLICANT',
  PAYMENT_REFUNDED: 'AGENT_APPLICANT',
  PAYMENT_REMINDER: 'AGENT_ADMIN',
  MONTHLY_INVOICE: 'AGENT_ADMIN',
  BULK_FINISHED: 'OPERATOR_STAFF',
};
