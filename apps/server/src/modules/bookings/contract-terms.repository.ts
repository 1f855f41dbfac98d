/** The special contract terms' reads of a booking request: the terms whose submission deadline has passed over its dates. */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

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

/** The terms closed before `today` over the service dates `dates` span, read on their own. */
export async function closedTermsOver(tx: Executor, today: string, dates: readonly string[]): Promise<ClosedTerm[]> {
  const [row] = rowsOf<{ terms: ClosedTerm[] }>(await tx.execute(sql`select ${closedTermsSql(today, dates)} as terms`));
  return row!.terms;
}
