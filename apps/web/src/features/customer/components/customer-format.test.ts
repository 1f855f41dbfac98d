import { describe, expect, it } from 'vitest';
import { customerStatus, formatServiceDate, groupSeatsByCar, sortTrips, stationName, tripKind } from './customer-format.ts';

describe('customerStatus', () => {
  it('speaks of a confirmed booking for reserved and modified ones', () => {
    expect(customerStatus('RESERVED')).toBe('confirmed');
    expect(customerStatus('MODIFIED')).toBe('confirmed');
    expect(customerStatus('NOT_MODIFIED')).toBe('confirmed');
  });

  it('says cancelled, refused, waiting or in progress for the rest', () => {
    expect(customerStatus('CANCELLED')).toBe('cancelled');
    expect(customerStatus('NOT_RESERVED')).toBe('notReserved');
    expect(customerStatus('WAITLIST')).toBe('waitlist');
    for (const status of ['SUBMITTED', 'MODIFICATION_SUBMITTED', 'CANCELLATION_SUBMITTED', 'CANCELLATION_PENDING'] as const) {
      expect(customerStatus(status)).toBe('inProgress');
    }
  });
});

describe('formatServiceDate', () => {
  it('writes the date with its weekday in each language, whatever the time zone', () => {
    expect(formatServiceDate('2026-05-06', 'ja')).toBe('2026年5月6日(水)');
    expect(formatServiceDate('2026-05-06', 'en')).toBe('Wed, May 6, 2026');
    expect(formatServiceDate('2026-05-06', 'ja', { short: true })).toBe('5月6日(水)');
    expect(formatServiceDate('2026-05-06', 'en', { short: true })).toBe('Wed, May 6');
  });

  it('leaves anything else as given', () => {
    expect(formatServiceDate('soon', 'ja')).toBe('soon');
  });
});

describe('trips', () => {
  it('orders trains by day and departure and names them outbound / return', () => {
    const trips = sortTrips([
      { id: 'b', service_day: '2026-05-06', departure_hhmm: '15:02' },
      { id: 'a', service_day: '2026-05-06', departure_hhmm: '09:02' },
    ]);
    expect(trips.map((t) => t.id)).toEqual(['a', 'b']);
    expect(tripKind(0, 2)).toBe('outbound');
    expect(tripKind(1, 2)).toBe('return');
    expect(tripKind(0, 1)).toBe('single');
  });
});

describe('stationName', () => {
  it('prefers the API labels and falls back to the local names', () => {
    const stations = [{ station_id: 1, labels: [{ language_id: 'ja' as const, text: '嵯峨' }, { language_id: 'en' as const, text: 'Saga' }] }];
    expect(stationName(1, 'en', stations)).toBe('Saga');
    expect(stationName(4, 'ja', stations)).toBe('トロッコ亀岡');
    expect(stationName(2, 'en', undefined)).toBe('Torokko Arashiyama');
  });
});

describe('groupSeatsByCar', () => {
  it('groups seats per car in car, row, letter order', () => {
    expect(
      groupSeatsByCar([
        { car_number: 3, row: 2, letter: 'A' },
        { car_number: 2, row: 1, letter: 'B' },
        { car_number: 2, row: 1, letter: 'A' },
      ]),
    ).toEqual([
      { car: 2, seats: ['1A', '1B'] },
      { car: 3, seats: ['2A'] },
    ]);
  });
});
