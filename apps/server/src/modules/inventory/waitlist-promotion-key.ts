/**
 * The waitlist promotion job's key (issue 18, DESIGN §5): whatever frees capacity on a train
 * (a cancellation, a released allotment, a slot adjustment, a suspension lifted) sends it through
 * its unit of work with the trains that changed; the job (bookings.jobs.ts) gives the waitlisted
 * bookings that now fit their allotment in submission order.
 */
import { z } from 'zod';
import { jobKey } from '../../jobs/define-job.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { insertWaitlistPromotionRequest, type WaitlistPromotionRequest } from './waitlist-promotion-requests.repository.ts';

export const PROMOTE_WAITLIST = jobKey(
  'bookings.promote-waitlist',
  z.object({
    /** The trains whose capacity changed: a service on a business date. */
    trains: z.array(z.object({ service_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), service_id: z.number().int().positive() })).min(1).max(500),
    /** What freed it, for the log: CANCELLATION, RELEASE, SLOT_ADJUSTMENT, SUSPENSION_LIFTED, REFUSAL, MODIFICATION. */
    reason: z.string().max(40),
    /**
     * Bookings (public numbers) this run does not promote: a waitlisted booking whose own
     * allotment the operator just released is not handed the same seats back at once.
     */
    except_booking_ids: z.array(z.string().max(20)).max(50).optional(),
    /** The request row written with the change (waitlist_promotion_requests), marked done by the job; absent in a job sent before there were rows. */
    request_id: z.number().int().positive().optional(),
  }),
);

export type PromoteWaitlistPayload = z.infer<typeof PROMOTE_WAITLIST.payload>;

/**
 * Asks for the promotion on the trains a change freed capacity on: a request row in the change's
 * own transaction (nothing for a change that rolls back), and the job sent once it has committed.
 * Should the send be lost, the sweep or the next start-up runs the row (ADR 010).
 */
export async function promoteWaitlistAfterCommit(
  work: Work,
  trains: readonly { serviceDate: string; serviceId: number }[],
  reason: string,
  options: { exceptBookingIds?: string[] } = {},
): Promise<void> {
  const unique = [...new Map(trains.map((x) => [`${x.serviceDate}|${x.serviceId}`, { service_date: x.serviceDate, service_id: x.serviceId }])).values()];
  if (unique.length === 0) return;
  const request = { trains: unique, reason, exceptBookingIds: options.exceptBookingIds ?? [] };
  work.enqueue(PROMOTE_WAITLIST, promotionPayloadOf({ id: await insertWaitlistPromotionRequest(work.tx, request), ...request }));
}

/** The promotion job's payload for a request row: what its change sends, and what the sweep and the start-up run. */
export function promotionPayloadOf(request: WaitlistPromotionRequest): PromoteWaitlistPayload {
  return { trains: request.trains, reason: request.reason, request_id: request.id, ...(request.exceptBookingIds.length ? { except_booking_ids: request.exceptBookingIds } : {}) };
}
