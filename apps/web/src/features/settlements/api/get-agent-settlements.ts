import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSettlement, AgentSettlementQuery } from '@sagano/domain/settlements/settlement-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { settlementKeys } from './settlement-keys.ts';

export type AgentSettlementParams = Partial<AgentSettlementQuery>;
export type SettlementSums = Pick<AgentSettlement, 'amount' | 'fare' | 'discrepancy' | 'fee'>;

/**
 * The answer of GET /v1/settlements/agent spelled out: `pageEnvelope`'s computed row key types
 * as an index signature, so the rows would read as `number | AgentSettlement[]`.
 */
export type AgentSettlementAnswer = { total: number; page: number; per_page: number; agent_settlements: AgentSettlement[]; totals: SettlementSums };

/** GET /v1/settlements/agent: agent settlements of a month (the period ends in it), paged, with the totals of every match; agents get their own only. */
export function getAgentSettlements(params: AgentSettlementParams): Promise<AgentSettlementAnswer> {
  return apiClient.get<AgentSettlementAnswer>('/v1/settlements/agent', params);
}

export function agentSettlementsQueryOptions(params: AgentSettlementParams) {
  return queryOptions({ queryKey: settlementKeys.agents(params), queryFn: () => getAgentSettlements(params), placeholderData: keepPreviousData });
}

export function useAgentSettlements(params: AgentSettlementParams) {
  return useQuery(agentSettlementsQueryOptions(params));
}
