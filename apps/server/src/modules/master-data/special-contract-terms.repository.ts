import { asc, eq } from 'drizzle-orm';
import type { SpecialContractTermBody, SpecialContractTermResponse } from '@sagano/domain/master-data/special-contract-term-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

function toResponse(r: typeof t.specialContractTerms.$inferSelect): SpecialContractTermResponse {
  return {
    service_from_date: r.serviceFromDate,
    service_to_date: r.serviceToDate,
    name: r.name,
    submission_deadline: r.submissionDeadline,
    answer_date: r.answerDate,
    updated_at: r.updatedAt.toISOString(),
  };
}

const columnsOf = (input: SpecialContractTermBody) => ({ serviceToDate: input.service_to_date, name: input.name, submissionDeadline: input.submission_deadline, answerDate: input.answer_date });

/** Every term, earliest period first. */
export async function listSpecialContractTerms(db: Executor): Promise<SpecialContractTermResponse[]> {
  return (await db.select().from(t.specialContractTerms).orderBy(asc(t.specialContractTerms.serviceFromDate))).map(toResponse);
}

export async function findSpecialContractTerm(db: Executor, from: string, options: { lock?: boolean } = {}): Promise<SpecialContractTermResponse | undefined> {
  const query = db.select().from(t.specialContractTerms).where(eq(t.specialContractTerms.serviceFromDate, from));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toResponse(row) : undefined;
}

export async function insertSpecialContractTerm(db: Executor, input: SpecialContractTermBody): Promise<void> {
  await db.insert(t.specialContractTerms).values({ serviceFromDate: input.service_from_date, ...columnsOf(input) });
}

export async function updateSpecialContractTerm(db: Executor, input: SpecialContractTermBody): Promise<void> {
  await db.update(t.specialContractTerms).set({ ...columnsOf(input), updatedAt: new Date() }).where(eq(t.specialContractTerms.serviceFromDate, input.service_from_date));
}

export async function deleteSpecialContractTerm(db: Executor, from: string): Promise<void> {
  await db.delete(t.specialContractTerms).where(eq(t.specialContractTerms.serviceFromDate, from));
}
