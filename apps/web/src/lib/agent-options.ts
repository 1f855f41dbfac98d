import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgentListResponse as AgentListSchema } from '@sagano/domain/agents/agent-schemas';
import { MAX_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { apiClient } from './api-client.ts';
import { queryRoots } from './query-keys.ts';

export type AgentListResponse = z.infer<typeof AgentListSchema>;

/** GET /v1/agents (first 100, by the server's order): the agents and branches staff book for. */
export function getAgentOptions(): Promise<AgentListResponse> {
  return apiClient.get<AgentListResponse>('/v1/agents', { page: 1, per_page: MAX_PER_PAGE });
}

export function agentOptionsQueryOptions() {
  return queryOptions({ queryKey: [...queryRoots.agents, 'options'], queryFn: getAgentOptions, staleTime: 5 * 60_000 });
}

/** The agent picker's one source: agents with their branches (root group first), for the booking form and the booking and payments lists. */
export function useAgentOptions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentOptionsQueryOptions(), enabled: options.enabled ?? true });
}
