/**
 * The bookings module's jobs (ADR 010): waitlist promotion, sent by whatever frees capacity on a
 * train (PROMOTE_WAITLIST) once its change has committed.
 */
import { defineJob } from '../../jobs/define-job.ts';
import { PROMOTE_WAITLIST } from '../inventory/index.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';

export const promoteWaitlistJob = defineJob({
  ...PROMOTE_WAITLIST,
  async run(deps, payload) {
    await promoteWaitlist(deps, payload);
  },
});
