import { useQuery } from '@tanstack/react-query';
import type { CancellationQuoteResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** GET /v1/bookings/{booking_id}/cancellation_fee: what cancelling today would cost, with the policy. */
export function useCancellationFee(bookingId: string) {
  return useQuery({
    queryKey: [...bookingsKeys.detail(bookingId), 'cancellation_fee'],
    queryFn: () => apiClient.get<CancellationQuoteResponse>(apiPath('/v1/bookings/{booking_id}/cancellation_fee', { booking_id: bookingId })),
  });
}
