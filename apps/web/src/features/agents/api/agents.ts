import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AgentListQuery,
  AgentListResponse as AgentListSchema,
  AgentResponse,
  CreateAgentBody,
  CreatedId,
  CsvResponse as CsvSchema,
  TwoFactorPolicyBody,
  UpdateAgentBody,
} from '@sagano/domain/agents/agent-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { agentsKeys } from './agents-keys.ts';

export type AgentListResponse = z.infer<typeof AgentListSchema>;
export type CsvResponse = z.infer<typeof CsvSchema>;
type Created = z.infer<typeof CreatedId>;

/** GET /v1/agents: agents matching the name/kana query, the main admin's e-mail and the type, paged. */
export function getAgents(params: AgentListQuery): Promise<AgentListResponse> {
  return apiClient.get<AgentListResponse>('/v1/agents', params);
}

export function agentsQueryOptions(params: AgentListQuery) {
  return queryOptions({ queryKey: agentsKeys.list(params), queryFn: () => getAgents(params), placeholderData: keepPreviousData });
}

export function useAgents(params: AgentListQuery) {
  return useQuery(agentsQueryOptions(params));
}

/** GET /v1/agents/{id}: the agent with its root group and every group, each with its staff. */
export function getAgent(id: number): Promise<AgentResponse> {
  return apiClient.get<AgentResponse>(apiPath('/v1/agents/{id}', { id }));
}

export function agentQueryOptions(id: number) {
  return queryOptions({ queryKey: agentsKeys.detail(id), queryFn: () => getAgent(id) });
}

export function useAgent(id: number | null) {
  return useQuery({ ...agentQueryOptions(id ?? 0), enabled: id !== null });
}

/** POST /v1/agents: the agent, its root group and main admin (who is mailed an invitation). */
export function createAgent(body: CreateAgentBody): Promise<Created> {
  return apiClient.post<Created>('/v1/agents', body);
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
}

/** PUT /v1/agents/{id}. */
export function updateAgent({ id, body }: { id: number; body: UpdateAgentBody }): Promise<AgentResponse> {
  return apiClient.put<AgentResponse>(apiPath('/v1/agents/{id}', { id }), body);
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: (agent) => {
      queryClient.setQueryData(agentsKeys.detail(agent.id), agent);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.all });
    },
  });
}

/**
 * DELETE /v1/agents/{id}: refused (409, AGENT_HAS_LIVE_BOOKINGS …) while the agent has bookings.
 * The cache is only marked stale: refetching the deleted agent on its screen would 404.
 */
export function deleteAgent(id: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/agents/{id}', { id }));
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all, refetchType: 'none' }),
  });
}

/** PUT /v1/agents/{id}/two_factor: every staff member must (or need not) sign in with a one-time code. */
export function updateTwoFactorPolicy({ id, ...body }: { id: number } & z.infer<typeof TwoFactorPolicyBody>): Promise<unknown> {
  return apiClient.put<unknown>(apiPath('/v1/agents/{id}/two_factor', { id }), body);
}

export function useUpdateTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwoFactorPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
}

/** GET /v1/csv/agents: every agent as CSV (UTF-8 with BOM), base64. */
export function getAgentsCsv(): Promise<CsvResponse> {
  return apiClient.get<CsvResponse>('/v1/csv/agents');
}

export function useAgentsCsv() {
  return useMutation({ mutationFn: getAgentsCsv });
}
