/**
 * The waitlist promotion job's key (issue 18, DESIGN §5): whatever frees capacity on a train
 * (a cancellation, a released allotment, a slot adjustment, a suspension lifted) sends it through
 * its unit of work with the trains that changed; the job (bookings.jobs.ts) gives the waitlisted
 * bookings that now fit their allotment in submission order.
 */
import { z } from 'zod';
import { jobKey } from '../../jobs/define-job.ts';

export const PROMOTE_WAITLIST = jobKey(
  'bookings.promote-waitlist',
  z.object({
    /** The trains whose capacity changed: a service on a business date. */
    trains: z.array(z.object({ service_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), service_id: z.number().int().positive() })).min(1).max(500),
    /** What freed it, for the log: CANCELLATION, RELEASE, SLOT_ADJUSTMENT, SUSPENSION_LIFTED, REFUSAL. */
    reason: z.string().max(40),
  }),
);
