import type { z } from 'zod';
import type { ApprovalResponse, ApproveBody, RejectBody } from '@sagano/domain/approvals/approval-schemas';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { approvalTarget, type ApprovalTarget } from './approval-targets.ts';
import { findApproval, insertApproval, setApprovalStatus, type ApprovalRow } from './approvals.repository.ts';
import { applyApprovalJob } from './approval.jobs.ts';

export function toApprovalResponse(row: ApprovalRow, viewer: Principal | null): ApprovalResponse {
  const isOwn = !!viewer && row.submittedBy === viewer.accountId;
  return {
    approval_id: row.id,
    target: row.target as ApprovalResponse['target'],
    status: row.status,
    payload: row.payload,
    service_term_id: row.serviceTermId,
    from_date: row.fromDate,
    to_date: row.toDate,
    submitted_by: { uid: row.submittedBy, email: row.submittedByEmail },
    submitted_at: row.submittedAt.toISOString(),
    judged_by: row.judgedByEmail ? { uid: row.judgedBy, email: row.judgedByEmail } : null,
    judged_at: row.judgedAt?.toISOString() ?? null,
    reason: row.reason,
    job_error: row.jobError,
    done_at: row.doneAt?.toISOString() ?? null,
    is_own: isOwn,
    can_approve: !isOwn && (row.status === 'SUBMITTED' || row.status === 'JOB_FAILED'),
    can_reject: !isOwn && row.status === 'SUBMITTED',
  };
}

/** Names the first offending field of a payload the way request validation does. */
function payloadError(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  return new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, field);
}

/** Thrown to roll a preview's savepoint back. */
const PREVIEW_ROLLBACK = Symbol('preview rollback');

/**
 * The live bookings applying `payload` would refuse (trains that stop running), worked out by
 * running the change's writes in a savepoint that is rolled back: the same rule as applying.
 */
async function previewAffectedBookings(work: Work, target: ApprovalTarget, payload: unknown): Promise<AffectedBooking[]> {
  const handler = approvalTarget(target);
  if (!handler.affectedBookings) return [];
  const parsed = handler.payload.parse(payload);
  let found: AffectedBooking[] = [];
  try {
    await work.tx.transaction(async (tx) => {
      found = await handler.affectedBookings!({ ...work, tx }, parsed);
      throw PREVIEW_ROLLBACK;
    });
  } catch (error) {
    if (error !== PREVIEW_ROLLBACK) throw error;
  }
  return found;
}

async function judgeable(work: Work, principal: Principal, id: number): Promise<ApprovalRow> {
  const row = await findApproval(work.tx, id, { lock: true });
  if (!row) throw notFound('approval');
  if (row.submittedBy === principal.accountId) throw new AppError('APPROVAL_OWN_REQUEST', 'you cannot approve or reject your own request');
  return row;
}

/** Requests for changes that wait for approval: submitted by other modules, judged by the back office. */
export function createApprovalsService(deps: { db: Db }) {
  return {
    /**
     * Records a change that waits for approval (status SUBMITTED); nothing is applied yet. Other
     * modules call this instead of changing master data directly.
     */
    async submit(work: Work, principal: Principal, target: ApprovalTarget, payload: unknown): Promise<ApprovalRow> {
      const handler = approvalTarget(target);
      const parsed = handler.payload.safeParse(payload);
      if (!parsed.success) throw payloadError(parsed.error);
      const scope = handler.scope(parsed.data);
      return insertApproval(work.tx, {
        target,
        status: 'SUBMITTED',
        payload: parsed.data as object,
        serviceTermId: scope.serviceTermId,
        fromDate: scope.fromDate,
        toDate: scope.toDate,
        submittedBy: principal.accountId,
        submittedByEmail: principal.user.email,
      });
    },

    /** Approves a SUBMITTED (or retries a JOB_FAILED) request: JOB_PENDING, applied by the approval job after commit. */
    async approve(work: Work, principal: Principal, id: number, body: ApproveBody): Promise<ApprovalResponse> {
      const row = await judgeable(work, principal, id);
      if (row.status !== 'SUBMITTED' && row.status !== 'JOB_FAILED') {
        throw new AppError('APPROVAL_STATUS_CONFLICT', `an approval in status ${row.status} cannot be approved`);
      }
      await setApprovalStatus(work.tx, id, {
        status: 'JOB_PENDING',
        judgedBy: principal.accountId,
        // `operator` of the spec's body is the caller; the signed-in account is what is recorded.
        judgedByEmail: principal.user.email,
        reason: body.reason || null,
        jobError: null,
      });
      work.enqueue(applyApprovalJob, { id });
      return toApprovalResponse((await findApproval(work.tx, id))!, principal);
    },

    async reject(work: Work, principal: Principal, id: number, body: RejectBody): Promise<ApprovalResponse> {
      const row = await judgeable(work, principal, id);
      if (row.status !== 'SUBMITTED') throw new AppError('APPROVAL_STATUS_CONFLICT', `an approval in status ${row.status} cannot be rejected`);
      await setApprovalStatus(work.tx, id, { status: 'REJECTED', judgedBy: principal.accountId, judgedByEmail: principal.user.email, reason: body.reason });
      return toApprovalResponse((await findApproval(work.tx, id))!, principal);
    },

    previewAffectedBookings,

    /** GET /v1/approvals/{id}/affected-bookings: for a request still to be applied; none once done or rejected. */
    async affectedBookings(id: number): Promise<{ approval_id: number; bookings: AffectedBooking[] }> {
      const row = await findApproval(deps.db, id);
      if (!row) throw notFound('approval');
      if (!['SUBMITTED', 'JOB_PENDING', 'JOB_FAILED'].includes(row.status)) return { approval_id: id, bookings: [] };
      return { approval_id: id, bookings: await inTransaction(deps.db, (work) => previewAffectedBookings(work, row.target as ApprovalTarget, row.payload)) };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
