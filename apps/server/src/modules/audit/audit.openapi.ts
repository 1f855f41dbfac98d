/** The contract of the audit calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const auditContract: AreaContract[] = [defineArea('operation-logs', 'The operation log: every change made through the API, who made it, and what was sent and answered.', {
  'POST /v1/operation-logs': { id: 'operationLogs.search', summary: 'Search the operation log', description: 'A search (POST for its filters, nothing is written).' },
  'GET /v1/operation-logs/{id}': { id: 'operationLogs.get', summary: 'Read one logged operation', description: 'With its request and answer (passwords, tokens and card data redacted).' },
})];
