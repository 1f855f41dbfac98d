import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgentGroupResponse, CreateAgentGroupBody, CreatedId, UpdateAgentGroupBody } from '@sagano/domain/agents/agent-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { agentsKeys } from './agents-keys.ts';

type Created = z.infer<typeof CreatedId>;

/** GET /v1/agent_groups/{id}: a branch (or the root group) with its main admin and staff. */
export function getAgentGroup(id: number): Promise<AgentGroupResponse> {
  return apiClient.get<AgentGroupResponse>(apiPath('/v1/agent_groups/{id}', { id }));
}

export function agentGroupQueryOptions(id: number) {
  return queryOptions({ queryKey: agentsKeys.group(id), queryFn: () => getAgentGroup(id) });
}

export function useAgentGroup(id: number | null) {
  return useQuery({ ...agentGroupQueryOptions(id ?? 0), enabled: id !== null });
}

/** POST /v1/agent_groups: a branch with its main admin, who is mailed an invitation. */
export function createAgentGroup(body: CreateAgentGroupBody): Promise<Created> {
  return apiClient.post<Created>('/v1/agent_groups', body);
}

export function useCreateAgentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
}

/** PUT /v1/agent_groups/{id}. */
export function updateAgentGroup({ id, body }: { id: number; body: UpdateAgentGroupBody }): Promise<AgentGroupResponse> {
  return apiClient.put<AgentGroupResponse>(apiPath('/v1/agent_groups/{id}', { id }), body);
}

export function useUpdateAgentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
}

/**
 * DELETE /v1/agent_groups/{id}: not the root group; refused (409) while the branch has bookings.
 * The cache is only marked stale: refetching the deleted branch on its screen would 404.
 */
export function deleteAgentGroup(id: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/agent_groups/{id}', { id }));
}

export function useDeleteAgentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgentGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all, refetchType: 'none' }),
  });
}
