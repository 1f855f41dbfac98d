import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorBasicInfoBody, OperatorBasicInfoResponse, OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
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

/** PUT the logo or the stamp as multipart/form-data. The image's card reports its own errors. */
export function useUploadOperatorImage(image: OperatorImage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiClient.put<OperatorBasicInfoResponse>(apiPath(`${PATH}/{image}`, { image }), form);
    },
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(masterDataKeys.operatorBasicInfo, saved),
  });
}

/** DELETE the logo or the stamp. */
export function useRemoveOperatorImage(image: OperatorImage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<OperatorBasicInfoResponse>(apiPath(`${PATH}/{image}`, { image })),
    onSuccess: (saved) => queryClient.setQueryData(masterDataKeys.operatorBasicInfo, saved),
  });
}
