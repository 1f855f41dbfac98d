import type { AgentListQuery } from '@sagano/domain/agents/agent-schemas';
import { queryRoots } from '../../../lib/query-keys.ts';

/**
 * Every agent query lives under ['agents'] (the booking screens' agent picker too), so one
 * invalidation after a change refreshes the list, the detail, the branches and the picker.
 */
export const agentsKeys = {
  all: queryRoots.agents,
  list: (params: AgentListQuery) => [...queryRoots.agents, 'list', params] as const,
  detail: (id: number) => [...queryRoots.agents, 'detail', id] as const,
  group: (id: number) => [...queryRoots.agents, 'group', id] as const,
};
