/**
 * Error codes shared by the API and the web client. The server maps each code to one HTTP
 * status in a single place; the web client shows the translated message for the code.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  PASSWORD_POLICY_VIOLATION: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_CONTAINS_EMAIL: 400,
  /** The demo accounts' published password, on an install without demo data. */
  PASSWORD_PUBLISHED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  RESET_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  TOTP_SETUP_REQUIRED: 403,
  /** A wrong code while signed in (setting two-factor up or turning it off): the session is fine. */
  TOTP_CODE_WRONG: 400,
  TOTP_REQUIRED_BY_AGENT: 409,
  TOTP_KEY_MISMATCH: 503,
  FORBIDDEN: 403,
  LOGIN_NOT_ALLOWED: 403,
  CSRF_TOKEN_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_ALREADY_REGISTERED: 409,
  CANNOT_DELETE_SELF: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  LOGIN_ATTEMPT_LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  NOT_READY: 503,
  NO_CHANGES: 400,
  APPROVAL_OWN_REQUEST: 409,
  APPROVAL_STATUS_CONFLICT: 409,
  SERVICE_TERM_OVERLAP: 409,
  SERVICE_IN_USE: 409,
  SERVICE_SUSPENDED: 409,
  SALES_ON_HOLD: 409,
  NOT_ENOUGH_SEATS: 409,
  SEAT_HELD_OR_ASSIGNED: 409,
  SERVICE_NOT_RUNNING: 404,
  STEP_NOT_ALLOWED: 409,
  /** An irreversible confirmation asked for a second time (a second window, a retry): nothing changed; the answer says when and by whom it was confirmed. */
  ALREADY_CONFIRMED: 409,
  /** The step was started on an older revision of the booking (If-Match) than the one it now has: nothing was changed. */
  BOOKING_CHANGED: 409,
  TRAIN_CHANGE_USED: 409,
  /** A prepaid (card or coupon) booking's voucher while its fare is unpaid; the operator may send it with override_unpaid_reason. */
  VOUCHER_AWAITS_PAYMENT: 409,
  /** POST /resend_documents with nothing outdated that can be sent as it stands. */
  NOTHING_TO_RESEND: 409,
  SEAT_TAKEN: 409,
  /** Enough seats on every leg, but fixed seats leave no one seat free on all the legs of some held booking. */
  SEATS_FRAGMENTED: 409,
  PRICING_PLAN_OVERLAP: 409,
  PRICING_PLAN_IN_USE: 409,
  GROUP_SCHEDULE_OVERLAP: 409,
  SPECIAL_CONTRACT_TERM_OVERLAP: 409,
  /** A unit of the same segment × annotation × fare type exists already. */
  UNIT_ALREADY_EXISTS: 409,
  AGENT_HAS_LIVE_BOOKINGS: 409,
  AGENT_HAS_BOOKINGS: 409,
  AGENT_GROUP_HAS_LIVE_BOOKINGS: 409,
  AGENT_GROUP_HAS_BOOKINGS: 409,
  ROOT_GROUP_NOT_DELETABLE: 409,
  LAST_GROUP_ADMIN: 409,
  /** The card was declined on the gateway's page (the payment stays payable). */
  PAYMENT_DECLINED: 402,
  /** The payment's state does not allow this step now (e.g. paying a payment already paid). */
  PAYMENT_STEP_NOT_ALLOWED: 409,
  REFUND_EXCEEDS_PAID: 409,
  GATEWAY_UNAVAILABLE: 503,
  GATEWAY_SIGNATURE_INVALID: 400,
  /** A request for a service date inside a special contract term after its submission deadline. */
  SUBMISSION_DEADLINE_PASSED: 422,
  /** Fewer participants than the operator's minimum group size (`limit`). */
  GROUP_TOO_SMALL: 400,
  /** More group seats than the train's whole group allotment on the segment (`limit`): no waitlist could ever serve it. */
  GROUP_OVER_CAPACITY: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every non-2xx answer. `field` names the offending input on 400s. */
export interface ErrorBody {
  common: {
    error_code: ErrorCode | string;
    error_description: string;
    field?: string;
    /** BOOKING_CHANGED: the booking's revision now, so the client can show the fresh booking. */
    current_revision?: number;
    /** ALREADY_CONFIRMED: when (ISO timestamp) and by whom the confirmation was made. */
    confirmed_at?: string;
    confirmed_by?: string;
    /** GROUP_TOO_SMALL: the minimum group size; GROUP_OVER_CAPACITY: the train's group capacity on the segment. */
    limit?: number;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('common' in value)) return false;
  const common = (value as { common: unknown }).common;
  return typeof common === 'object' && common !== null && 'error_code' in common;
}
