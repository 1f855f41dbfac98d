import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpecialContractTermBody, SpecialContractTermListResponse, SpecialContractTermResponse } from '@sagano/domain/master-data/special-contract-term-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

const BASE = '/v1/master-data/special-contract-terms';

/** GET: every term, earliest period first. */
export function useSpecialContractTerms() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.specialContractTerms, queryFn: () => apiClient.get<SpecialContractTermListResponse>(BASE) }));
}

/** POST a new term, or PUT /{applied_from_service_date} (the first date names it). The form reports its own errors. */
export function useSaveSpecialContractTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, body }: { isNew: boolean; body: SpecialContractTermBody }) => {
      if (isNew) return apiClient.post<SpecialContractTermResponse>(BASE, body);
      const { service_from_date: from, ...change } = body;
      return apiClient.put<SpecialContractTermResponse>(apiPath(`${BASE}/{applied_from_service_date}`, { applied_from_service_date: from }), change);
    },
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.specialContractTerms }),
  });
}

export function useDeleteSpecialContractTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (from: string) => apiClient.delete<{ ok: true }>(apiPath(`${BASE}/{applied_from_service_date}`, { applied_from_service_date: from })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.specialContractTerms }),
  });
}
