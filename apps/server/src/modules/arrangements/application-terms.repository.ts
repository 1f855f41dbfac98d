import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { ApplicationTermResponse, ArrangementApplication, PendingApplicationChange, TermService } from '@sagano/domain/arrangements/arrangement-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function findServiceTerm(db: Executor, id: number): Promise<{ id: number; fromDate: string; toDate: string } | undefined> {
  const [row] = await db.select({ id: t.serviceTerms.id, fromDate: t.serviceTerms.fromDate, toDate: t.serviceTerms.toDate }).from(t.serviceTerms).where(eq(t.serviceTerms.id, id));
  return row;
}

export async function servicesOfTerm(db: Executor, serviceTermId: number): Promise<TermService[]> {
  const rows = await db
    .select()
    .from(t.services)
    .where(eq(t.services.serviceTermId, serviceTermId))
    .orderBy(asc(t.services.direction), asc(t.services.displayOrder), asc(t.services.id));
  return rows.map((s) => ({
    service_id: s.id,
    names: s.names,
    direction: s.direction,
    is_special: s.isSpecial,
    logical_train_id: s.logicalTrainId,
    display_order: s.displayOrder,
  }));
}

type TermRow = typeof t.arrangementApplicationTerms.$inferSelect;

async function withApplications(db: Executor, terms: TermRow[]): Promise<ApplicationTermResponse[]> {
  if (!terms.length) return [];
  const apps = await db
    .select()
    .from(t.arrangementApplications)
    .where(inArray(t.arrangementApplications.applicationTermId, terms.map((x) => x.id)))
    .orderBy(asc(t.arrangementApplications.serviceId));
  return terms.map((term) => ({
    arrangement_application_term_id: term.id,
    service_term_id: term.serviceTermId,
    from_date: term.fromDate,
    to_date: term.toDate,
    applications: apps.filter((a) => a.applicationTermId === term.id).map((a) => ({ service_id: a.serviceId, arrangement_pattern_id: a.arrangementPatternId })),
    updated_at: term.updatedAt.toISOString(),
  }));
}

export async function listApplicationTerms(db: Executor, serviceTermId: number): Promise<ApplicationTermResponse[]> {
  const terms = await db
    .select()
    .from(t.arrangementApplicationTerms)
    .where(eq(t.arrangementApplicationTerms.serviceTermId, serviceTermId))
    .orderBy(asc(t.arrangementApplicationTerms.fromDate), asc(t.arrangementApplicationTerms.id));
  return withApplications(db, terms);
}

export async function findApplicationTerm(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ApplicationTermResponse | undefined> {
  const query = db.select().from(t.arrangementApplicationTerms).where(eq(t.arrangementApplicationTerms.id, id));
  const terms = options.lock ? await query.for('update') : await query;
  const [term] = await withApplications(db, terms);
  return term;
}

/** Applications of other terms of the service term whose dates overlap [from, to], for the given services. */
export async function overlappingApplications(
  db: Executor,
  q: { serviceTermId: number; fromDate: string; toDate: string; serviceIds: number[]; exceptTermId?: number },
): Promise<{ termId: number; serviceId: number; fromDate: string; toDate: string }[]> {
  if (!q.serviceIds.length) return [];
  const filters = [
    eq(t.arrangementApplicationTerms.serviceTermId, q.serviceTermId),
    lte(t.arrangementApplicationTerms.fromDate, q.toDate),
    gte(t.arrangementApplicationTerms.toDate, q.fromDate),
    inArray(t.arrangementApplications.serviceId, q.serviceIds),
  ];
  if (q.exceptTermId !== undefined) filters.push(ne(t.arrangementApplicationTerms.id, q.exceptTermId));
  return db
    .select({ termId: t.arrangementApplicationTerms.id, serviceId: t.arrangementApplications.serviceId, fromDate: t.arrangementApplicationTerms.fromDate, toDate: t.arrangementApplicationTerms.toDate })
    .from(t.arrangementApplications)
    .innerJoin(t.arrangementApplicationTerms, eq(t.arrangementApplicationTerms.id, t.arrangementApplications.applicationTermId))
    .where(and(...filters))
    .orderBy(asc(t.arrangementApplicationTerms.fromDate));
}

export async function insertApplicationTerm(
  db: Executor,
  term: { serviceTermId: number; fromDate: string; toDate: string; applications: ArrangementApplication[] },
): Promise<number> {
  const [row] = await db
    .insert(t.arrangementApplicationTerms)
    .values({ serviceTermId: term.serviceTermId, fromDate: term.fromDate, toDate: term.toDate })
    .returning({ id: t.arrangementApplicationTerms.id });
  await db.insert(t.arrangementApplications).values(term.applications.map((a) => ({ applicationTermId: row!.id, serviceId: a.service_id, arrangementPatternId: a.arrangement_pattern_id })));
  return row!.id;
}

export async function replaceApplicationTerm(db: Executor, id: number, term: { fromDate: string; toDate: string; applications: ArrangementApplication[] }): Promise<void> {
  await db.update(t.arrangementApplicationTerms).set({ fromDate: term.fromDate, toDate: term.toDate, updatedAt: new Date() }).where(eq(t.arrangementApplicationTerms.id, id));
  await db.delete(t.arrangementApplications).where(eq(t.arrangementApplications.applicationTermId, id));
  await db.insert(t.arrangementApplications).values(term.applications.map((a) => ({ applicationTermId: id, serviceId: a.service_id, arrangementPatternId: a.arrangement_pattern_id })));
}

const PENDING_TARGETS = ['ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND'] as const;

/** Application-term changes of a service term still waiting for an approver or for their job. */
export async function pendingApplicationChanges(db: Executor, serviceTermId: number): Promise<PendingApplicationChange[]> {
  const rows = await db
    .select()
    .from(t.approvals)
    .where(and(eq(t.approvals.serviceTermId, serviceTermId), inArray(t.approvals.target, [...PENDING_TARGETS]), inArray(t.approvals.status, ['SUBMITTED', 'JOB_PENDING'])))
    .orderBy(asc(t.approvals.submittedAt));
  return rows.map((r) => {
    const p = r.payload as { from_date: string; to_date: string; applications: ArrangementApplication[]; arrangement_application_term_id?: number };
    return {
      approval_id: r.id,
      target: r.target as PendingApplicationChange['target'],
      status: r.status,
      arrangement_application_term_id: p.arrangement_application_term_id ?? null,
      from_date: p.from_date,
      to_date: p.to_date,
      applications: p.applications,
      submitted_at: r.submittedAt.toISOString(),
    };
  });
}
