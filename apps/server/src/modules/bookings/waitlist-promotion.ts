/**
 * Waitlist promotion (issue 18, DESIGN §5): when capacity frees on a train, the waitlisted
 * bookings on it that now fit are given their allotment in submission order, each group whole
 * (every direction and leg) or not at all. Each promotion is the reserve_allotments step taken
 * by the system in its own transaction, through the same hold code and the same counter guard
 * as any hold (so it can never oversell), with a history revision, an operation log entry signed
 * `system`, WAITLIST_PROMOTED notifications for the operator and the booking's agent and branch,
 * and a scheduled_effects row that makes a rerun or a second server a no-op.
 */
import type { BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { claimEffect } from '../jobs/index.ts';
import { firstPastUnheld, holdDirections, beginSystemStep, nextStep, notify, SYSTEM_ACTOR, SYSTEM_CALLER, recordRevision } from '../booking-core/index.ts';
import type { PromoteWaitlistPayload } from '../inventory/index.ts';
import { waitingOn } from './booking-jobs.repository.ts';

/** The sub statuses a waitlisted booking waits in, holding nothing (DESIGN §5). */
const WAITING: readonly BookingSubStatus[] = ['INITIAL', 'SAGANO_ALLOTMENT_NOT_AVAILABLE'];

/** Thrown inside a promotion's transaction to roll it back: the group does not fit whole. */
class DoesNotFit extends Error {}

export interface PromotionOutcome {
  /** Public booking numbers promoted, in the order they were. */
  promoted: string[];
  /** Waitlisted bookings tried that did not fit (or were taken meanwhile). */
  skipped: string[];
}


/**
 * One promotion in the caller's transaction: true when the booking now holds every direction
 * (status stays WAITLIST, sub status SAGANO_ALLOTMENT_CONFIRMED: the operator confirms it as
 * any request); false when it is no longer waiting or was promoted today already. A group that
 * does not fit whole throws DoesNotFit so the transaction (holds included) rolls back.
 */
export async function promoteOne(work: Work, bookingId: string, today: string, reason: string): Promise<boolean> {
  const step = await beginSystemStep(work, bookingId, 'reserve_allotments');
  if (!step) return false;
  const { booking, state } = step;
  if (booking.status !== 'WAITLIST' || !WAITING.includes(booking.subStatus)) return false;
  if (booking.services.some((s) => s.heldGroup > 0 || s.heldWheelchair > 0 || s.heldStanding > 0)) return false;
  if (firstPastUnheld(booking, today) >= 0) return false;
  // Once per booking and day, whoever runs it: the unique (kind, subject, date) row decides.
  const taken = await claimEffect(work.tx, {
    kind: 'WAITLIST_PROMOTION',
    subject: `booking:${booking.id}`,
    effectDate: today,
    bookingId: booking.id,
    detail: { booking_id: booking.bookingId, reason, trains: booking.services.map((s) => ({ service_date: s.serviceDate, service_id: s.serviceId, direction: s.direction })) },
  });
  if (!taken) return false;
  const failures = await holdDirections(work.tx, booking);
  if (failures.length > 0) throw new DoesNotFit(failures.join('; '));
  const next = nextStep(state, 'reserve_allotments', SYSTEM_CALLER, { outcome: 'ALL' });
  await notify(work.tx, booking, 'ADMIN', 'WAITLIST_PROMOTED');
  await notify(work.tx, booking, 'AGENT', 'WAITLIST_PROMOTED');
  await recordRevision(work.tx, booking.id, 'UPDATE', { subStatus: next.subStatus }, SYSTEM_ACTOR);
  await insertOperationLog(work.tx, {
    category: 'bookings',
    operator: SYSTEM_ACTOR,
    operatorAccountId: null,
    operation: 'bookings.promote_waitlist',
    bookingId: booking.bookingId,
    isError: false,
    statusCode: 200,
    requestJson: { reason },
    responseJson: {
      status: booking.status,
      sub_status: next.subStatus,
      held: booking.services.map((s) => ({ service_date: s.serviceDate, service_id: s.serviceId, held_group: s.heldGroup, held_wheelchair: s.heldWheelchair })),
    },
  });
  return true;
}

/**
 * The job's work: per train of the payload (date and train order), its waitlisted bookings in
 * submission order, each tried in its own transaction; one too big is skipped and the next is
 * tried. A failure other than "does not fit" (a lock wait past the limit, a deadlock) stops the
 * run and is thrown, so the queue retries it: the bookings after it are not promoted first.
 */
export async function promoteWaitlist(deps: { db: Db; clock: Clock; jobs?: JobSender | undefined }, payload: PromoteWaitlistPayload): Promise<PromotionOutcome> {
  const today = deps.clock.today();
  const except = new Set(payload.except_booking_ids ?? []);
  const trains = [...payload.trains].filter((x) => x.service_date >= today).sort((x, y) => x.service_date.localeCompare(y.service_date) || x.service_id - y.service_id);
  const tried = new Set<string>();
  const outcome: PromotionOutcome = { promoted: [], skipped: [] };
  for (const train of trains) {
    for (const bookingId of await waitingOn(deps.db, train.service_date, train.service_id)) {
      if (tried.has(bookingId) || except.has(bookingId)) continue;
      tried.add(bookingId);
      try {
        const promoted = await inTransaction(deps.db, (work) => promoteOne(work, bookingId, today, payload.reason), { jobs: deps.jobs });
        (promoted ? outcome.promoted : outcome.skipped).push(bookingId);
      } catch (error) {
        if (!(error instanceof DoesNotFit)) throw error;
        outcome.skipped.push(bookingId);
      }
    }
  }
  return outcome;
}
