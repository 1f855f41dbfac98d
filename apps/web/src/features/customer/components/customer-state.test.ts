import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, REFUSAL_REASONS, type BookingStatus } from '@sagano/domain/bookings/booking-state';
import { customerPageView, type CustomerPageState } from './customer-state.ts';

const train = (seats: string[], standing = 0) => ({
  direction: 'down' as const,
  service_day: '2026-05-06',
  service_id: 11,
  service_names: [],
  from_station_id: 1,
  to_station_id: 4,
  departure_hhmm: '09:02',
  arrival_hhmm: '09:25',
  cars: seats.length > 0 ? [{ car_number: 2, seats }] : [],
  standing,
});

const view = (status: BookingStatus, over: Partial<Parameters<typeof customerPageView>[0]> = {}) =>
  customerPageView({ status, refusal_reason: null, voucher_available: false, trains: [train([])], ...over });

describe("the group's page says what happened to the booking", () => {
  it('a cancelled booking: no seats, no voucher, no invoice to come', () => {
    // Even with seats still listed and a voucher confirmed before the cancellation.
    expect(view('CANCELLED', { trains: [train(['1A'])], voucher_available: true })).toEqual({ state: 'cancelled', color: 'gray', seats: 'never', voucher: 'never', invoice: false });
  });

  it('a refused booking says why: full, the day suspended, the train suspended, other; nothing to come', () => {
    const states: Record<(typeof REFUSAL_REASONS)[number], CustomerPageState> = { FULL: 'refusedFull', SERVICEDAY_SUSPENSION: 'refusedDaySuspended', SERVICE_SUSPENSION: 'refusedTrainSuspended', OTHER: 'refusedOther' };
    for (const reason of REFUSAL_REASONS) {
      expect(view('NOT_RESERVED', { refusal_reason: reason })).toEqual({ state: states[reason], color: 'red', seats: 'never', voucher: 'never', invoice: false });
    }
    // A refusal stored without a reason (older bookings) is "other", never a promise.
    expect(view('NOT_RESERVED').state).toBe('refusedOther');
  });

  it('waitlisted or submitted: seats and voucher only after the operator answers', () => {
    expect(view('WAITLIST')).toMatchObject({ state: 'waitlisted', seats: 'afterAnswer', voucher: 'afterAnswer' });
    expect(view('SUBMITTED')).toMatchObject({ state: 'submitted', seats: 'afterAnswer', voucher: 'afterAnswer' });
  });

  it('a change request waits for the answer; a cancellation request holds seats and voucher', () => {
    expect(view('MODIFICATION_SUBMITTED', { trains: [train(['1A'])] })).toMatchObject({ state: 'changeRequested', voucher: 'afterAnswer', invoice: true });
    expect(view('CANCELLATION_SUBMITTED')).toMatchObject({ state: 'cancellationRequested', seats: 'onHold', voucher: 'onHold' });
    expect(view('CANCELLATION_PENDING')).toMatchObject({ state: 'cancellationRequested', seats: 'onHold', voucher: 'onHold' });
  });

  it('confirmed: without seats yet, seated (seats or standing places), or with the voucher ready', () => {
    for (const status of ['RESERVED', 'MODIFIED', 'NOT_MODIFIED'] as const) {
      expect(view(status)).toEqual({ state: 'confirmedNoSeats', color: 'teal', seats: 'coming', voucher: 'coming', invoice: true });
      expect(view(status, { trains: [train(['1A', '1B'])] }).state).toBe('seated');
      expect(view(status, { trains: [train([], 3)] }).state).toBe('seated');
      expect(view(status, { trains: [train(['1A'])], voucher_available: true })).toMatchObject({ state: 'voucherReady', voucher: 'ready' });
    }
  });

  it('has a message for every status, and promises seats or a voucher only where they can come', () => {
    for (const status of BOOKING_STATUSES) {
      const { state, seats, voucher } = view(status);
      expect(state).toBeTruthy();
      if (status === 'CANCELLED' || status === 'NOT_RESERVED') expect([seats, voucher]).toEqual(['never', 'never']);
      else expect(seats).not.toBe('never');
    }
  });
});
