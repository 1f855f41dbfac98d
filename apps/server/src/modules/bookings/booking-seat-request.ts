/**
 * The agent asks the operator to assign the seats of a confirmed booking (our addition; the
 * operator's SEAT_ASSIGNMENT_REQUEST notification, spec 000 §4). Nothing about the booking
 * changes, so no history revision is written and the revision stays (an operator's open screen
 * keeps its If-Match); the operation log records the call.
 */
import { roomsOfAgentData } from '@sagano/domain/realtime/realtime-events';
import type { RequestSeatAssignmentBody, RequestSeatAssignmentResponse } from '@sagano/domain/bookings/seat-request-schemas';
import type { Work } from '../../lib/unit-of-work.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import type { Principal } from '../auth/index.ts';
import { beginStep, notify } from '../booking-core/index.ts';
import { lastSeatRequestAt, openSeatRequest } from './seat-requests.repository.ts';

/**
 * Leaves the operator one SEAT_ASSIGNMENT_REQUEST (with the agent's message, if any). While an
 * earlier request is still unread in the operator's inbox, asking again adds nothing and answers
 * that request's time; once it was read (or deleted), a new request is a reminder of its own.
 */
export async function requestSeatAssignment(work: Work, principal: Principal, bookingId: string, body: RequestSeatAssignmentBody): Promise<RequestSeatAssignmentResponse> {
  const { booking } = await beginStep(work, principal, bookingId, 'request_seat_assignment');
  const open = await openSeatRequest(work.tx, booking.id);
  if (open) return { requested_at: open.createdAt.toISOString(), already_requested: true };
  const message = body.message?.trim();
  await notify(work.tx, booking, 'ADMIN', 'SEAT_ASSIGNMENT_REQUEST', 'booking', message ? { message } : undefined);
  // The booking's answer shows when seats were asked for: open screens of it refetch.
  await publishRealtime(work.tx, roomsOfAgentData(booking), { type: 'booking.changed', booking_id: booking.bookingId, revision: booking.revision });
  const requestedAt = await lastSeatRequestAt(work.tx, booking.id);
  return { requested_at: (requestedAt ?? new Date()).toISOString(), already_requested: false };
}
