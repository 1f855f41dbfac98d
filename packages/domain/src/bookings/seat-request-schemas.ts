/**
 * The agent's request for seats (our addition, spec 000 §4 admin notification "seat assignment
 * request"): POST /v1/bookings/{booking_id}/request_seat_assignment on a confirmed booking whose
 * seats are not assigned yet leaves the operator a SEAT_ASSIGNMENT_REQUEST.
 */
import { z } from 'zod';
import { MAX_SEAT_REQUEST_MESSAGE } from './booking-constants.ts';

/** What the agent may add for the operator (a wish about cars or seats), optional; a call without a body asks without one. */
export const RequestSeatAssignmentBody = z.preprocess((v) => v ?? {}, z.object({ message: z.string().trim().max(MAX_SEAT_REQUEST_MESSAGE).optional() }).strict());
export type RequestSeatAssignmentBody = z.infer<typeof RequestSeatAssignmentBody>;

export const RequestSeatAssignmentResponse = z.object({
  /** When the request the operator now has was made. */
  requested_at: z.string(),
  /** True when an earlier request is still unread in the operator's inbox: nothing new was added. */
  already_requested: z.boolean(),
});
export type RequestSeatAssignmentResponse = z.infer<typeof RequestSeatAssignmentResponse>;
