/**
 * The timetable's change that waits for approval: a new service term. The calendar changes
 * (pattern days, special days' trains) rebuild inventory and refuse bookings, so they are
 * registered by the inventory module (inventory/calendar-approvals.ts).
 */
import { CreateServiceTermBody } from '@sagano/domain/timetable/timetable-schemas';
import { registerApprovalTarget } from '../approvals/index.ts';
import { insertServiceTerm } from './timetable.repository.ts';

registerApprovalTarget('SERVICE_TERM_INSERT', {
  payload: CreateServiceTermBody,
  scope: (p) => ({ serviceTermId: null, fromDate: p.fromDate, toDate: p.toDate }),
  // The exclusion constraint service_terms_no_overlap refuses a term overlapping another.
  apply: async (work, p) => {
    await insertServiceTerm(work.tx, p.fromDate, p.toDate);
  },
});
