/**
 * The booking step kernel: the one place a step is locked, checked for visibility (404), for
 * staleness (409 BOOKING_CHANGED) and allowed (409 STEP_NOT_ALLOWED), moved to its next state, recorded as a history revision and
 * notified. A booking step is begin → next → record (→ notify); seat steps begin and record here too.
 */
import { applyStep, mayTake, type BookingCaller, type BookingState, type BookingStep, type StepInput } from '@sagano/domain/bookings/booking-state';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { lockBooking, recordRevision, type BookingPatch, type BookingRow, type HistoryStepNote, type LockedBooking } from './bookings.repository.ts';
import { insertNotification, type NotificationDetail } from '../notifications/index.ts';
import { sendWebhookDeliveries } from '../webhooks/index.ts';
import type { WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';

export function callerOf(principal: Principal): BookingCaller {
  const caps = capabilitiesOf(principal.user);
  if (caps.agentPortal) return 'AGENT';
  return caps.stationOnly ? 'STATION' : 'OPERATOR';
}

export function stateOf(row: Pick<BookingRow, 'status' | 'subStatus' | 'voucherConfirmed'>, isRoundTrip: boolean, ignoreCancellationPolicy: boolean): BookingState {
  return {
    status: row.status,
    subStatus: row.subStatus,
    isRoundTrip,
    voucherConfirmed: row.voucherConfirmed,
    ignoreCancellationPolicy,
  };
}

export function stateOfLocked(booking: LockedBooking): BookingState {
  return stateOf(booking, booking.services.length === 2, booking.ignoreCancellationPolicy);
}

/**
 * Locks the booking and reads what the step needs (one statement), then checks the caller saw the
 * booking as it now stands (If-Match, when sent: 409 BOOKING_CHANGED with the current revision) and
 * may take the step now.
 */
export async function beginStep(work: Work, principal: Principal, bookingId: string, step: BookingStep) {
  const booking = await lockBooking(work.tx, bookingId);
  if (!booking || !canSee(principal, booking)) throw notFound('booking');
  const seen = work.expectedRevision?.();
  if (seen !== undefined && seen !== booking.revision) {
    throw new AppError('BOOKING_CHANGED', `the booking has changed since revision ${seen} (now ${booking.revision}); nothing was changed`, undefined, { current_revision: booking.revision });
  }
  const state = stateOfLocked(booking);
  if (!mayTake(step, state, callerOf(principal))) {
    throw new AppError('STEP_NOT_ALLOWED', `${step.replaceAll('_', ' ')} is not possible for this booking now (${booking.status} / ${booking.subStatus})`);
  }
  return { booking, state };
}

/** Jobs take booking steps with the operator's rights; their history and log are signed `system`. */
export const SYSTEM_CALLER: BookingCaller = 'OPERATOR';
export const SYSTEM_ACTOR = 'system';

/**
 * A step the system takes on its own (a job, not a request): the booking locked as beginStep
 * does, the step checked as the operator's back office would take it. Null when the booking is
 * gone or the step is not allowed now (a job skips it; nothing is written).
 */
export async function beginSystemStep(work: Work, bookingId: string, step: BookingStep): Promise<{ booking: LockedBooking; state: BookingState } | null> {
  const booking = await lockBooking(work.tx, bookingId);
  if (!booking) return null;
  const state = stateOfLocked(booking);
  return mayTake(step, state, SYSTEM_CALLER) ? { booking, state } : null;
}

/** The state the step leads to (its outcome in `input`); a step the machine refuses is 409. */
export function nextStep(state: BookingState, step: BookingStep, caller: BookingCaller, input?: StepInput): BookingState {
  const next = applyStep(state, step, caller, input);
  if (!next.ok) throw new AppError('STEP_NOT_ALLOWED', `${step.replaceAll('_', ' ')} is not possible now`);
  return next.state;
}

/**
 * Writes the step's changes to the booking and its next history revision (one statement); a step
 * agents' systems hear of names its webhook event, written in that statement and sent after commit.
 */
export async function recordStep(work: Work, principal: Principal, booking: LockedBooking, patch: BookingPatch = {}, type: 'UPDATE' | 'CANCEL' = 'UPDATE', stepNote?: HistoryStepNote, event?: WebhookEventType): Promise<void> {
  sendWebhookDeliveries(work, await recordRevision(work.tx, booking.id, type, patch, principal.user.email, stepNote, event));
}

/** recordRevision for a step a job or a port takes with its own actor, its webhook event sent after commit. */
export async function recordSystemStep(work: Work, bookingDbId: number, patch: BookingPatch, actor: string, event?: WebhookEventType): Promise<void> {
  sendWebhookDeliveries(work, await recordRevision(work.tx, bookingDbId, 'UPDATE', patch, actor, undefined, event));
}

/** The one notification a step leaves for the booking's agent (AGENT) or the operator (ADMIN). */
export function notify(tx: Executor, booking: { id: number; agentId: number; agentSubGroupId: number }, audience: 'ADMIN' | 'AGENT', kind: string, category: 'booking' | 'payment' = 'booking', detail?: NotificationDetail): Promise<void> {
  return insertNotification(tx, { audience, category, kind, bookingId: booking.id, agentId: booking.agentId, agentSubGroupId: booking.agentSubGroupId, ...(detail ? { detail } : {}) });
}
