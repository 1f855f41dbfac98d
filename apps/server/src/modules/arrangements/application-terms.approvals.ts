/** How the approvals module checks and applies arrangement application term changes. */
import { ApplicationTermAppendPayload, ApplicationTermInsertPayload } from '@sagano/domain/arrangements/arrangement-schemas';
import { registerApprovalTarget } from '../approvals/index.ts';
import type { ArrangementsService } from './arrangements.service.ts';

/**
 * Registers the two application-term targets with the service that applies them (called once
 * by app.ts). Applying uses only the approval job's unit of work.
 */
export function registerApplicationTermApprovals(arrangements: Pick<ArrangementsService, 'applyApplicationTermInsert' | 'applyApplicationTermAppend'>): void {
  registerApprovalTarget('ARRANGEMENT_APPLICATION_TERM_INSERT', {
    payload: ApplicationTermInsertPayload,
    scope: (p) => ({ serviceTermId: p.service_term_id, fromDate: p.from_date, toDate: p.to_date }),
    apply: (work, p) => arrangements.applyApplicationTermInsert(work, p),
  });

  registerApprovalTarget('ARRANGEMENT_APPLICATION_TERM_APPEND', {
    payload: ApplicationTermAppendPayload,
    scope: (p) => ({ serviceTermId: p.service_term_id, fromDate: p.from_date, toDate: p.to_date }),
    apply: (work, p) => arrangements.applyApplicationTermAppend(work, p),
  });
}
