import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSeatsResponse } from '@sagano/domain/seats/seat-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
// The seat views live under the booking keys: every booking step (useBookingStep) refreshes them too.
import { queryRoots } from '../../../lib/query-keys.ts';

export const bookingSeatsKey = (bookingId: string) => [...queryRoots.bookings, 'seats', bookingId] as const;

/** GET /v1/bookings/{id}/seats: the train of each direction seat by seat, as this booking sees it. */
export function getBookingSeats(bookingId: string): Promise<BookingSeatsResponse> {
  return apiClient.get<BookingSeatsResponse>(apiPath('/v1/bookings/{booking_id}/seats', { booking_id: bookingId }));
}

export function bookingSeatsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingSeatsKey(bookingId),
    queryFn: () => getBookingSeats(bookingId),
    staleTime: 0,
    // The screen shows the failure in place of the map.
    meta: { silentError: true },
  });
}

export function useBookingSeats(bookingId: string) {
  return useQuery(bookingSeatsQueryOptions(bookingId));
}
