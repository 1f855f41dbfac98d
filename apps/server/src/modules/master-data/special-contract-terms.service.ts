import { specialContractTermProblem, type SpecialContractTermBody, type SpecialContractTermChange, type SpecialContractTermResponse } from '@sagano/domain/master-data/special-contract-term-schemas';
import * as t from '../../db/schema.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { lockPeriods, overlappingPeriod } from './periods.repository.ts';
import { deleteSpecialContractTerm, findSpecialContractTerm, insertSpecialContractTerm, updateSpecialContractTerm } from './special-contract-terms.repository.ts';

async function check(work: Work, input: SpecialContractTermBody, except?: string) {
  const problem = specialContractTermProblem(input);
  if (problem) throw invalid(problem.field, problem.message);
  await lockPeriods(work.tx, t.specialContractTerms);
  const other = await overlappingPeriod(work.tx, t.specialContractTerms, input.service_from_date, input.service_to_date, except);
  if (other) {
    throw new AppError(
      'SPECIAL_CONTRACT_TERM_OVERLAP',
      `the period overlaps the special contract term "${other.name}" (${other.service_from_date} to ${other.service_to_date})`,
      'service_from_date',
    );
  }
}

async function existing(work: Work, from: string): Promise<SpecialContractTermResponse> {
  const term = await findSpecialContractTerm(work.tx, from, { lock: true });
  if (!term) throw notFound('special contract term');
  return term;
}

/** Special contract terms: periods with their own submission and answer deadlines. */
export function createSpecialContractTermsService() {
  return {
    /** Adds a term: submission deadline, then the answer, then a period no other term covers. */
    async createSpecialContractTerm(work: Work, input: SpecialContractTermBody): Promise<SpecialContractTermResponse> {
      await check(work, input);
      await insertSpecialContractTerm(work.tx, input);
      return (await findSpecialContractTerm(work.tx, input.service_from_date))!;
    },

    /** Changes the term that starts on `from` (its first date names it). */
    async changeSpecialContractTerm(work: Work, from: string, change: SpecialContractTermChange): Promise<SpecialContractTermResponse> {
      await existing(work, from);
      const input = { ...change, service_from_date: from };
      await check(work, input, from);
      await updateSpecialContractTerm(work.tx, input);
      return (await findSpecialContractTerm(work.tx, from))!;
    },

    /** Removes a term. Bookings keep whatever was agreed; nothing refers to the term yet. */
    async removeSpecialContractTerm(work: Work, from: string): Promise<void> {
      await existing(work, from);
      await deleteSpecialContractTerm(work.tx, from);
    },
  };
}
