import type { AgentListQuery } from '@sagano/domain/agents/agent-schemas';

/**
 * Every agent query lives under ['agents'] (the booking screens' agent picker too), so one
 * invalidation after a change refreshes the list, the detail, the branches and the picker.
 */
export const agentsKeys = {
  all: ['agents'] as const,
  list: (params: AgentListQuery) => ['agents', 'list', params] as const,
  detail: (id: number) => ['agents', 'detail', id] as const,
  group: (id: number) => ['agents', 'group', id] as const,
};
