import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationLogRow } from '@sagano/domain/audit/operation-log-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/operation-logs/{id}. */
export function getOperationLog(id: number): Promise<OperationLogRow> {
  return apiClient.get<OperationLogRow>(apiPath('/v1/operation-logs/{id}', { id }));
}

export function operationLogQueryOptions(id: number) {
  return queryOptions({ queryKey: [...queryRoots.operationLogs, 'detail', id], queryFn: () => getOperationLog(id), staleTime: Infinity });
}

export function useOperationLog(id: number | null) {
  return useQuery({ ...operationLogQueryOptions(id ?? 0), enabled: id !== null });
}
