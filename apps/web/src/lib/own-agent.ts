import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentGroupDetailResponse, AgentResponse } from '@sagano/domain/agents/agent-schemas';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import { apiClient, apiPath } from './api-client.ts';
import { queryRoots } from './query-keys.ts';

/**
 * The caller's own agent or branch, read by the portal and by the booking form alike: shared, so
 * neither feature imports the other (ADR 008). Keys sit under the portal's root.
 */
export const ownAgentKeys = {
  agent: (agentId: number) => [...queryRoots.portal, 'agent', agentId] as const,
  group: (groupId: number) => [...queryRoots.portal, 'group', groupId] as const,
};

/**
 * GET /v1/agents/{id}: the caller's own agent with every group and its staff. Head-office staff
 * only (a branch user is refused it and reads their group instead).
 */
export function getOwnAgent(agentId: number): Promise<AgentResponse> {
  return apiClient.get<AgentResponse>(apiPath('/v1/agents/{id}', { id: agentId }));
}

/** GET /v1/agent_groups/{id}: a branch user's own group, its staff and what they need of their agent. */
export function getOwnGroup(groupId: number): Promise<AgentGroupDetailResponse> {
  return apiClient.get<AgentGroupDetailResponse>(apiPath('/v1/agent_groups/{id}', { id: groupId }));
}

export function ownAgentQueryOptions(agentId: number) {
  return queryOptions({ queryKey: ownAgentKeys.agent(agentId), queryFn: () => getOwnAgent(agentId), staleTime: 60_000 });
}

export function ownGroupQueryOptions(groupId: number) {
  return queryOptions({ queryKey: ownAgentKeys.group(groupId), queryFn: () => getOwnGroup(groupId), staleTime: 60_000 });
}

/** Where an agent user works: the whole agent (head office) or one branch. */
export type AgentScope =
  | { kind: 'headOffice'; agentId: number; admin: boolean }
  | { kind: 'branch'; agentId: number; groupId: number; admin: boolean };

export function agentScopeOf(user: Pick<SessionUser, 'kind' | 'agent_id' | 'agent_sub_group_id' | 'role'>): AgentScope | null {
  if (user.kind !== 'AGENT' || user.agent_id === null) return null;
  if (user.agent_sub_group_id !== null) return { kind: 'branch', agentId: user.agent_id, groupId: user.agent_sub_group_id, admin: user.role === 'groupAdmin' };
  return { kind: 'headOffice', agentId: user.agent_id, admin: user.role === 'agentAdmin' };
}

/** The agent record of head-office staff (null for branch staff and operators, who do not read it). */
export function useOwnAgent(scope: AgentScope | null) {
  return useQuery({
    ...ownAgentQueryOptions(scope?.agentId ?? 0),
    enabled: scope?.kind === 'headOffice',
  });
}

/** The group of branch staff (null for everyone else). */
export function useOwnGroup(scope: AgentScope | null) {
  return useQuery({
    ...ownGroupQueryOptions(scope?.kind === 'branch' ? scope.groupId : 0),
    enabled: scope?.kind === 'branch',
  });
}
