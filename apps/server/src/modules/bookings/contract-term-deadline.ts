/**
 * Special contract terms close (DESIGN §7): a request (a new booking, or an agent's or the
 * staff's change) for a service date inside a term is accepted until the term's submission
 * deadline, a Tokyo calendar day, and refused from the day after with 422
 * SUBMISSION_DEADLINE_PASSED naming the term and its deadline. A change keeps the trains the
 * booking already rides; answering a request already made is not a new request.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** A direction of the request (booking-submission.ts Direction), as far as the deadline cares. */
interface Direction {
  field: string;
  direction: string;
  choice: { service_date: string; service_id: number };
}

/** A term whose submission deadline has passed, as read by `closedTermsSql`. */
export interface ClosedTerm {
  name: string;
  from: string;
  to: string;
  deadline: string;
}

/**
 * The terms closed before `today` that overlap the service dates `dates` span, as a JSON array
 * (an expression: the submission's read carries it, so a submission sends no statement for it).
 */
export function closedTermsSql(today: string, dates: readonly string[]): SQL {
  const sorted = [...dates].sort();
  return sql`(select coalesce(json_agg(json_build_object('name', name, 'from', service_from_date::text, 'to', service_to_date::text, 'deadline', submission_deadline::text)), '[]')
              from special_contract_terms
              where submission_deadline < ${today}::date
                and service_from_date <= ${sorted.at(-1)!}::date and service_to_date >= ${sorted[0]!}::date)`;
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
  const [row] = rowsOf<{ terms: ClosedTerm[] }>(await tx.execute(sql`select ${closedTermsSql(today, asked.map((d) => d.choice.service_date))} as terms`));
  refuseClosedTerms(row!.terms, asked);
}
