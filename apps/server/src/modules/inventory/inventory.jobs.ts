/**
 * The inventory module's job (ADR 010): the daily release of the group allotment (DESIGN §7,
 * allotment-release.ts), at 03:00 Tokyo time. Two servers running it at once release each
 * train-day once: the scheduled_effects row claimed in the release's own transaction decides.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { releaseDueAllotments } from './allotment-release.ts';

export const releaseGroupAllotmentsJob = defineJob({
  name: 'inventory.release-group-allotments',
  payload: z.object({}),
  cron: '0 3 * * *',
  run: (deps) => releaseDueAllotments(deps, deps.jobRunId),
});
