import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  BOOKING_STEPS,
  BOOKING_SUB_STATUSES,
  applyStep,
  bookingFlags,
  mayTake,
  refusedBySuspension,
  statusAfterDecline,
  type BookingCaller,
  type BookingState,
} from './booking-state.ts';

const CALLERS: BookingCaller[] = ['OPERATOR', 'STATION', 'AGENT'];
const base: BookingState = { status: 'SUBMITTED', subStatus: 'INITIAL', isRoundTrip: false, voucherConfirmed: false, ignoreCancellationPolicy: false };
const at = (patch: Partial<BookingState>): BookingState => ({ ...base, ...patch });

function everyState(): BookingState[] {
  return BOOKING_STATUSES.flatMap((status) =>
    BOOKING_SUB_STATUSES.flatMap((subStatus) =>
      [false, true].flatMap((isRoundTrip) => [false, true].map((voucherConfirmed) => at({ status, subStatus, isRoundTrip, voucherConfirmed }))),
    ),
  );
}

describe('every status × sub-status × step × caller', () => {
  it('applies a step exactly when its flag allows it, and refusals change nothing', () => {
    let allowed = 0;
    for (const state of everyState()) {
      for (const step of BOOKING_STEPS) {
        for (const caller of CALLERS) {
          const result = applyStep(state, step, caller, { outcome: 'ALL', statusBeforeCancellation: 'RESERVED' });
          expect(result.ok, `${state.status}/${state.subStatus} ${step} by ${caller}`).toBe(mayTake(step, state, caller));
          if (result.ok) {
            allowed++;
            expect(result.state.isRoundTrip).toBe(state.isRoundTrip);
          }
        }
      }
    }
    expect(allowed).toBeGreaterThan(100);
  });

  it('never moves an ended booking except by notes', () => {
    for (const state of everyState().filter((s) => s.status === 'CANCELLED' || s.status === 'NOT_RESERVED')) {
      for (const step of BOOKING_STEPS.filter((s) => s !== 'add_note')) {
        for (const caller of CALLERS) expect(mayTake(step, state, caller), `${state.status} ${step}`).toBe(false);
      }
    }
  });

  it('gives station staff nothing but notes, and agents only their own requests', () => {
    for (const state of everyState()) {
      for (const step of BOOKING_STEPS) {
        if (mayTake(step, state, 'STATION')) expect(step).toBe('add_note');
        if (mayTake(step, state, 'AGENT')) expect(['add_note', 'request_modification', 'request_cancellation', 'agree_cancellation', 'decline_cancellation', 'request_seat_assignment']).toContain(step);
      }
    }
  });

  it('keeps the flags consistent with the steps', () => {
    for (const state of everyState()) {
      for (const caller of CALLERS) {
        const flags = bookingFlags(state, caller);
        expect(flags.can_reserve_allotments).toBe(mayTake('reserve_allotments', state, caller));
        expect(flags.can_confirm_allotments).toBe(mayTake('confirm_booking', state, caller));
        expect(flags.can_send_voucher).toBe(mayTake('send_voucher', state, caller));
        if (flags.can_send_voucher) expect(flags.can_generate_voucher).toBe(true);
        expect(flags.can_decline_cancellation).toBe(mayTake('decline_cancellation', state, caller));
        expect(flags.can_request_seat_assignment).toBe(mayTake('request_seat_assignment', state, caller));
      }
    }
  });
});

describe('the lifecycle of DESIGN §5', () => {
  const step = (s: BookingState, name: (typeof BOOKING_STEPS)[number], caller: BookingCaller = 'OPERATOR', outcome?: 'ALL' | 'SOME' | 'NONE') => {
    const r = applyStep(s, name, caller, { outcome });
    if (!r.ok) throw new Error(`${name} refused at ${s.status}/${s.subStatus}`);
    return r.state;
  };

  it('one way: submit, reserve, confirm, seats, seat table, voucher', () => {
    let s = at({});
    s = step(s, 'reserve_allotments', 'OPERATOR', 'ALL');
    expect([s.status, s.subStatus]).toEqual(['SUBMITTED', 'SAGANO_ALLOTMENT_CONFIRMED']);
    s = step(s, 'confirm_booking');
    expect(s.status).toBe('RESERVED');
    s = step(s, 'assign_seats');
    s = step(s, 'assign_seats_ok');
    expect(s.subStatus).toBe('SAGANO_SEAT_RESERVED');
    s = step(s, 'confirm_seats');
    expect(s.subStatus).toBe('SAGANO_SEAT_TABLE_SENT');
    expect(bookingFlags(s, 'OPERATOR').can_send_voucher).toBe(false);
    s = step(s, 'confirm_voucher');
    expect(bookingFlags(s, 'OPERATOR').can_send_voucher).toBe(true);
    expect(bookingFlags(s, 'AGENT').can_show_voucher).toBe(true);
  });

  it('shows the seat table to station staff once seats are given and to the agent once it was sent', () => {
    const given = at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_RESERVED' });
    const sent = at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_TABLE_SENT' });
    const held = at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_ASSIGNING' });
    expect(bookingFlags(held, 'OPERATOR').can_show_seat_table).toBe(true);
    expect(bookingFlags(held, 'STATION').can_show_seat_table).toBe(false);
    expect(bookingFlags(given, 'STATION').can_show_seat_table).toBe(true);
    expect(bookingFlags(given, 'AGENT').can_show_seat_table).toBe(false);
    expect(bookingFlags(sent, 'AGENT').can_show_seat_table).toBe(true);
    expect(bookingFlags({ ...sent, status: 'MODIFICATION_SUBMITTED' }, 'AGENT').can_show_seat_table).toBe(true);
    expect(bookingFlags({ ...sent, status: 'CANCELLED' }, 'AGENT').can_show_seat_table).toBe(false);
    expect(bookingFlags({ ...sent, status: 'NOT_RESERVED' }, 'STATION').can_show_seat_table).toBe(false);
  });

  it('a suspension refuses every live booking, confirmed or not, and leaves ended ones alone', () => {
    for (const status of BOOKING_STATUSES) {
      const s = at({ status, subStatus: 'SAGANO_SEAT_TABLE_SENT', voucherConfirmed: true });
      const after = refusedBySuspension(s);
      if (status === 'NOT_RESERVED' || status === 'CANCELLED') expect(after).toBeNull();
      else expect(after).toMatchObject({ status: 'NOT_RESERVED', subStatus: 'INITIAL', voucherConfirmed: false });
    }
  });

  it('a one-way trip that cannot be held is NOT_AVAILABLE; a round trip half held is PENDING', () => {
    expect(step(at({}), 'reserve_allotments', 'OPERATOR', 'NONE').subStatus).toBe('SAGANO_ALLOTMENT_NOT_AVAILABLE');
    expect(step(at({}), 'reserve_allotments', 'OPERATOR', 'SOME').subStatus).toBe('SAGANO_ALLOTMENT_NOT_AVAILABLE');
    const half = step(at({ isRoundTrip: true }), 'reserve_allotments', 'OPERATOR', 'SOME');
    expect(half.subStatus).toBe('SAGANO_ALLOTMENT_PENDING');
    expect(mayTake('confirm_booking', half, 'OPERATOR')).toBe(false);
    expect(step(half, 'reserve_allotments', 'OPERATOR', 'ALL').subStatus).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  });

  it('refuses from SUBMITTED or WAITLIST only', () => {
    expect(step(at({ status: 'WAITLIST' }), 'refuse_booking')).toMatchObject({ status: 'NOT_RESERVED', subStatus: 'INITIAL' });
    expect(mayTake('refuse_booking', at({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }), 'OPERATOR')).toBe(false);
  });

  it('assign seats NG keeps the allotment and allows another try', () => {
    let s = at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_ASSIGNING' });
    s = step(s, 'assign_seats_ng');
    expect(s.subStatus).toBe('SAGANO_SEAT_NOT_AVAILABLE');
    expect(mayTake('assign_seats', s, 'OPERATOR')).toBe(true);
  });

  it('cancellation: by the agent then confirmed, or started by the operator and agreed', () => {
    const reserved = at({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' });
    const asked = step(reserved, 'request_cancellation', 'AGENT');
    expect(asked.status).toBe('CANCELLATION_SUBMITTED');
    expect(mayTake('request_cancellation', asked, 'AGENT')).toBe(false);
    expect(step(asked, 'confirm_cancellation')).toMatchObject({ status: 'CANCELLED', subStatus: 'INITIAL' });

    const pending = step(reserved, 'start_cancellation');
    expect(pending.status).toBe('CANCELLATION_PENDING');
    expect(mayTake('confirm_cancellation', pending, 'OPERATOR')).toBe(false);
    expect(step(pending, 'agree_cancellation', 'AGENT').status).toBe('CANCELLED');

    expect(step({ ...reserved, ignoreCancellationPolicy: true }, 'start_cancellation').status).toBe('CANCELLED');
  });

  it('modification: requested on a reservation, accepted or not', () => {
    const reserved = at({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' });
    const asked = step(reserved, 'request_modification', 'AGENT');
    expect(asked.status).toBe('MODIFICATION_SUBMITTED');
    expect(step(asked, 'accept_modification').status).toBe('MODIFIED');
    expect(step(asked, 'reject_modification').status).toBe('NOT_MODIFIED');
    expect(mayTake('request_modification', at({}), 'AGENT')).toBe(false);
  });

  it('declining a cancellation: the operator an agent\'s request, the agent the operator\'s quoted fee; back to the status before', () => {
    const decline = (s: BookingState, caller: BookingCaller, before: BookingState['status'] | null) => applyStep(s, 'decline_cancellation', caller, { statusBeforeCancellation: before });
    for (const status of ['SUBMITTED', 'WAITLIST', 'RESERVED', 'MODIFIED', 'NOT_MODIFIED', 'MODIFICATION_SUBMITTED'] as const) {
      for (const subStatus of ['INITIAL', 'SAGANO_ALLOTMENT_CONFIRMED', 'SAGANO_SEAT_TABLE_SENT'] as const) {
        const before = at({ status, subStatus, voucherConfirmed: true });
        const asked = applyStep(before, 'request_cancellation', 'AGENT');
        if (!asked.ok) throw new Error(`request refused at ${status}`);
        expect(bookingFlags(asked.state, 'OPERATOR').can_decline_cancellation).toBe(true);
        expect(bookingFlags(asked.state, 'AGENT').can_decline_cancellation).toBe(false);
        // The request changed the status only, so the decline gives back exactly the state before it.
        expect(decline(asked.state, 'OPERATOR', status)).toEqual({ ok: true, state: before });
        expect(decline(asked.state, 'AGENT', status).ok).toBe(false);
        expect(decline(asked.state, 'STATION', status).ok).toBe(false);
      }
    }
    const reserved = at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_RESERVED' });
    const pending = applyStep(reserved, 'start_cancellation', 'OPERATOR');
    if (!pending.ok) throw new Error('start refused');
    expect(bookingFlags(pending.state, 'AGENT').can_decline_cancellation).toBe(true);
    expect(bookingFlags(pending.state, 'OPERATOR').can_decline_cancellation).toBe(false);
    expect(decline(pending.state, 'AGENT', 'RESERVED')).toEqual({ ok: true, state: reserved });
    expect(decline(pending.state, 'OPERATOR', 'RESERVED').ok).toBe(false);
    // Nothing to decline outside a cancellation, and never back to a cancelling or ended status.
    expect(mayTake('decline_cancellation', reserved, 'OPERATOR')).toBe(false);
    expect(mayTake('decline_cancellation', at({ status: 'CANCELLED' }), 'OPERATOR')).toBe(false);
    const asked = at({ status: 'CANCELLATION_SUBMITTED' });
    for (const before of [null, 'CANCELLATION_PENDING', 'CANCELLATION_SUBMITTED', 'CANCELLED', 'NOT_RESERVED'] as const) {
      expect(decline(asked, 'OPERATOR', before)).toEqual({ ok: false, code: 'STEP_NOT_ALLOWED' });
    }
    expect(statusAfterDecline('MODIFICATION_SUBMITTED')).toBe('MODIFICATION_SUBMITTED');
  });

  it('lets the agent ask for seats on a confirmed booking whose seats are not given yet, changing nothing', () => {
    const asking = everyState().filter((s) => mayTake('request_seat_assignment', s, 'AGENT'));
    expect(new Set(asking.map((s) => `${s.status}/${s.subStatus}`))).toEqual(
      new Set(['RESERVED', 'MODIFIED', 'NOT_MODIFIED'].flatMap((status) => [`${status}/SAGANO_ALLOTMENT_CONFIRMED`, `${status}/SAGANO_SEAT_NOT_AVAILABLE`])),
    );
    for (const s of asking) expect(applyStep(s, 'request_seat_assignment', 'AGENT')).toEqual({ ok: true, state: s });
    // Seats being assigned or given, a request still unanswered, or a cancellation open: nothing to ask.
    for (const subStatus of ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'] as const) {
      expect(mayTake('request_seat_assignment', at({ status: 'RESERVED', subStatus }), 'AGENT')).toBe(false);
    }
    for (const status of ['SUBMITTED', 'WAITLIST', 'MODIFICATION_SUBMITTED', 'CANCELLATION_SUBMITTED'] as const) {
      expect(mayTake('request_seat_assignment', at({ status, subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }), 'AGENT')).toBe(false);
    }
    // The operator assigns seats itself; station staff do not take steps.
    const reserved = at({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' });
    expect(bookingFlags(reserved, 'AGENT').can_request_seat_assignment).toBe(true);
    expect(bookingFlags(reserved, 'OPERATOR').can_request_seat_assignment).toBe(false);
    expect(bookingFlags(reserved, 'STATION').can_request_seat_assignment).toBe(false);
  });
});
