import type { RequestSeatAssignmentBody, RequestSeatAssignmentResponse } from '@sagano/domain/bookings/seat-request-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { useBookingStep } from './booking-steps.ts';

/**
 * POST /v1/bookings/{booking_id}/request_seat_assignment: the agent asks the operator to assign the
 * seats (a SEAT_ASSIGNMENT_REQUEST notification); the booking itself does not change.
 */
export function requestSeatAssignment(bookingId: string, body: RequestSeatAssignmentBody): Promise<RequestSeatAssignmentResponse> {
  return apiClient.post<RequestSeatAssignmentResponse>(apiPath('/v1/bookings/{booking_id}/request_seat_assignment', { booking_id: bookingId }), body);
}

export function useRequestSeatAssignment(bookingId: string) {
  return useBookingStep((body: RequestSeatAssignmentBody) => requestSeatAssignment(bookingId, body));
}
