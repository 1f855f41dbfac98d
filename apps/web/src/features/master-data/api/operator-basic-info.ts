import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorBasicInfoBody, OperatorBasicInfoResponse } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { masterDataKeys } from './master-data-keys.ts';

const PATH = '/v1/master-data/operator-basic-info';

export function useOperatorBasicInfo() {
  return useQuery(queryOptions({ queryKey: masterDataKeys.operatorBasicInfo, queryFn: () => apiClient.get<OperatorBasicInfoResponse>(PATH) }));
}

/** PUT the whole record. The form reports its own errors. */
export function useSaveOperatorBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorBasicInfoBody) => apiClient.put<OperatorBasicInfoResponse>(PATH, body),
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(masterDataKeys.operatorBasicInfo, saved),
  });
}
