/**
 * The bulk operation's job (ADR 010, DESIGN §7): works one run's pending lines, each in its own
 * transaction, then stores, mails and notifies its result. A run left PENDING or RUNNING (a
 * restart) is sent again at start-up and carries on from its first pending line.
 */
import { defineJob } from '../../jobs/define-job.ts';
import { fileStorageFromConfig } from '../files/index.ts';
import { bulkRunJobKey } from './bulk-run-key.ts';
import { createBulkOperationsService } from './bulk-operations.service.ts';
import type { JobDeps } from '../../jobs/define-job.ts';

function serviceOf(deps: JobDeps) {
  return createBulkOperationsService({ db: deps.db, clock: deps.clock, fileStorage: fileStorageFromConfig(deps.config), publicUrl: deps.config.publicUrl, jobs: deps.jobs });
}

export const bulkRunJob = defineJob({
  ...bulkRunJobKey,
  async atStart(deps) {
    return (await serviceOf(deps).unfinished()).map((id) => ({ id }));
  },
  async run(deps, payload) {
    await serviceOf(deps).run(payload.id);
  },
});
