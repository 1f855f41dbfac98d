/**
 * The octo module's job (ADR 010, ADR 039): every minute, the reservations whose hold ran out give
 * their seats back (EXPIRED). Harmless when two servers run it: each hold is locked and checked
 * again in its own transaction.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { expireOctoHolds } from './octo-holds.ts';

export const expireOctoHoldsJob = defineJob({
  name: 'octo.expire-holds',
  payload: z.object({}),
  cron: '* * * * *',
  run: (deps) => expireOctoHolds(deps),
});
