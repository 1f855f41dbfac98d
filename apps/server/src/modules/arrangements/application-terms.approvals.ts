/** How the approvals module checks and applies arrangement application term changes. */
import { ApplicationTermAppendPayload, ApplicationTermInsertPayload } from '@sagano/domain/arrangements/arrangement-schemas';
import { registerApprovalTarget } from '../approvals/index.ts';
import { applyApplicationTermAppend, applyApplicationTermInsert } from './application-terms.service.ts';

registerApprovalTarget('ARRANGEMENT_APPLICATION_TERM_INSERT', {
  payload: ApplicationTermInsertPayload,
  scope: (p) => ({ serviceTermId: p.service_term_id, fromDate: p.from_date, toDate: p.to_date }),
  apply: applyApplicationTermInsert,
});

registerApprovalTarget('ARRANGEMENT_APPLICATION_TERM_APPEND', {
  payload: ApplicationTermAppendPayload,
  scope: (p) => ({ serviceTermId: p.service_term_id, fromDate: p.from_date, toDate: p.to_date }),
  apply: applyApplicationTermAppend,
});
