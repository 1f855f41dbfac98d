import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentResponse } from '@sagano/domain/agents/agent-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { portalKeys } from './portal-keys.ts';

/** PUT /v1/agents/{id}/two_factor: an agent admin requires (or stops requiring) two-factor sign-in for all staff. */
export function setTwoFactorPolicy(agentId: number, requireTotp: boolean): Promise<AgentResponse> {
  return apiClient.put<AgentResponse>(apiPath('/v1/agents/{id}/two_factor', { id: agentId }), { require_totp: requireTotp });
}

export function useSetTwoFactorPolicy(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTotp: boolean) => setTwoFactorPolicy(agentId, requireTotp),
    onSuccess: (agent) => queryClient.setQueryData(portalKeys.agent(agentId), agent),
  });
}
