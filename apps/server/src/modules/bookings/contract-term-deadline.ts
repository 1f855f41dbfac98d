/**
 * Special contract terms close (DESIGN §7): a request (a new booking, or an agent's or the
 * staff's change) for a service date inside a term is accepted until the term's submission
 * deadline, a Tokyo calendar day, and refused from the day after with 422
 * SUBMISSION_DEADLINE_PASSED naming the term and its deadline. A change keeps the trains the
 * booking already rides; answering a request already made is not a new request.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** A direction of the request (booking-submission.ts Direction), as far as the deadline cares. */
interface Direction {
  field: string;
  direction: string;
  choice: { service_date: string; service_id: number };
}

export async function refuseClosedContractTerms<D extends Direction>(tx: Executor, directions: D[], today: string, kept: (d: D) => boolean = () => false): Promise<void> {
  const asked = directions.filter((d) => !kept(d));
  if (asked.length === 0) return;
  const dates = asked.map((d) => d.choice.service_date);
  const terms = rowsOf<{ name: string; from: string; to: string; deadline: string }>(
    await tx.execute(sql`
      select name, service_from_date::text as from, service_to_date::text as to, submission_deadline::text as deadline
      from special_contract_terms
      where submission_deadline < ${today}::date
        and service_from_date <= ${[...dates].sort().at(-1)!}::date and service_to_date >= ${[...dates].sort()[0]!}::date`),
  );
  for (const d of asked) {
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
