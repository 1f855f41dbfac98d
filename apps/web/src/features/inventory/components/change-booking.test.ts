import { describe, expect, it } from 'vitest';
import type { ServiceOrderRow } from '@sagano/domain/bookings/booking-schemas';
import { changeableRows, changeFormLink, trainChangeBlocked } from './change-booking.ts';
import { changeableBookingsQuery } from '../api/search-changeable-bookings.ts';

const row = (booking_id: string, direction: 'down' | 'up', service_id: number, service_date: string) => ({ booking_id, direction, service_id, service_date }) as ServiceOrderRow;

describe('changing a booking to a train of the seat inquiry', () => {
  it('offers the booked trains the picked one can replace: same direction, not the same train that day', () => {
    const rows = [row('1', 'down', 3, '2027-06-10'), row('2', 'up', 4, '2027-06-10'), row('3', 'down', 5, '2027-06-10'), row('4', 'down', 5, '2027-06-11')];
    expect(changeableRows(rows, { date: '2027-06-10', service_id: 5, direction: 'down' }).map((r) => r.booking_id)).toEqual(['1', '4']);
    expect(changeableRows(rows, { date: '2027-06-10', service_id: 6, direction: 'up' }).map((r) => r.booking_id)).toEqual(['2']);
  });

  it('a booking whose trains were changed once, or that cannot change now, is not sent to the form', () => {
    const booking = (can_update: boolean, update_count: number) => ({ can_update, main_params: { service_order: { update_count } } });
    expect(trainChangeBlocked(booking(true, 0))).toBeNull();
    expect(trainChangeBlocked(booking(true, 1))).toBe('used');
    expect(trainChangeBlocked(booking(false, 0))).toBe('notNow');
  });

  it('links the change form with the train chosen', () => {
    expect(changeFormLink('27061001', { date: '2027-06-12', service_id: 7, direction: 'up' })).toBe('/bookings/27061001/update?date=2027-06-12&up_service_id=7');
  });

  it('searches confirmed bookings from today by number or group name', () => {
    expect(changeableBookingsQuery(' 2706-1001 ', '2027-06-01')).toMatchObject({ booking_id: '27061001', status: ['RESERVED', 'MODIFIED', 'NOT_MODIFIED'], service_date_from: '2027-06-01' });
    expect(changeableBookingsQuery('嵯峨小学校', '2027-06-01')).toMatchObject({ group_name: '嵯峨小学校' });
    expect(changeableBookingsQuery('  ', '2027-06-01')).not.toHaveProperty('group_name');
  });
});
