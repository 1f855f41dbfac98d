import { describe, expect, it } from 'vitest';
import type { BookingSeat } from '@sagano/domain/seats/seat-schemas';
import { buildSeatViews, isSelectable, orderSeatIds, pruneSelection, sameSeats, selectionProgress, toggleSeat, wheelchairCount } from './seat-selection.ts';
import { bookingSeat, bookingSeatDirection } from '../../../test/booking-seats.ts';

const seat = bookingSeat;

const direction = (seats: BookingSeat[]) => bookingSeatDirection(seats, { service_id: 1, service_names: [] });

const mine = seat('2-1A', { mine: true });
const mine2 = seat('2-1B', { mine: true });
const free = seat('3-2C', { assignable: true });
const taken = seat('3-2D', { taken_by: '' });
const closed = seat('3-3A');
const takenAssignable = seat('3-3B', { assignable: true, taken_by: '' });
const wheel = seat('2-5A', { assignable: true, is_wheelchair: true });
const d = direction([mine, mine2, free, taken, closed, takenAssignable, wheel]);

describe('seat selection', () => {
  it('lets the group hold its own seats and free ones offered to it', () => {
    expect([mine, free, wheel].every(isSelectable)).toBe(true);
    expect([taken, closed, takenAssignable].some(isSelectable)).toBe(false);
  });

  it('drops a chosen seat and takes a free one on a click; other seats change nothing', () => {
    expect(toggleSeat(['2-1A', '2-1B'], mine)).toEqual(['2-1B']);
    expect(toggleSeat(['2-1B'], free)).toEqual(['2-1B', '3-2C']);
    expect(toggleSeat(['2-1B'], taken)).toEqual(['2-1B']);
    expect(toggleSeat(['2-1B'], mine)).toEqual(['2-1B', '2-1A']);
  });

  it('draws chosen seats as the group’s, taken and closed ones disabled', () => {
    const names = { mine: 'M', free: 'F', taken: 'T', unavailable: 'U' };
    const views = buildSeatViews(d, new Set(['2-1B', '3-2C']), names);
    expect(views['2-1B']).toMatchObject({ typeName: 'M', disabled: false });
    expect(views['2-1A']).toMatchObject({ typeName: 'F', disabled: false });
    expect(views['3-2D']).toMatchObject({ typeName: 'T', disabled: true });
    expect(views['3-3B']).toMatchObject({ typeName: 'T', disabled: true });
    expect(views['3-3A']).toMatchObject({ typeName: 'U', disabled: true });
  });

  it('keeps only seats that can still be had after a reload', () => {
    expect(pruneSelection(['2-1A', '3-2D', '9-9Z', '3-2C'], d)).toEqual(['2-1A', '3-2C']);
  });

  it('orders seats by car, row and letter and compares sets', () => {
    expect(orderSeatIds(['3-2C', '2-1B', '2-1A'], d)).toEqual(['2-1A', '2-1B', '3-2C']);
    expect(sameSeats(['2-1A', '2-1B'], ['2-1B', '2-1A'])).toBe(true);
    expect(sameSeats(['2-1A', '2-1B'], ['2-1A', '3-2C'])).toBe(false);
  });

  it('counts what is missing or too many', () => {
    expect(selectionProgress(1, 3)).toEqual({ kind: 'more', n: 2 });
    expect(selectionProgress(4, 3)).toEqual({ kind: 'fewer', n: 1 });
    expect(selectionProgress(3, 3)).toEqual({ kind: 'ready', n: 0 });
    expect(wheelchairCount(['2-5A', '2-1A'], d)).toBe(1);
  });
});
