import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSettlementList } from '@sagano/domain/settlements/settlement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { settlementKeys } from './settlement-keys.ts';

/** GET /v1/settlements/group/{agent_settlement_id}: the agent settlement and its branches (one monthly invoice each). */
export function getGroupSettlements(agentSettlementId: number): Promise<GroupSettlementList> {
  return apiClient.get<GroupSettlementList>(apiPath('/v1/settlements/group/{agent_settlement_id}', { agent_settlement_id: agentSettlementId }));
}

export function groupSettlementsQueryOptions(agentSettlementId: number) {
  return queryOptions({ queryKey: settlementKeys.groups(agentSettlementId), queryFn: () => getGroupSettlements(agentSettlementId) });
}

/** Nothing is asked while the id is unknown (a malformed address). */
export function useGroupSettlements(agentSettlementId: number | null) {
  return useQuery({ ...groupSettlementsQueryOptions(agentSettlementId ?? 0), enabled: agentSettlementId !== null });
}
