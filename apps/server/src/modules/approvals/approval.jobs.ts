/**
 * The approvals module's job, `approval.apply`: it applies an approved change (DESIGN §3). The
 * target's apply() runs in one transaction that also marks the approval DONE; if it throws, that
 * transaction rolls back and a second one marks the approval JOB_FAILED with the error kept.
 */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../jobs/define-job.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { approvalTarget, type ApprovalTarget } from './approval-targets.ts';
import { findApproval, jobPendingApprovalIds, setApprovalStatus } from './approvals.repository.ts';

/** Constraint names the database may refuse an apply with, in words. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  service_terms_no_overlap: 'the service term overlaps an existing service term',
  service_terms_range: 'the end date must be after the start date',
};

export function describeApplyError(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const e = error as { constraint?: string; cause?: { constraint?: string; message?: string }; message?: string };
  const constraint = e.constraint ?? e.cause?.constraint;
  if (constraint && CONSTRAINT_MESSAGES[constraint]) return CONSTRAINT_MESSAGES[constraint];
  return String(e.cause?.message ?? e.message ?? error).slice(0, 1000);
}

/** Applies one JOB_PENDING approval; answers its final status (or 'skipped' when not pending). */
export async function runApprovalJob(db: Db, approvalId: number, jobs?: JobSender): Promise<'DONE' | 'JOB_FAILED' | 'skipped'> {
  try {
    return await inTransaction(db, async (work) => {
      const row = await findApproval(work.tx, approvalId, { lock: true });
      if (!row || row.status !== 'JOB_PENDING') return 'skipped' as const;
      const handler = approvalTarget(row.target as ApprovalTarget);
      const payload = handler.payload.parse(row.payload);
      const actor = row.judgedByEmail ?? 'system';
      const applied = await handler.apply(work, payload, actor);
      const refused = applied?.refusedBookingIds ?? [];
      if (refused.length > 0) {
        // The approval's own log entry was written when it was approved; the bookings it refused get one here.
        await insertOperationLog(work.tx, {
          category: 'approvals',
          operator: actor,
          operatorAccountId: row.judgedBy,
          operation: 'approvals.apply',
          bookingId: null,
          isError: false,
          statusCode: 200,
          requestJson: { approval_id: approvalId, target: row.target },
          responseJson: { refused_booking_ids: refused },
        });
      }
      await setApprovalStatus(work.tx, approvalId, { status: 'DONE', doneAt: new Date(), jobError: null });
      return 'DONE' as const;
    }, { jobs });
  } catch (error) {
    const failed = await setApprovalStatus(db, approvalId, { status: 'JOB_FAILED', jobError: describeApplyError(error) }, 'JOB_PENDING');
    if (!failed) throw error;
    return 'JOB_FAILED';
  }
}

export const applyApprovalJob = defineJob({
  name: 'approval.apply',
  payload: z.object({ id: z.number().int() }),
  // Approvals a previous run left pending are applied now.
  atStart: async ({ db }) => (await jobPendingApprovalIds(db)).map((id) => ({ id })),
  async run({ db, jobs }, { id }) {
    await runApprovalJob(db, id, jobs);
  },
});
