/**
 * The card fare's due date (DESIGN §6): the group schedule's date when it leaves the agent time to
 * pay, else a few days after confirmation, never past the first train and never before the day
 * the booking was confirmed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../common/business-date.ts';
import { CANCELLATION_FEE_DUE_DAYS, cancellationFeeDueDate, FARE_MIN_DAYS_TO_PAY, fareDueDate } from './due-dates.ts';

/** Dates from 2000 to 2199 as yyyy-MM-dd. */
const aDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
/** payment_day_before as the group schedule allows it (0–365). */
const aDaysBefore = fc.integer({ min: 0, max: 365 });
/** A booking confirmed some days before its first train (or, when negative, after it). */
const aBooking = fc.record({ confirmedOn: aDate, daysAhead: fc.integer({ min: -30, max: 400 }), paymentDayBefore: aDaysBefore }).map(({ confirmedOn, daysAhead, paymentDayBefore }) => ({
  confirmedOn,
  firstServiceDate: addDays(confirmedOn, daysAhead),
  paymentDayBefore,
}));

describe('the card fare due date', () => {
  it('is the schedule\'s date for a booking confirmed well ahead, and a few days after confirmation for one confirmed late', () => {
    // Forty days out with payment due ten days before: the schedule stands.
    expect(fareDueDate({ firstServiceDate: '2030-05-09', paymentDayBefore: 10, confirmedOn: '2030-03-30' })).toBe('2030-04-29');
    // Five days out: the schedule's date has passed; the agent gets FARE_MIN_DAYS_TO_PAY days.
    expect(FARE_MIN_DAYS_TO_PAY).toBe(3);
    expect(fareDueDate({ firstServiceDate: '2030-05-09', paymentDayBefore: 10, confirmedOn: '2030-05-04' })).toBe('2030-05-07');
    // Two days out: the first train's day caps it.
    expect(fareDueDate({ firstServiceDate: '2030-05-09', paymentDayBefore: 10, confirmedOn: '2030-05-07' })).toBe('2030-05-09');
    // On the day, or after it (a late answer): due the day it is confirmed.
    expect(fareDueDate({ firstServiceDate: '2030-05-09', paymentDayBefore: 10, confirmedOn: '2030-05-09' })).toBe('2030-05-09');
    expect(fareDueDate({ firstServiceDate: '2030-05-09', paymentDayBefore: 10, confirmedOn: '2030-05-12' })).toBe('2030-05-12');
    // Across a month and a leap day.
    expect(fareDueDate({ firstServiceDate: '2028-03-02', paymentDayBefore: 7, confirmedOn: '2028-02-27' })).toBe('2028-03-01');
  });

  it('is never before the day the booking is confirmed (never overdue when opened)', () => {
    fc.assert(
      fc.property(aBooking, (b) => {
        expect(fareDueDate(b) >= b.confirmedOn).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is never after the first train while the train is still ahead', () => {
    fc.assert(
      fc.property(aBooking, (b) => {
        fc.pre(b.firstServiceDate >= b.confirmedOn);
        expect(fareDueDate(b) <= b.firstServiceDate).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is the schedule\'s date whenever that leaves the agent FARE_MIN_DAYS_TO_PAY days, and never earlier than it', () => {
    fc.assert(
      fc.property(aBooking, (b) => {
        const scheduled = addDays(b.firstServiceDate, -b.paymentDayBefore);
        const due = fareDueDate(b);
        expect(due >= scheduled).toBe(true);
        if (daysBetween(b.confirmedOn, scheduled) >= FARE_MIN_DAYS_TO_PAY) expect(due).toBe(scheduled);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves the agent FARE_MIN_DAYS_TO_PAY days, or every day left before the first train when fewer', () => {
    fc.assert(
      fc.property(aBooking, (b) => {
        const daysLeft = daysBetween(b.confirmedOn, b.firstServiceDate);
        fc.pre(daysLeft >= 0);
        const given = daysBetween(b.confirmedOn, fareDueDate(b));
        expect(given).toBe(Math.min(daysLeft, Math.max(FARE_MIN_DAYS_TO_PAY, daysLeft - b.paymentDayBefore)));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the day of confirmation for a booking confirmed on or after its first train', () => {
    fc.assert(
      fc.property(aDate, fc.integer({ min: 0, max: 30 }), aDaysBefore, (firstServiceDate, late, paymentDayBefore) => {
        const confirmedOn = addDays(firstServiceDate, late);
        expect(fareDueDate({ firstServiceDate, paymentDayBefore, confirmedOn })).toBe(confirmedOn);
      }),
    );
  });

  it('never moves earlier when the booking is confirmed later', () => {
    fc.assert(
      fc.property(aBooking, fc.integer({ min: 0, max: 60 }), (b, later) => {
        expect(fareDueDate({ ...b, confirmedOn: addDays(b.confirmedOn, later) }) >= fareDueDate(b)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a yyyy-MM-dd date', () => {
    fc.assert(
      fc.property(aBooking, (b) => {
        expect(fareDueDate(b)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
    );
  });
});

describe('cancellationFeeDueDate', () => {
  it('is a week after the cancellation, across a month end', () => {
    expect(CANCELLATION_FEE_DUE_DAYS).toBe(7);
    expect(cancellationFeeDueDate('2026-11-28')).toBe('2026-12-05');
  });
});
