import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateBookingBody, CreateBookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** POST /v1/bookings: idempotent on external_idempotent_id, so a retry answers the same booking. */
export function createBooking(body: CreateBookingBody): Promise<z.infer<typeof CreateBookingResponse>> {
  return apiClient.post('/v1/bookings', body);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKeys.all }),
  });
}
