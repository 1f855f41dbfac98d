import type {
  ApplicationTermAppendPayload,
  ApplicationTermBody,
  ApplicationTermInsertPayload,
  ApplicationTermListResponse,
  ApprovalSubmittedResponse,
} from '@sagano/domain/arrangements/arrangement-schemas';
import { readAll, type Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { ApprovalsService } from '../approvals/index.ts';
import type { Principal } from '../auth/index.ts';
import { rebuildInventory } from '../inventory/index.ts';
import { patternTrains } from './arrangement-patterns.repository.ts';
import {
  findApplicationTerm,
  findServiceTerm,
  insertApplicationTerm,
  listApplicationTerms,
  overlappingApplications,
  pendingApplicationChanges,
  replaceApplicationTerm,
  servicesOfTerm,
} from './application-terms.repository.ts';

type TermInput = Pick<ApplicationTermBody, 'from_date' | 'to_date' | 'applications'>;

const nameOf = (s: { service_id: number; names: { language_id: string; text: string }[] }) =>
  s.names.find((n) => n.language_id === 'en')?.text ?? s.names[0]?.text ?? `service ${s.service_id}`;

/**
 * The rules of an application term: dates inside the service term, trains of that term,
 * existing patterns made for the train's formation, and no service covered twice on a day by
 * two terms of the same service term.
 */
async function checkApplicationTerm(db: Executor, serviceTermId: number, input: TermInput, exceptTermId?: number): Promise<void> {
  const term = await findServiceTerm(db, serviceTermId);
  if (!term) throw notFound('service term');
  if (input.from_date > input.to_date) throw invalid('to_date', 'the end date must be on or after the start date');
  if (input.from_date < term.fromDate || input.from_date > term.toDate) {
    throw invalid('from_date', `the dates must be inside the service term (${term.fromDate} to ${term.toDate})`);
  }
  if (input.to_date > term.toDate) throw invalid('to_date', `the dates must be inside the service term (${term.fromDate} to ${term.toDate})`);
  const services = new Map((await servicesOfTerm(db, serviceTermId)).map((s) => [s.service_id, s]));
  const patterns = await patternTrains(db, [...new Set(input.applications.map((a) => a.arrangement_pattern_id))]);
  input.applications.forEach((a, i) => {
    const service = services.get(a.service_id);
    if (!service) throw invalid(`applications.${i}.service_id`, `service ${a.service_id} is not a train of this service term`);
    const trainId = patterns.get(a.arrangement_pattern_id);
    if (trainId === undefined) throw invalid(`applications.${i}.arrangement_pattern_id`, `unknown arrangement pattern ${a.arrangement_pattern_id}`);
    if (trainId !== service.logical_train_id) throw invalid(`applications.${i}.arrangement_pattern_id`, 'the pattern is for another train formation');
  });
  const [clash] = await overlappingApplications(db, {
    serviceTermId,
    fromDate: input.from_date,
    toDate: input.to_date,
    serviceIds: input.applications.map((a) => a.service_id),
    exceptTermId,
  });
  if (clash) {
    const service = services.get(clash.serviceId)!;
    throw new AppError(
      'CONFLICT',
      `applications: ${nameOf(service)} already has an arrangement application from ${clash.fromDate} to ${clash.toDate}; terms of one train must not overlap`,
      'applications',
    );
  }
}

/**
 * Which pattern applies to which trains when: new terms and changes are submitted for approval
 * and applied (with the inventory of their days) once approved.
 */
export function createApplicationTermsService(deps: { db: Executor; approvals: ApprovalsService }) {
  const { db } = deps;
  return {
    /** The application terms of a service term, its trains, and the changes waiting for approval. */
    async listApplicationTermsOf(serviceTermId: number): Promise<ApplicationTermListResponse> {
      const term = await findServiceTerm(db, serviceTermId);
      if (!term) throw notFound('service term');
      const [services, terms, pending] = await readAll(db, [
        () => servicesOfTerm(db, serviceTermId),
        () => listApplicationTerms(db, serviceTermId),
        () => pendingApplicationChanges(db, serviceTermId),
      ] as const);
      return {
        service_term: { service_term_id: term.id, from_date: term.fromDate, to_date: term.toDate },
        services,
        arrangement_application_terms: terms,
        pending_approvals: pending,
      };
    },

    /** Asks for a new application term: checked now, applied when approved (ARRANGEMENT_APPLICATION_TERM_INSERT). */
    async submitApplicationTerm(work: Work, principal: Principal, serviceTermId: number, body: ApplicationTermBody): Promise<ApprovalSubmittedResponse> {
      await checkApplicationTerm(work.tx, serviceTermId, body);
      const payload: ApplicationTermInsertPayload = { service_term_id: serviceTermId, ...body };
      const approval = await deps.approvals.submit(work, principal, 'ARRANGEMENT_APPLICATION_TERM_INSERT', payload);
      return { approval_id: approval.id, status: approval.status };
    },

    /** Asks to change or extend an application term (ARRANGEMENT_APPLICATION_TERM_APPEND). */
    async submitApplicationTermChange(work: Work, principal: Principal, termId: number, body: ApplicationTermBody): Promise<ApprovalSubmittedResponse> {
      const term = await findApplicationTerm(work.tx, termId);
      if (!term) throw notFound('arrangement application term');
      await checkApplicationTerm(work.tx, term.service_term_id, body, termId);
      const payload: ApplicationTermAppendPayload = { service_term_id: term.service_term_id, arrangement_application_term_id: termId, ...body };
      const approval = await deps.approvals.submit(work, principal, 'ARRANGEMENT_APPLICATION_TERM_APPEND', payload);
      return { approval_id: approval.id, status: approval.status };
    },

    /** Applies an approved new term: rows, then the inventory of its days (refused when held seats would be lost). */
    async applyApplicationTermInsert(work: Work, p: ApplicationTermInsertPayload): Promise<void> {
      await checkApplicationTerm(work.tx, p.service_term_id, p);
      await insertApplicationTerm(work.tx, { serviceTermId: p.service_term_id, fromDate: p.from_date, toDate: p.to_date, applications: p.applications });
      await rebuildInventory(work, { fromDate: p.from_date, toDate: p.to_date, serviceIds: p.applications.map((a) => a.service_id) });
    },

    /**
     * Applies an approved change: the term's new dates and trains, then the inventory over the old
     * and new ranges together, so days and trains the term no longer covers are rebuilt too.
     */
    async applyApplicationTermAppend(work: Work, p: ApplicationTermAppendPayload): Promise<void> {
      const before = await findApplicationTerm(work.tx, p.arrangement_application_term_id, { lock: true });
      if (!before) throw notFound('arrangement application term');
      await checkApplicationTerm(work.tx, before.service_term_id, p, before.arrangement_application_term_id);
      await replaceApplicationTerm(work.tx, before.arrangement_application_term_id, { fromDate: p.from_date, toDate: p.to_date, applications: p.applications });
      const serviceIds = [...new Set([...before.applications, ...p.applications].map((a) => a.service_id))].sort((a, b) => a - b);
      await rebuildInventory(work, {
        fromDate: before.from_date < p.from_date ? before.from_date : p.from_date,
        toDate: before.to_date > p.to_date ? before.to_date : p.to_date,
        serviceIds,
      });
    },
  };
}
