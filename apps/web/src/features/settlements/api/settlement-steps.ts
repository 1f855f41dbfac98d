import type { ConfirmSettlementPaymentBody, RunBillingBody, RunBillingResponse } from '@sagano/domain/settlements/settlement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useStepMutation } from '../../../lib/step-mutation.ts';

/** PUT /v1/settlements/payment/{agent_settlement_id} (back office): the month's payment received; irreversible. */
export const confirmSettlementPayment = (agentSettlementId: number, body: ConfirmSettlementPaymentBody) =>
  apiClient.put<unknown>(apiPath('/v1/settlements/payment/{agent_settlement_id}', { agent_settlement_id: agentSettlementId }), body);
/** POST /v1/settlements/run (back office): bills one agent now, by the monthly job's code; the answer says what it billed, or the next billing day. */
export const runBilling = (agentId: number) => apiClient.post<RunBillingResponse>('/v1/settlements/run', { agent_id: agentId } satisfies RunBillingBody);

/**
 * A settlement step as a mutation: it changes settlements and the payments (and so the bookings)
 * they cover, so a success refreshes those three roots (ADR 008). `silent`: the screen shows the
 * errors itself (a form puts them on its fields).
 */
export function useSettlementStep<V, R>(run: (vars: V) => Promise<R>, options: { silent?: boolean } = {}) {
  return useStepMutation(run, [queryRoots.settlements, queryRoots.payments, queryRoots.bookings], options);
}
