/**
 * Where a booking stands on the operator's way from request to voucher, and the one step to take
 * next (the booking detail's stepper and its primary button). Pure, derived from the state
 * machine: the next step is always one `mayTake` allows.
 */
import { isConfirmed, mayTake, type BookingState, type BookingStatus } from './booking-state.ts';

export const PROGRESS_STEPS = ['request', 'allotment', 'confirmed', 'seats', 'seat_table', 'voucher'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];
export type ProgressStepState = 'done' | 'current' | 'todo';

/**
 * What the detail shows at the top: the progress for a live request or booking, or, instead of a
 * progress that would mislead, the plain state of a waitlisted, cancelling, cancelled or refused one.
 */
export type BookingProgressMode = 'progress' | 'waitlist' | 'cancelling' | 'cancelled' | 'refused';

export interface BookingProgress {
  mode: BookingProgressMode;
  steps: {
    step: ProgressStep;
    state: ProgressStepState;
    /** The step was tried and failed (allotment or seats not available). */
    problem: boolean;
    /** The step's document was mailed but the booking has changed what it prints: to be sent again (再送が必要). */
    resend: boolean;
  }[];
}

export interface ProgressInput {
  state: BookingState;
  /** The voucher was mailed since it was last confirmed (outdated or not). */
  voucherSent: boolean;
  /** The mailed documents that no longer print what the booking says (BookingResponse.documents.outdated). */
  outdated?: readonly ResendableDocument[];
}

export type ResendableDocument = 'seat_table' | 'voucher';

const SEATS_GIVEN = ['SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'];
const ALLOTMENT_HELD = ['SAGANO_ALLOTMENT_CONFIRMED', 'SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_NOT_AVAILABLE', ...SEATS_GIVEN];
/** Statuses whose booking is confirmed, a change request on top included. */
const CONFIRMED_ONES: readonly BookingStatus[] = ['RESERVED', 'MODIFIED', 'NOT_MODIFIED', 'MODIFICATION_SUBMITTED'];

function modeOf(status: BookingStatus): BookingProgressMode {
  if (status === 'WAITLIST') return 'waitlist';
  if (status === 'CANCELLED') return 'cancelled';
  if (status === 'NOT_RESERVED') return 'refused';
  if (status === 'CANCELLATION_SUBMITTED' || status === 'CANCELLATION_PENDING') return 'cancelling';
  return 'progress';
}

/** The six steps, each done, current (the first not done) or not yet. */
export function bookingProgress({ state: s, voucherSent, outdated = [] }: ProgressInput): BookingProgress {
  const seated = SEATS_GIVEN.includes(s.subStatus);
  const resend = resendable(s, voucherSent, outdated);
  const done: Record<ProgressStep, boolean> = {
    request: true,
    allotment: ALLOTMENT_HELD.includes(s.subStatus) || CONFIRMED_ONES.includes(s.status),
    confirmed: CONFIRMED_ONES.includes(s.status),
    seats: seated,
    seat_table: s.subStatus === 'SAGANO_SEAT_TABLE_SENT' && !outdated.includes('seat_table'),
    voucher: seated && s.voucherConfirmed && voucherSent && !outdated.includes('voucher'),
  };
  const current = PROGRESS_STEPS.find((step) => !done[step]);
  const problem: Record<ProgressStep, boolean> = {
    request: false,
    allotment: s.subStatus === 'SAGANO_ALLOTMENT_NOT_AVAILABLE',
    confirmed: false,
    seats: s.subStatus === 'SAGANO_SEAT_NOT_AVAILABLE',
    seat_table: false,
    voucher: false,
  };
  return {
    mode: modeOf(s.status),
    steps: PROGRESS_STEPS.map((step) => ({
      step,
      state: done[step] ? 'done' : step === current || (resend as readonly string[]).includes(step) ? 'current' : 'todo',
      problem: problem[step] && step === current,
      resend: (resend as readonly string[]).includes(step),
    })),
  };
}

/**
 * The outdated documents the operator can send again as they stand (POST /resend_documents): the
 * seat table while the seats are given and it was sent, the voucher while it is confirmed and was
 * sent. A document whose seats are gone waits for the seats first (the ordinary steps).
 */
export function resendable(s: BookingState, voucherSent: boolean, outdated: readonly ResendableDocument[]): ResendableDocument[] {
  const live = isConfirmed(s) && s.status !== 'CANCELLATION_SUBMITTED' && s.status !== 'CANCELLATION_PENDING';
  return outdated.filter((d) => live && (d === 'seat_table' ? s.subStatus === 'SAGANO_SEAT_TABLE_SENT' : SEATS_GIVEN.includes(s.subStatus) && s.voucherConfirmed && voucherSent));
}

/**
 * The one step the operator takes next, or null when nothing waits on the operator's side:
 * confirm an agent's cancellation, hold the allotment, confirm the booking, assign seats (also
 * to finish an assignment under way), send the seat table, then confirm and send the voucher.
 */
export type NextBookingStep = 'confirm_cancellation' | 'reserve_allotments' | 'confirm_booking' | 'assign_seats' | 'confirm_seats' | 'resend_documents' | 'confirm_voucher';

export function nextBookingStep(input: ProgressInput): NextBookingStep | null {
  const s = input.state;
  const may = (step: Parameters<typeof mayTake>[0]) => mayTake(step, s, 'OPERATOR');
  if (may('confirm_cancellation')) return 'confirm_cancellation';
  if (may('reserve_allotments')) return 'reserve_allotments';
  if (may('confirm_booking')) return 'confirm_booking';
  if (may('assign_seats') || may('assign_seats_ok')) return 'assign_seats';
  if (may('confirm_seats') && s.subStatus !== 'SAGANO_SEAT_TABLE_SENT') return 'confirm_seats';
  if (resendable(s, input.voucherSent, input.outdated ?? []).length > 0) return 'resend_documents';
  if (may('confirm_voucher') && isConfirmed(s) && !(s.voucherConfirmed && input.voucherSent)) return 'confirm_voucher';
  return null;
}
