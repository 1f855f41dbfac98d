import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalListQuery, ApprovalListResponse } from '@sagano/domain/approvals/approval-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const approvalsKeys = {
  all: queryRoots.approvals,
  list: (params: ApprovalListQuery) => [...queryRoots.approvals, 'list', params] as const,
};

/** GET /v1/approvals: requests submitted in, or touching days of, the period; paged. */
export function getApprovals(params: ApprovalListQuery): Promise<ApprovalListResponse> {
  return apiClient.get<ApprovalListResponse>('/v1/approvals', params);
}

export function useApprovals(params: ApprovalListQuery) {
  return useQuery({ ...queryOptions({ queryKey: approvalsKeys.list(params), queryFn: () => getApprovals(params) }), placeholderData: keepPreviousData });
}
