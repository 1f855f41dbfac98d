import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstantConfirmationRuleBody, InstantConfirmationRuleListResponse, InstantConfirmationRuleResponse } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { MAX_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { masterDataKeys } from './master-data-keys.ts';

const BASE = '/v1/instant-confirmation-rules';

/** GET: every rule (oldest first, the order they are tried in), with the changes and new rules waiting for approval. */
export function useInstantConfirmationRules() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.instantConfirmationRules, queryFn: () => apiClient.get<InstantConfirmationRuleListResponse>(BASE) }));
}

/** The agents a rule may name (the first page of the agent list, enough for the operator's agents). */
export function useRuleAgentOptions() {
  return useQuery(
    queryOptions({
      queryKey: masterDataKeys.ruleAgents,
      queryFn: () => apiClient.get<{ agents: { id: number; name_ja: string; name_en: string }[] }>(`/v1/agents?page=1&per_page=${MAX_PER_PAGE}`),
    }),
  );
}

/** POST a new rule or PUT a change: both wait for approval (answered with the approval). The form reports its own errors. */
export function useSubmitInstantConfirmationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: InstantConfirmationRuleBody }) =>
      id === null ? apiClient.post<{ approval_id: number }>(BASE, body) : apiClient.put<{ approval_id: number }>(apiPath('/v1/instant-confirmation-rules/{id}', { id }), body),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: masterDataKeys.instantConfirmationRules });
      await queryClient.invalidateQueries({ queryKey: queryRoots.approvals });
    },
  });
}

/** POST /{id}/disable: off at once, no approval. */
export function useDisableInstantConfirmationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<InstantConfirmationRuleResponse>(apiPath('/v1/instant-confirmation-rules/{id}/disable', { id }), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.instantConfirmationRules }),
  });
}
