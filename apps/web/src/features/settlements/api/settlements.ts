import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentSettlement,
  AgentSettlementQuery,
  ConfirmSettlementPaymentBody,
  GroupSettlementList,
  SettlementPaymentList,
} from '@sagano/domain/settlements/settlement-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type AgentSettlementParams = Partial<AgentSettlementQuery>;

/**
 * The answer of GET /v1/settlements/agent spelled out: `pageEnvelope`'s computed row key types
 * as an index signature, so the rows would read as `number | AgentSettlement[]`.
 */
export type AgentSettlementAnswer = { total: number; page: number; per_page: number; agent_settlements: AgentSettlement[]; totals: SettlementSums };
export type SettlementSums = Pick<AgentSettlement, 'amount' | 'fare' | 'discrepancy' | 'fee'>;

/** Query keys of the monthly report, under the settlements root (ADR 008). */
export const settlementKeys = {
  all: queryRoots.settlements,
  agents: (params: AgentSettlementParams) => [...queryRoots.settlements, 'agent', params] as const,
  groups: (agentSettlementId: number) => [...queryRoots.settlements, 'group', agentSettlementId] as const,
  payments: (groupSettlementId: number) => [...queryRoots.settlements, 'payment', groupSettlementId] as const,
};

/** GET /v1/settlements/agent: agent settlements of a month (the period ends in it), paged, with the totals of every match; agents get their own only. */
export const getAgentSettlements = (params: AgentSettlementParams) => apiClient.get<AgentSettlementAnswer>('/v1/settlements/agent', params);
/** GET /v1/settlements/group/{agent_settlement_id}: the agent settlement and its branches (one monthly invoice each). */
export const getGroupSettlements = (agentSettlementId: number) => apiClient.get<GroupSettlementList>(`/v1/settlements/group/${agentSettlementId}`);
/** GET /v1/settlements/payment/{group_settlement_id}: a branch's settlement and the booking payments it bills. */
export const getSettlementPayments = (groupSettlementId: number) => apiClient.get<SettlementPaymentList>(`/v1/settlements/payment/${groupSettlementId}`);
/** PUT /v1/settlements/payment/{agent_settlement_id}: the monthly payment received (irreversible). */
export const confirmSettlementPayment = (agentSettlementId: number, body: ConfirmSettlementPaymentBody) =>
  apiClient.put<unknown>(`/v1/settlements/payment/${agentSettlementId}`, body);
/** POST /v1/settlements/run: bills one agent now, as the monthly job does (back office). */
export const runBilling = (agentId: number) => apiClient.post<unknown>('/v1/settlements/run', { agent_id: agentId });

export function useAgentSettlements(params: AgentSettlementParams) {
  return useQuery(queryOptions({ queryKey: settlementKeys.agents(params), queryFn: () => getAgentSettlements(params), placeholderData: keepPreviousData }));
}

/** Nothing is asked while the id is unknown (a malformed address, or a screen still loading what names it). */
export function useGroupSettlements(agentSettlementId: number | null) {
  return useQuery({ queryKey: settlementKeys.groups(agentSettlementId ?? 0), queryFn: () => getGroupSettlements(agentSettlementId ?? 0), enabled: agentSettlementId !== null });
}

export function useSettlementPayments(groupSettlementId: number | null) {
  return useQuery({ queryKey: settlementKeys.payments(groupSettlementId ?? 0), queryFn: () => getSettlementPayments(groupSettlementId ?? 0), enabled: groupSettlementId !== null });
}

/**
 * A settlement step as a mutation: it changes settlements and the payments (and so the bookings)
 * they cover, so a success refreshes those three roots (ADR 008). `silent`: the screen shows the
 * errors itself (a form puts them on its fields).
 */
export function useSettlementStep<V, R>(run: (vars: V) => Promise<R>, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silentError: options.silent ?? false },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.settlements }),
        queryClient.invalidateQueries({ queryKey: queryRoots.payments }),
        queryClient.invalidateQueries({ queryKey: queryRoots.bookings }),
      ]);
    },
  });
}
