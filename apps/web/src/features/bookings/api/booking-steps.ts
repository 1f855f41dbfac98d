import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AssignOperatorBody,
  CancelBookingResponse,
  ConfirmBookingBody,
  DeclineCancellationBody,
  RefuseBookingBody,
  RejectModificationBody,
  ReserveAllotmentsResponse,
  SelectPriorityBody,
  UpdateFromToStationBody,
} from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath, withQuery } from '../../../lib/api-client.ts';
import { ifMatchFor } from '../../../lib/booking-revisions.ts';
import { bookingsKeys } from './bookings-keys.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

type Ok = { ok: true };
const stepPath = (bookingId: string, step: string) => `${apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId })}/${step}`;
/** A step sent with the revision this tab shows (If-Match): a booking changed meanwhile answers BOOKING_CHANGED. */
const stepPost = <T>(bookingId: string, path: string, body: unknown) => apiClient.post<T>(path, body, ifMatchFor(bookingId));

/** POST /v1/bookings/{id}/reserve_allotments: answers the new sub status and a warning when not all was held. */
export const reserveAllotments = (bookingId: string) =>
  stepPost<z.infer<typeof ReserveAllotmentsResponse>>(bookingId, stepPath(bookingId, 'reserve_allotments'), {});
/** POST /v1/bookings/{id}/release_allotments. */
export const releaseAllotments = (bookingId: string) => stepPost<Ok>(bookingId, stepPath(bookingId, 'release_allotments'), {});
/** POST /v1/bookings/{id}/confirm_booking with the (edited) booking OK mail. */
export const confirmBooking = (bookingId: string, body: z.infer<typeof ConfirmBookingBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'confirm_booking'), body);
/** POST /v1/bookings/{id}/refuse_booking with the reason and the (edited) booking NG mail. */
export const refuseBooking = (bookingId: string, body: z.infer<typeof RefuseBookingBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'refuse_booking'), body);
/** POST /v1/bookings/{id}/select_priority. */
export const selectPriority = (bookingId: string, body: z.infer<typeof SelectPriorityBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'select_priority'), body);
/** POST /v1/bookings/{id}/assign_operator. */
export const assignOperator = (bookingId: string, body: z.infer<typeof AssignOperatorBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'assign_operator'), body);
/** POST /v1/bookings/{id}/add_special_note?confirm_note=&voucher_note= (the notes travel in the query). */
export const addSpecialNote = (bookingId: string, notes: { confirm_note: string; voucher_note: string }) =>
  stepPost<Ok>(bookingId, withQuery(stepPath(bookingId, 'add_special_note'), notes), {});
/** POST /v1/bookings/{id}/update_from_to_station. */
export const updateFromToStation = (bookingId: string, body: z.infer<typeof UpdateFromToStationBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'update_from_to_station'), body);

/** POST /v1/bookings/{id}/cancel: the agent asks (agreeing to the policy), the operator starts one. */
export const cancelBooking = (bookingId: string, body: { agree_cancellation_policy: boolean }) =>
  stepPost<z.infer<typeof CancelBookingResponse>>(bookingId, stepPath(bookingId, 'cancel'), body);
/** POST /v1/bookings/{id}/confirm_cancellation: irreversible. */
export const confirmCancellation = (bookingId: string) => stepPost<Ok>(bookingId, stepPath(bookingId, 'confirm_cancellation'), {});
/** POST /v1/bookings/{id}/decline_cancellation with the reason: back to the status before the cancellation. */
export const declineCancellation = (bookingId: string, body: z.infer<typeof DeclineCancellationBody>) =>
  stepPost<Ok>(bookingId, stepPath(bookingId, 'decline_cancellation'), body);

/** POST /v1/bookings/{id}/accept_modification: the agent's pending change is applied. */
export const acceptModification = (bookingId: string) => stepPost<Ok>(bookingId, stepPath(bookingId, 'accept_modification'), {});
/** POST /v1/bookings/{id}/reject_modification with the reason told to the agent: the pending change is dropped (NOT_MODIFIED). */
export const rejectModification = (bookingId: string, body: z.infer<typeof RejectModificationBody>) => stepPost<Ok>(bookingId, stepPath(bookingId, 'reject_modification'), body);

/** A booking step as a mutation; every success refreshes the booking views (and the seat inquiry's figures). */
export function useBookingStep<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
        queryClient.invalidateQueries({ queryKey: queryRoots.inventory }),
      ]);
    },
  });
}
