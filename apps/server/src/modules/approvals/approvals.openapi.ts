/** The contract of the approvals calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const approvalsContract: AreaContract[] = [defineArea('approvals', 'The four-eyes rule: changes to the timetable and allotments wait for a second person\'s approval.', {
  'GET /v1/approvals': { id: 'approvals.list', summary: 'List approval requests' },
  'GET /v1/approvals/{id}': { id: 'approvals.get', summary: 'Read an approval request', description: 'The request with the change it would make.' },
  'GET /v1/approvals/{id}/affected-bookings': { id: 'approvals.listAffectedBookings', summary: 'List the bookings a request affects' },
  'PUT /v1/approvals/{id}/approve': { id: 'approvals.approve', summary: 'Approve a request', description: 'Applies the change; the requester may not approve their own request.', errors: ['APPROVAL_OWN_REQUEST', 'APPROVAL_STATUS_CONFLICT'] },
  'PUT /v1/approvals/{id}/reject': { id: 'approvals.reject', summary: 'Reject a request', errors: ['APPROVAL_STATUS_CONFLICT'] },
})];
