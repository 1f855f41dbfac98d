import { useQuery } from '@tanstack/react-query';
import type { BookingCancellationPolicyResponse } from '@sagano/domain/bookings/cancellation-schedule';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** GET /v1/bookings/{booking_id}/cancellation_policy: the booking's policy document (days and fees in yen). */
export function useBookingCancellationPolicy(bookingId: string) {
  return useQuery({
    queryKey: [...bookingsKeys.detail(bookingId), 'cancellation_policy'],
    queryFn: () => apiClient.get<BookingCancellationPolicyResponse>(apiPath('/v1/bookings/{booking_id}/cancellation_policy', { booking_id: bookingId })),
  });
}
