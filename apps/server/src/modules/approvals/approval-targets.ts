/**
 * The changes that go through approval (DESIGN §3). Each area registers how to check a
 * submitted payload and how to apply it; the approvals module stores requests and, once
 * approved, applies them in a background job inside one transaction.
 */
import type { z } from 'zod';
import { APPROVAL_TARGET_NAMES } from '@sagano/domain/approvals/approval-schemas';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import type { Work } from '../../lib/unit-of-work.ts';

export const APPROVAL_TARGETS = APPROVAL_TARGET_NAMES;
export type ApprovalTarget = (typeof APPROVAL_TARGETS)[number];

export interface ApprovalTargetHandler<P> {
  /** Schema of the stored payload; checked at submission and again before applying. */
  payload: z.ZodType<P>;
  /** The calendar days and term the change touches (shown as "approval pending"). */
  scope(payload: P): { serviceTermId: number | null; fromDate: string | null; toDate: string | null };
  /**
   * Applies the change. Throwing rolls everything back and marks the approval JOB_FAILED.
   * `actor` (the approver) signs the history of bookings the change refuses; the answer names them.
   */
  apply(work: Work, payload: P, actor: string): Promise<{ refusedBookingIds?: string[] } | void>;
  /**
   * The live bookings applying the change would refuse because their train stops running
   * (DESIGN §3). Runs the change's writes and must leave the rolling back to the caller.
   */
  affectedBookings?(work: Work, payload: P): Promise<AffectedBooking[]>;
}

const handlers = new Map<ApprovalTarget, ApprovalTargetHandler<unknown>>();

export function registerApprovalTarget<P>(target: ApprovalTarget, handler: ApprovalTargetHandler<P>): void {
  handlers.set(target, handler as ApprovalTargetHandler<unknown>);
}

export function approvalTarget(target: ApprovalTarget): ApprovalTargetHandler<unknown> {
  const handler = handlers.get(target);
  if (!handler) throw new Error(`no handler registered for approval target ${target}`);
  return handler;
}
