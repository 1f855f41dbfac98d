import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationLogListResponse, SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** POST /v1/operation-logs: a search (POST for its filter body), so it is read as a query. */
export function searchOperationLogs(body: SearchOperationLogsBody): Promise<OperationLogListResponse> {
  return apiClient.post<OperationLogListResponse>('/v1/operation-logs', body);
}

export function operationLogsQueryOptions(body: SearchOperationLogsBody) {
  return queryOptions({
    queryKey: [...queryRoots.operationLogs, 'search', body],
    queryFn: () => searchOperationLogs(body),
    placeholderData: keepPreviousData,
  });
}

export function useOperationLogs(body: SearchOperationLogsBody) {
  return useQuery(operationLogsQueryOptions(body));
}
