/**
 * The bookings module's jobs (ADR 010): waitlist promotion, sent by whatever frees capacity on a
 * train (PROMOTE_WAITLIST) once its change has committed, and its sweep. The change writes a
 * request row in its own transaction; the job marks it done. A send lost after the commit (a crash,
 * a queue error) leaves the row pending: the sweep runs it a few minutes on, the start-up at once.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { markWaitlistPromotionDone, pendingWaitlistPromotions, promotionPayloadOf, pruneWaitlistPromotions, PROMOTE_WAITLIST } from '../inventory/index.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';

/** How long a request may wait for its own job before the sweep runs it. */
const SWEEP_AFTER_MS = 2 * 60_000;
/** Requests one sweep runs at most (the rest at the next). */
const SWEEP_LIMIT = 100;
/** Done requests are kept this long (for someone reading the table after a question), then removed. */
const KEEP_DONE_MS = 30 * 24 * 60 * 60_000;

export const promoteWaitlistJob = defineJob({
  ...PROMOTE_WAITLIST,
  // Requests a stop left pending are run now rather than at the next sweep.
  atStart: async ({ db, clock }) => (await pendingWaitlistPromotions(db, clock.now(), SWEEP_LIMIT)).map(promotionPayloadOf),
  async run(deps, payload) {
    await promoteWaitlist(deps, payload);
    if (payload.request_id) await markWaitlistPromotionDone(deps.db, payload.request_id, deps.clock.now());
  },
});

export const sweepWaitlistPromotionsJob = defineJob({
  name: 'bookings.promote-waitlist-sweep',
  payload: z.object({}),
  cron: '*/5 * * * *',
  async run(deps) {
    const due = await pendingWaitlistPromotions(deps.db, new Date(deps.clock.now().getTime() - SWEEP_AFTER_MS), SWEEP_LIMIT);
    let promoted = 0;
    for (const request of due) {
      await giveWay(); // ADR 017
      promoted += (await promoteWaitlist(deps, promotionPayloadOf(request))).promoted.length;
      await markWaitlistPromotionDone(deps.db, request.id, deps.clock.now());
    }
    await pruneWaitlistPromotions(deps.db, new Date(deps.clock.now().getTime() - KEEP_DONE_MS));
    return { requests: due.length, promoted };
  },
});
