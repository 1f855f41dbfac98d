/**
 * Special contract terms close (DESIGN §7): a request (a new booking, or an agent's or the
 * staff's change) for a service date inside a term is accepted until the term's submission
 * deadline, a Tokyo calendar day, and refused from the day after with 422
 * SUBMISSION_DEADLINE_PASSED naming the term and its deadline. A change keeps the trains the
 * booking already rides; answering a request already made is not a new request.
 */
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { closedTermsOver, type ClosedTerm } from './contract-terms.repository.ts';

/** A direction of the request (booking-submission.ts Direction), as far as the deadline cares. */
interface Direction {
  field: string;
  direction: string;
  choice: { service_date: string; service_id: number };
}

/** Throws SUBMISSION_DEADLINE_PASSED for the first direction (not kept) inside one of `terms`. */
export function refuseClosedTerms<D extends Direction>(terms: readonly ClosedTerm[], directions: D[], kept: (d: D) => boolean = () => false): void {
  for (const d of directions) {
    if (kept(d)) continue;
    const term = terms.find((t) => t.from <= d.choice.service_date && d.choice.service_date <= t.to);
    if (term) {
      throw new AppError(
        'SUBMISSION_DEADLINE_PASSED',
        `${d.field}.service_date: ${d.choice.service_date} is in the special contract term "${term.name}" (${term.from} to ${term.to}), whose submission deadline ${term.deadline} has passed`,
        `${d.field}.service_date`,
      );
    }
  }
}

/** Reads the closed terms for the directions not kept and refuses as `refuseClosedTerms` does. */
export async function refuseClosedContractTerms<D extends Direction>(tx: Executor, directions: D[], today: string, kept: (d: D) => boolean = () => false): Promise<void> {
  const asked = directions.filter((d) => !kept(d));
  if (asked.length === 0) return;
  refuseClosedTerms(await closedTermsOver(tx, today, asked.map((d) => d.choice.service_date)), asked);
}
