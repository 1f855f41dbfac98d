/** The contract of the arrangements calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const arrangementsContract: AreaContract[] = [defineArea('arrangements', 'Arrangement patterns (how a train\'s seats are split between group, individual and wheelchair allotments) and the terms they apply in.', {
  'GET /v1/arrangements-patterns': { id: 'arrangements.listPatterns', summary: 'List arrangement patterns' },
  'POST /v1/arrangements-patterns': { id: 'arrangements.createPattern', summary: 'Create an arrangement pattern' },
  'GET /v1/arrangements-patterns/{id}': { id: 'arrangements.getPattern', summary: 'Read an arrangement pattern' },
  'PUT /v1/arrangements-patterns/{id}': { id: 'arrangements.updatePattern', summary: 'Change an arrangement pattern' },
  'DELETE /v1/arrangements-patterns/{id}': { id: 'arrangements.deletePattern', summary: 'Delete an arrangement pattern', description: 'A pattern that an application term uses, or that inventory was built from, stays.' },
  'GET /v1/service-terms/{service_term_id}/arrangements-application-terms': { id: 'arrangements.listApplicationTerms', summary: 'List where patterns apply in a service term' },
  'POST /v1/service-terms/{service_term_id}/arrangements-application-terms': { id: 'arrangements.submitApplicationTerm', summary: 'Request a pattern for a period', description: 'Asks for a pattern to apply to trains in a period; the change waits for approval.' },
  'PUT /v1/arrangements-application-terms/{id}': { id: 'arrangements.submitApplicationTermChange', summary: 'Request a change of where a pattern applies', description: 'The change waits for approval.' },
})];
