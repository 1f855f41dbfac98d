import { describe, expect, it } from 'vitest';
import { bookingListSearch, isWholeBookingNumber } from './booking-list-query.ts';

describe('the booking list search', () => {
  it('keeps the service period for every filter but a whole booking number (a part of one is a prefix search)', () => {
    const byName = bookingListSearch(new URLSearchParams(`group_name=さくら&service_from=2027-01-20&service_to=2027-02-19`), { agent: false });
    expect(byName).toMatchObject({ group_name: 'さくら', service_date_from: '2027-01-20', service_date_to: '2027-02-19' });
    const byPart = bookingListSearch(new URLSearchParams('booking_id=6967&service_from=2027-01-20&service_to=2027-02-19'), { agent: false });
    expect(byPart).toMatchObject({ booking_id: '6967', service_date_from: '2027-01-20', service_date_to: '2027-02-19' });
  });

  it('finds a whole booking number on any service date: the period is left out of the query', () => {
    const search = bookingListSearch(new URLSearchParams('booking_id=69677819&service_from=2027-01-20&service_to=2027-02-19'), { agent: true });
    expect(search.booking_id).toBe('69677819');
    expect(search).not.toHaveProperty('service_date_from');
    expect(search).not.toHaveProperty('service_date_to');
  });

  it('reads a whole booking number as the server does: its eight digits, whatever is typed around them', () => {
    expect(isWholeBookingNumber('69677819')).toBe(true);
    expect(isWholeBookingNumber(' 6967-7819 ')).toBe(true);
    expect(isWholeBookingNumber('6967781')).toBe(false);
    expect(isWholeBookingNumber('696778190')).toBe(false);
    expect(isWholeBookingNumber('')).toBe(false);
  });
});
