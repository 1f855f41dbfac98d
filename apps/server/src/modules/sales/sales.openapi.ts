/** The contract of the sales calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const salesContract: AreaContract[] = [defineArea('sales', 'Sales figures for the back office.', {
  'GET /v1/sales/summary': { id: 'sales.summary', summary: 'Sales summary', description: 'Sales by period for the dashboard.' },
})];
