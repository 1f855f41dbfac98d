import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccountBody, BankAccountListResponse, BankAccountResponse } from '@sagano/domain/master-data/bank-account-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

const BASE = '/v1/master-data/bank-accounts';

/** GET ?page&per_page: the accounts, oldest first. */
export function useBankAccounts(page: number, perPage: number) {
  return useQuery(
    queryOptions({
      queryKey: masterDataKeys.bankAccountPage(page, perPage),
      queryFn: () => apiClient.get<BankAccountListResponse>(BASE, { page, per_page: perPage }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** POST a new account, or PUT /{id}. Marking one as the transfer account un-marks the other, so every page is read again. The form reports its own errors. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BankAccountBody }) =>
      id === null ? apiClient.post<BankAccountResponse>(BASE, body) : apiClient.put<BankAccountResponse>(apiPath(`${BASE}/{id}`, { id }), body),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.bankAccounts }),
  });
}
