import { describe, expect, it } from 'vitest';
import { bookingProgress, nextBookingStep } from './booking-progress.ts';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, mayTake, type BookingState } from './booking-state.ts';

const base: BookingState = { status: 'SUBMITTED', subStatus: 'INITIAL', isRoundTrip: false, voucherConfirmed: false, ignoreCancellationPolicy: false };
const at = (patch: Partial<BookingState>, voucherSent = false) => ({ state: { ...base, ...patch }, voucherSent });
const current = (input: ReturnType<typeof at>) => bookingProgress(input).steps.find((s) => s.state === 'current')?.step ?? null;

describe('booking progress', () => {
  it('walks request → allotment → confirmed → seats → seat table → voucher with one next step each', () => {
    const path: [ReturnType<typeof at>, string | null, string | null][] = [
      [at({}), 'allotment', 'reserve_allotments'],
      [at({ subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }), 'confirmed', 'confirm_booking'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }), 'seats', 'assign_seats'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_ASSIGNING' }), 'seats', 'assign_seats'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_RESERVED' }), 'seat_table', 'confirm_seats'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_TABLE_SENT' }), 'voucher', 'confirm_voucher'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_TABLE_SENT', voucherConfirmed: true }), 'voucher', 'confirm_voucher'],
      [at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_TABLE_SENT', voucherConfirmed: true }, true), null, null],
    ];
    for (const [input, step, next] of path) {
      expect(bookingProgress(input).mode).toBe('progress');
      expect(current(input)).toBe(step);
      expect(nextBookingStep(input)).toBe(next);
    }
  });

  it('marks every step before the current one done and every one after it not yet', () => {
    const steps = bookingProgress(at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_RESERVED' })).steps.map((s) => s.state);
    expect(steps).toEqual(['done', 'done', 'done', 'done', 'current', 'todo']);
  });

  it('flags a step that failed: no allotment, seats NG', () => {
    expect(bookingProgress(at({ subStatus: 'SAGANO_ALLOTMENT_NOT_AVAILABLE' })).steps[1]).toEqual({ step: 'allotment', state: 'current', problem: true, resend: false });
    expect(bookingProgress(at({ status: 'RESERVED', subStatus: 'SAGANO_SEAT_NOT_AVAILABLE' })).steps[3]).toEqual({ step: 'seats', state: 'current', problem: true, resend: false });
  });

  it('makes the step of an outdated mailed document current again, to be re-sent as one step', () => {
    const sent = { status: 'MODIFIED', subStatus: 'SAGANO_SEAT_TABLE_SENT', voucherConfirmed: true } as const;
    const both = { ...at(sent, true), outdated: ['seat_table', 'voucher'] as const };
    const steps = bookingProgress(both).steps;
    expect(steps.map((s) => [s.state, s.resend])).toEqual([['done', false], ['done', false], ['done', false], ['done', false], ['current', true], ['current', true]]);
    expect(nextBookingStep(both)).toBe('resend_documents');
    const tableOnly = { ...at(sent, true), outdated: ['seat_table'] as const };
    expect(bookingProgress(tableOnly).steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'done']);
    expect(nextBookingStep(tableOnly)).toBe('resend_documents');
    // Seats gone with the change: the ordinary steps come first, the voucher is not re-sent as it stands.
    const seatsGone = { ...at({ status: 'MODIFIED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }, true), outdated: ['seat_table', 'voucher'] as const };
    expect(nextBookingStep(seatsGone)).toBe('assign_seats');
    expect(bookingProgress(seatsGone).steps.find((s) => s.step === 'voucher')?.resend).toBe(false);
  });

  it('says plainly when the booking is waitlisted, cancelling, cancelled or refused', () => {
    expect(bookingProgress(at({ status: 'WAITLIST' })).mode).toBe('waitlist');
    expect(bookingProgress(at({ status: 'CANCELLATION_SUBMITTED' })).mode).toBe('cancelling');
    expect(bookingProgress(at({ status: 'CANCELLATION_PENDING' })).mode).toBe('cancelling');
    expect(bookingProgress(at({ status: 'CANCELLED' })).mode).toBe('cancelled');
    expect(bookingProgress(at({ status: 'NOT_RESERVED' })).mode).toBe('refused');
    expect(nextBookingStep(at({ status: 'CANCELLATION_SUBMITTED' }))).toBe('confirm_cancellation');
    expect(nextBookingStep(at({ status: 'CANCELLED' }))).toBeNull();
    expect(nextBookingStep(at({ status: 'WAITLIST', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' }))).toBe('confirm_booking');
  });

  it('offers as next step only a step the operator may take, in every state', () => {
    const stepOf = { confirm_cancellation: 'confirm_cancellation', reserve_allotments: 'reserve_allotments', confirm_booking: 'confirm_booking', confirm_seats: 'confirm_seats', confirm_voucher: 'confirm_voucher', resend_documents: 'confirm_seats' } as const;
    for (const status of BOOKING_STATUSES) {
      for (const subStatus of BOOKING_SUB_STATUSES) {
        for (const voucherConfirmed of [false, true]) {
          const input = { ...at({ status, subStatus, voucherConfirmed }, true), outdated: ['seat_table', 'voucher'] as const };
          const next = nextBookingStep(input);
          if (next === null) continue;
          const allowed = next === 'assign_seats' ? mayTake('assign_seats', input.state, 'OPERATOR') || mayTake('assign_seats_ok', input.state, 'OPERATOR') : mayTake(stepOf[next], input.state, 'OPERATOR');
          expect(allowed, `${status}/${subStatus}`).toBe(true);
        }
      }
    }
  });
});
