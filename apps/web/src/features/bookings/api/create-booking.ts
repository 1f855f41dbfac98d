import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateBookingBody, CreateBookingResponse, UpdateParamsBody, UpdateParamsResponse } from '@sagano/domain/bookings/booking-schemas';
import { ifMatchFor } from '../../../lib/booking-revisions.ts';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

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

/**
 * PUT /v1/bookings/{id}/params: staff change a confirmed booking at once; an agent's change waits
 * for the operator. Sent with the revision the form was filled from (If-Match): a booking someone
 * changed meanwhile answers BOOKING_CHANGED instead of being overwritten.
 */
export function updateBooking(bookingId: string, body: UpdateParamsBody): Promise<z.infer<typeof UpdateParamsResponse>> {
  return apiClient.put(apiPath('/v1/bookings/{booking_id}/params', { booking_id: bookingId }), body, ifMatchFor(bookingId));
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: UpdateParamsBody }) => updateBooking(bookingId, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: bookingsKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.inventory })]),
  });
}
