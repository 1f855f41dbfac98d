import { queryRoots } from '../../../lib/query-keys.ts';
import type { AgentSettlementQuery } from '@sagano/domain/settlements/settlement-schemas';

/** Query keys of the monthly report, under the settlements root (ADR 008): a settlement step refreshes them by invalidating `queryRoots.settlements`. */
export const settlementKeys = {
  all: queryRoots.settlements,
  agents: (params: Partial<AgentSettlementQuery>) => [...queryRoots.settlements, 'agent', params] as const,
  groups: (agentSettlementId: number) => [...queryRoots.settlements, 'group', agentSettlementId] as const,
  payments: (groupSettlementId: number) => [...queryRoots.settlements, 'payment', groupSettlementId] as const,
};
