import { z } from 'zod';
import { PagingQuery, pageEnvelope } from '../common/paging.ts';
import { MAX_PERSON_NAME } from '../common/text-limits.ts';

export const APPROVAL_STATUSES = ['SUBMITTED', 'REJECTED', 'JOB_PENDING', 'JOB_FAILED', 'DONE'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_TARGET_NAMES = [
  'SERVICE_TERM_INSERT',
  'SERVICE_DAY_PATTERN_CHANGE',
  'ARRANGEMENT_APPLICATION_TERM_INSERT',
  'ARRANGEMENT_APPLICATION_TERM_APPEND',
  'SERVICE_DAY_SERVICE_APPEND',
  'INSTANT_CONFIRMATION_RULE_INSERT',
  'INSTANT_CONFIRMATION_RULE_UPDATE',
] as const;

export const REASON_REQUIRED = 'enter a reason';

const DateString = z.iso.date();

export const ApprovalListQuery = PagingQuery.extend({
  from_date: DateString.optional(),
  to_date: DateString.optional(),
  status: z.enum(APPROVAL_STATUSES).optional(),
}).refine((v) => !v.from_date || !v.to_date || v.from_date <= v.to_date, { message: 'end date must be after start date', path: ['to_date'] });
export type ApprovalListQuery = z.infer<typeof ApprovalListQuery>;

export const ApprovalIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The reason given with an approval or a rejection. */
export const MAX_APPROVAL_REASON = 500;

export const ApproveBody = z.object({
  reason: z.string().trim().max(MAX_APPROVAL_REASON).default(''),
  operator: z.string().trim().max(MAX_PERSON_NAME).optional(),
});
export type ApproveBody = z.infer<typeof ApproveBody>;

export const RejectBody = z.object({ reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(MAX_APPROVAL_REASON) });
export type RejectBody = z.infer<typeof RejectBody>;

const Person = z.object({ uid: z.string().nullable(), email: z.string() });

export const ApprovalResponse = z.object({
  approval_id: z.number().int(),
  target: z.enum(APPROVAL_TARGET_NAMES),
  status: z.enum(APPROVAL_STATUSES),
  payload: z.unknown(),
  service_term_id: z.number().int().nullable(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  submitted_by: Person,
  submitted_at: z.string(),
  judged_by: Person.nullable(),
  judged_at: z.string().nullable(),
  reason: z.string().nullable(),
  job_error: z.string().nullable(),
  done_at: z.string().nullable(),
  /** The caller submitted it, so may not approve or reject it. */
  is_own: z.boolean(),
  can_approve: z.boolean(),
  can_reject: z.boolean(),
});
export type ApprovalResponse = z.infer<typeof ApprovalResponse>;

export const ApprovalListResponse = pageEnvelope('approvals', ApprovalResponse);
export type ApprovalListResponse = { total: number; page: number; per_page: number; approvals: ApprovalResponse[] };
