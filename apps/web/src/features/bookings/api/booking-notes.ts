import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AddNoteBody } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** POST /v1/bookings/{id}/notes: a note; `is_private` ones are never shown to agents (the server filters). */
export function addBookingNote(bookingId: string, body: z.input<typeof AddNoteBody>): Promise<{ note_id: number }> {
  return apiClient.post(apiPath('/v1/bookings/{booking_id}/notes', { booking_id: bookingId }), body);
}

export function useAddBookingNote(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof AddNoteBody>) => addBookingNote(bookingId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKeys.detail(bookingId) }),
  });
}
