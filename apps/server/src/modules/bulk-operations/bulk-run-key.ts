/** The bulk run job's key: sent by the upload, worked by bulk-operations.jobs.ts (acyclic imports). */
import { z } from 'zod';
import { jobKey } from '../../jobs/define-job.ts';

export const bulkRunJobKey = jobKey('bulk-operations.run', z.object({ id: z.number().int().positive() }));
