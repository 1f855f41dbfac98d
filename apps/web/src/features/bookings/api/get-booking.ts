import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { unitsQueryOptions } from '../../../lib/reference/get-units.ts';
import { rememberBookingRevision } from '../../../lib/booking-revisions.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** GET /v1/bookings/{booking_id}: the whole booking with its history, notes and can_* flags; its revision is what this tab's steps send as If-Match. */
export async function getBooking(bookingId: string): Promise<BookingResponse> {
  const booking = await apiClient.get<BookingResponse>(apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId }));
  rememberBookingRevision(bookingId, booking.main_params.revision);
  return booking;
}

export function bookingQueryOptions(bookingId: string) {
  return queryOptions({ queryKey: bookingsKeys.detail(bookingId), queryFn: () => getBooking(bookingId) });
}

/** `enabled` lets the detail wait for the unit list first (spec 000 §2). */
export function useBooking(bookingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingQueryOptions(bookingId), enabled: options.enabled ?? true });
}

/**
 * The booking page's data, asked for by its route loader while the page's code downloads: the unit
 * list and the booking at once (spec 000 §2 has the page show the booking once both are there; the
 * layout still waits for the units before it reads the booking). A failure stays in the cache for
 * the page to show (404: the not-found screen).
 */
export async function prefetchBookingWithUnits(queryClient: QueryClient, bookingId: string): Promise<void> {
  if (!/^\d{8}$/.test(bookingId)) return;
  await Promise.all([queryClient.prefetchQuery(unitsQueryOptions()), queryClient.prefetchQuery(bookingQueryOptions(bookingId))]);
}
