import { z } from 'zod';
import { PERIOD_ORDER_MESSAGE } from './group-schedule-schemas.ts';
import { MAX_MASTER_NAME } from './master-name.ts';

/**
 * Special contract terms (spec 000 "Special contract term"): for the service dates of a period,
 * until when SPECIAL_CONTRACTED agents submit their requests and on which date the operator
 * answers them (the bulk answer of the bulk operation screen). Periods never overlap; a term is
 * named by its first service date (`applied_from_service_date` in the paths).
 */

const DateString = z.iso.date();

export const ANSWER_AFTER_DEADLINE_MESSAGE = 'the answer date must not be before the submission deadline';
export const ANSWER_BEFORE_SERVICE_MESSAGE = 'the answer date must be before the service period starts';

/** What PUT /v1/master-data/special-contract-terms/{applied_from_service_date} changes. */
export const SpecialContractTermChange = z.object({
  name: z.string('a name is required').trim().min(1, 'a name is required').max(MAX_MASTER_NAME),
  submission_deadline: DateString,
  answer_date: DateString,
  service_to_date: DateString,
});
export type SpecialContractTermChange = z.infer<typeof SpecialContractTermChange>;

export const SpecialContractTermBody = SpecialContractTermChange.extend({ service_from_date: DateString });
export type SpecialContractTermBody = z.infer<typeof SpecialContractTermBody>;

/** Which date rule a term breaks: the words are in `message` here, and under the same name in the screens' translations. */
export type SpecialContractTermRule = 'periodOrder' | 'answerAfterDeadline' | 'answerBeforeService';

/** The date rules, in the order a person fixes them: the period, then the answer against the deadline and the period. */
export function specialContractTermProblem(v: SpecialContractTermBody): { field: 'service_to_date' | 'answer_date'; rule: SpecialContractTermRule; message: string } | null {
  if (v.service_to_date < v.service_from_date) return { field: 'service_to_date', rule: 'periodOrder', message: PERIOD_ORDER_MESSAGE };
  if (v.answer_date < v.submission_deadline) return { field: 'answer_date', rule: 'answerAfterDeadline', message: ANSWER_AFTER_DEADLINE_MESSAGE };
  if (v.answer_date >= v.service_from_date) return { field: 'answer_date', rule: 'answerBeforeService', message: ANSWER_BEFORE_SERVICE_MESSAGE };
  return null;
}

/** The body with its date rules, for the form (the server's service applies the same rule). */
export const CheckedSpecialContractTermBody = SpecialContractTermBody.superRefine((v, ctx) => {
  const problem = specialContractTermProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
});

export const SpecialContractTermResponse = z.object({
  service_from_date: z.string(),
  service_to_date: z.string(),
  name: z.string(),
  submission_deadline: z.string(),
  answer_date: z.string(),
  updated_at: z.string(),
});
export type SpecialContractTermResponse = z.infer<typeof SpecialContractTermResponse>;

export const SpecialContractTermListResponse = z.object({ special_contract_terms: z.array(SpecialContractTermResponse) });
export type SpecialContractTermListResponse = z.infer<typeof SpecialContractTermListResponse>;
