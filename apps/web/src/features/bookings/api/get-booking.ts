import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** GET /v1/bookings/{booking_id}: the whole booking with its history, notes and can_* flags. */
export function getBooking(bookingId: string): Promise<BookingResponse> {
  return apiClient.get<BookingResponse>(`/v1/bookings/${encodeURIComponent(bookingId)}`);
}

export function bookingQueryOptions(bookingId: string) {
  return queryOptions({ queryKey: bookingsKeys.detail(bookingId), queryFn: () => getBooking(bookingId) });
}

/** `enabled` lets the detail wait for the unit list first (spec 000 §2). */
export function useBooking(bookingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingQueryOptions(bookingId), enabled: options.enabled ?? true });
}
