/** The contract of the settlements calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, dispositionHeader, fileAnswer, type AreaContract } from '../../plugins/openapi-contract.ts';

export const settlementsContract: AreaContract[] = [defineArea('settlements', 'Monthly billing of agents that pay by invoice: settlements per agent and branch, their payments and invoices.', {
  'GET /v1/settlements/agent': { id: 'settlements.listAgent', summary: 'List agent settlements', description: 'One row per agent and month.' },
  'GET /v1/settlements/group/{agent_settlement_id}': { id: 'settlements.listGroup', summary: 'List a settlement\'s branches' },
  'GET /v1/settlements/payment/{group_settlement_id}': { id: 'settlements.listPayments', summary: 'List a branch settlement\'s payments' },
  'GET /v1/settlements/group/{group_settlement_id}/invoice.pdf': { id: 'settlements.invoicePdf', summary: 'Download a branch\'s monthly invoice', media: { response: fileAnswer('The invoice.', ['application/pdf'], dispositionHeader('`inline; filename="invoice-<document number>.pdf"`')) } },
  'PUT /v1/settlements/payment/{agent_settlement_id}': { id: 'settlements.confirmPayment', summary: 'Confirm an agent\'s monthly payment', description: 'Irreversible; only for a monthly settlement not yet paid. A second confirmation answers 409 ALREADY_CONFIRMED naming when and by whom the first was made.', errors: ['ALREADY_CONFIRMED', 'STEP_NOT_ALLOWED', 'PAYMENT_STEP_NOT_ALLOWED'] },
  'POST /v1/settlements/run': { id: 'settlements.run', summary: 'Run billing now for one agent', description: 'Says what it did: the period billed with its bookings, branches and amount, or nothing to bill; and the agent\'s next billing day.' },
})];
