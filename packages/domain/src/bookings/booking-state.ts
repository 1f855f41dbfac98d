/**
 * The booking state machine (DESIGN §5): what each step does to status and sub_status, and which
 * steps a caller may take in a state (the can_* flags). Pure: the server refuses a step whose
 * flag is false, and the screens offer only the steps that are allowed.
 */
export const BOOKING_STATUSES = [
  'SUBMITTED',
  'MODIFICATION_SUBMITTED',
  'CANCELLATION_SUBMITTED',
  'RESERVED',
  'NOT_RESERVED',
  'MODIFIED',
  'NOT_MODIFIED',
  'CANCELLATION_PENDING',
  'CANCELLED',
  'WAITLIST',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SUB_STATUSES = [
  'INITIAL',
  'SAGANO_ALLOTMENT_PENDING',
  'SAGANO_ALLOTMENT_CONFIRMED',
  'SAGANO_ALLOTMENT_NOT_AVAILABLE',
  'SAGANO_SEAT_ASSIGNING',
  'SAGANO_SEAT_RESERVED',
  'SAGANO_SEAT_NOT_AVAILABLE',
  'SAGANO_SEAT_TABLE_SENT',
] as const;
export type BookingSubStatus = (typeof BOOKING_SUB_STATUSES)[number];

export const REFUSAL_REASONS = ['FULL', 'SERVICEDAY_SUSPENSION', 'SERVICE_SUSPENSION', 'OTHER'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const BOOKING_STEPS = [
  'reserve_allotments',
  'release_allotments',
  'confirm_booking',
  'refuse_booking',
  'assign_seats',
  'assign_seats_ok',
  'assign_seats_ng',
  'release_seats',
  'confirm_seats',
  'confirm_voucher',
  'send_voucher',
  'request_modification',
  'accept_modification',
  'reject_modification',
  'request_cancellation',
  'confirm_cancellation',
  'start_cancellation',
  'agree_cancellation',
  'decline_cancellation',
  'select_priority',
  'assign_operator',
  'add_special_note',
  'update_from_to_station',
  'add_note',
  /** Our addition: the agent asks the operator to assign seats (SEAT_ASSIGNMENT_REQUEST); the booking does not change. */
  'request_seat_assignment',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** Who asks: operator back office, station staff, or the booking's own agent staff. */
export type BookingCaller = 'OPERATOR' | 'STATION' | 'AGENT';

export interface BookingState {
  status: BookingStatus;
  subStatus: BookingSubStatus;
  isRoundTrip: boolean;
  voucherConfirmed: boolean;
  /** The agent skips agreeing to the cancellation fee (DESIGN §6). */
  ignoreCancellationPolicy: boolean;
}

/** How much of the request reserve_allotments could hold. */
export type ReserveOutcome = 'ALL' | 'SOME' | 'NONE';

const ENDED: readonly BookingStatus[] = ['NOT_RESERVED', 'CANCELLED'];
const BEFORE_ANSWER: readonly BookingStatus[] = ['SUBMITTED', 'WAITLIST'];
/** Confirmed reservations, whatever happened to a modification request. */
const CONFIRMED: readonly BookingStatus[] = ['RESERVED', 'MODIFIED', 'NOT_MODIFIED'];
const CANCELLING: readonly BookingStatus[] = ['CANCELLATION_SUBMITTED', 'CANCELLATION_PENDING'];
const SEATED: readonly BookingSubStatus[] = ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'];
const HOLDING: readonly BookingSubStatus[] = ['SAGANO_ALLOTMENT_PENDING', 'SAGANO_ALLOTMENT_CONFIRMED', 'SAGANO_SEAT_NOT_AVAILABLE', ...SEATED];

export const isEnded = (s: BookingState) => ENDED.includes(s.status);
export const isConfirmed = (s: BookingState) => CONFIRMED.includes(s.status);
/** A cancellation asked for (CANCELLATION_SUBMITTED) or started (CANCELLATION_PENDING), not yet ended. */
export const isCancelling = (s: BookingState) => CANCELLING.includes(s.status);
/** Whether allotments (and perhaps seats) are held for the booking. */
export const holdsAllotments = (s: BookingState) => HOLDING.includes(s.subStatus);

/**
 * Whether `caller` may download the seat table (and see the seat numbers): the operator's back
 * office always (a preview); station staff once seats are given (SEAT_RESERVED or
 * SEAT_TABLE_SENT), they seat the group on the day; the agent once the seat table was sent
 * (seats still only held may be moved). Never for an ended booking except the back office.
 */
export function mayShowSeatTable(s: BookingState, caller: BookingCaller): boolean {
  if (caller === 'OPERATOR') return true;
  if (isEnded(s)) return false;
  if (caller === 'STATION') return ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(s.subStatus);
  return s.subStatus === 'SAGANO_SEAT_TABLE_SENT';
}

/** Whether the group may move its own seats on its page: seats given and confirmed, booking live. */
export const customerMayChangeSeats = (s: BookingState) => isConfirmed(s) && ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(s.subStatus);

/** Whether `caller` may take `step` now. This is the only place the rules live. */
export function mayTake(step: BookingStep, s: BookingState, caller: BookingCaller): boolean {
  const operator = caller === 'OPERATOR';
  switch (step) {
    case 'reserve_allotments':
      return operator && BEFORE_ANSWER.includes(s.status) && ['INITIAL', 'SAGANO_ALLOTMENT_PENDING', 'SAGANO_ALLOTMENT_NOT_AVAILABLE'].includes(s.subStatus);
    case 'release_allotments':
      return operator && BEFORE_ANSWER.includes(s.status) && ['SAGANO_ALLOTMENT_PENDING', 'SAGANO_ALLOTMENT_CONFIRMED'].includes(s.subStatus);
    case 'confirm_booking':
      return operator && BEFORE_ANSWER.includes(s.status) && s.subStatus === 'SAGANO_ALLOTMENT_CONFIRMED';
    case 'refuse_booking':
      return operator && BEFORE_ANSWER.includes(s.status);
    case 'assign_seats':
      return operator && isConfirmed(s) && ['SAGANO_ALLOTMENT_CONFIRMED', 'SAGANO_SEAT_NOT_AVAILABLE', 'SAGANO_SEAT_ASSIGNING'].includes(s.subStatus);
    case 'assign_seats_ok':
    case 'assign_seats_ng':
      return operator && isConfirmed(s) && s.subStatus === 'SAGANO_SEAT_ASSIGNING';
    case 'release_seats':
      return operator && isConfirmed(s) && SEATED.includes(s.subStatus);
    case 'confirm_seats':
      return operator && isConfirmed(s) && ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(s.subStatus);
    case 'confirm_voucher':
      return operator && isConfirmed(s) && ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(s.subStatus);
    case 'send_voucher':
      return operator && isConfirmed(s) && s.voucherConfirmed && ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'].includes(s.subStatus);
    case 'request_modification':
      return (operator || caller === 'AGENT') && isConfirmed(s);
    case 'accept_modification':
    case 'reject_modification':
      return operator && s.status === 'MODIFICATION_SUBMITTED';
    case 'request_cancellation':
      return caller === 'AGENT' && !isEnded(s) && !CANCELLING.includes(s.status);
    case 'confirm_cancellation':
      return operator && s.status === 'CANCELLATION_SUBMITTED';
    case 'start_cancellation':
      return operator && !isEnded(s) && !CANCELLING.includes(s.status);
    case 'agree_cancellation':
      return caller === 'AGENT' && s.status === 'CANCELLATION_PENDING';
    case 'decline_cancellation':
      // The operator declines an agent's request; the agent declines the fee the operator quoted.
      return operator ? s.status === 'CANCELLATION_SUBMITTED' : caller === 'AGENT' && s.status === 'CANCELLATION_PENDING';
    case 'select_priority':
    case 'assign_operator':
    case 'add_special_note':
      return operator && !isEnded(s);
    case 'update_from_to_station':
      return operator && !isEnded(s) && !CANCELLING.includes(s.status) && !SEATED.includes(s.subStatus);
    case 'add_note':
      return true;
    case 'request_seat_assignment':
      // A confirmed booking whose seats are not assigned yet (none given, or the last try NG).
      return caller === 'AGENT' && isConfirmed(s) && ['SAGANO_ALLOTMENT_CONFIRMED', 'SAGANO_SEAT_NOT_AVAILABLE'].includes(s.subStatus);
  }
}

export type StepResult = { ok: true; state: BookingState } | { ok: false; code: 'STEP_NOT_ALLOWED' };

export interface StepInput {
  /** reserve_allotments: how much could be held. */
  outcome?: ReserveOutcome;
  /** decline_cancellation: the status the booking had when the cancellation was asked for or started. */
  statusBeforeCancellation?: BookingStatus | null;
}

/**
 * The status a declined cancellation returns to: the one it had before (a request or start
 * changes only the status, holding the seats and allotments as they were). Never a cancelling
 * or ended status; null when it is unknown.
 */
export function statusAfterDecline(before: BookingStatus | null | undefined): BookingStatus | null {
  if (!before || CANCELLING.includes(before) || ENDED.includes(before)) return null;
  return before;
}

function afterReserve(s: BookingState, outcome: ReserveOutcome): BookingSubStatus {
  if (outcome === 'ALL') return 'SAGANO_ALLOTMENT_CONFIRMED';
  if (outcome === 'SOME' && s.isRoundTrip) return 'SAGANO_ALLOTMENT_PENDING';
  // A one-way trip cannot be half held; NONE releases anything held before.
  return 'SAGANO_ALLOTMENT_NOT_AVAILABLE';
}

/** The state after `step`, or a refusal when the caller may not take it now. */
export function applyStep(s: BookingState, step: BookingStep, caller: BookingCaller, input: StepInput = {}): StepResult {
  if (!mayTake(step, s, caller)) return { ok: false, code: 'STEP_NOT_ALLOWED' };
  const next = (patch: Partial<BookingState>): StepResult => ({ ok: true, state: { ...s, ...patch } });
  switch (step) {
    case 'reserve_allotments':
      return next({ subStatus: afterReserve(s, input.outcome ?? 'NONE') });
    case 'release_allotments':
      return next({ subStatus: 'INITIAL' });
    case 'confirm_booking':
      return next({ status: 'RESERVED' });
    case 'refuse_booking':
      return next({ status: 'NOT_RESERVED', subStatus: 'INITIAL' });
    case 'assign_seats':
      return next({ subStatus: 'SAGANO_SEAT_ASSIGNING' });
    case 'assign_seats_ok':
      return next({ subStatus: 'SAGANO_SEAT_RESERVED' });
    case 'assign_seats_ng':
      return next({ subStatus: 'SAGANO_SEAT_NOT_AVAILABLE' });
    case 'release_seats':
      return next({ subStatus: 'SAGANO_ALLOTMENT_CONFIRMED', voucherConfirmed: false });
    case 'confirm_seats':
      return next({ subStatus: 'SAGANO_SEAT_TABLE_SENT' });
    case 'confirm_voucher':
      return next({ voucherConfirmed: true });
    case 'request_modification':
      return next({ status: 'MODIFICATION_SUBMITTED' });
    case 'accept_modification':
      return next({ status: 'MODIFIED' });
    case 'reject_modification':
      return next({ status: 'NOT_MODIFIED' });
    case 'request_cancellation':
      return next({ status: 'CANCELLATION_SUBMITTED' });
    case 'confirm_cancellation':
    case 'agree_cancellation':
      return next({ status: 'CANCELLED', subStatus: 'INITIAL', voucherConfirmed: false });
    case 'decline_cancellation': {
      const back = statusAfterDecline(input.statusBeforeCancellation);
      return back ? next({ status: back }) : { ok: false, code: 'STEP_NOT_ALLOWED' };
    }
    case 'start_cancellation':
      return s.ignoreCancellationPolicy
        ? next({ status: 'CANCELLED', subStatus: 'INITIAL', voucherConfirmed: false })
        : next({ status: 'CANCELLATION_PENDING' });
    case 'send_voucher':
    case 'select_priority':
    case 'assign_operator':
    case 'add_special_note':
    case 'update_from_to_station':
    case 'add_note':
    case 'request_seat_assignment':
      return next({});
  }
}

/**
 * A train that will not run carries nobody: every live booking on it (before the answer,
 * confirmed, changing or cancelling) becomes NOT_RESERVED with a suspension reason, whatever
 * step it was at. Ended bookings are left alone (null).
 */
export function refusedBySuspension(s: BookingState): BookingState | null {
  if (isEnded(s)) return null;
  return { ...s, status: 'NOT_RESERVED', subStatus: 'INITIAL', voucherConfirmed: false };
}

/** The specification's permission flags, computed for a caller. */
export function bookingFlags(s: BookingState, caller: BookingCaller) {
  return {
    can_update: mayTake('request_modification', s, caller),
    can_cancel: caller === 'AGENT' ? mayTake('request_cancellation', s, caller) : mayTake('start_cancellation', s, caller),
    /** The operator confirms an agent's request; the agent agrees to a fee the operator quoted. */
    can_confirm_cancellation: caller === 'AGENT' ? mayTake('agree_cancellation', s, caller) : mayTake('confirm_cancellation', s, caller),
    /** Our addition: the operator declines an agent's request; the agent declines the fee the operator quoted. */
    can_decline_cancellation: mayTake('decline_cancellation', s, caller),
    can_show_voucher: isConfirmed(s) && s.voucherConfirmed,
    /** Our addition: the seat table PDF and the seat numbers (mayShowSeatTable). */
    can_show_seat_table: mayShowSeatTable(s, caller),
    can_release_seats: mayTake('release_seats', s, caller),
    can_reserve_allotments: mayTake('reserve_allotments', s, caller),
    can_release_allotments: mayTake('release_allotments', s, caller),
    can_confirm_allotments: mayTake('confirm_booking', s, caller),
    can_assign_seats: mayTake('assign_seats', s, caller),
    can_confirm_seats: mayTake('confirm_seats', s, caller),
    can_generate_voucher: mayTake('confirm_voucher', s, caller),
    can_send_voucher: mayTake('send_voucher', s, caller),
    /** Our addition: the agent may ask the operator to assign the seats now. */
    can_request_seat_assignment: mayTake('request_seat_assignment', s, caller),
  };
}
