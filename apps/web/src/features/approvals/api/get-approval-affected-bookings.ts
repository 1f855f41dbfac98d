import { useQuery } from '@tanstack/react-query';
import type { ApprovalAffectedBookingsResponse } from '@sagano/domain/inventory/suspension-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { approvalsKeys } from './get-approvals.ts';

/** Calendar changes that can stop a train: the pattern calendar and the special days. */
export const CALENDAR_TARGETS: readonly string[] = ['SERVICE_DAY_PATTERN_CHANGE', 'SERVICE_DAY_SERVICE_APPEND'];

/** GET /v1/approvals/{id}/affected-bookings: the live bookings applying the request would refuse (our addition). */
export function useApprovalAffectedBookings(approvalId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...approvalsKeys.all, 'affected-bookings', approvalId],
    queryFn: () => apiClient.get<ApprovalAffectedBookingsResponse>(apiPath('/v1/approvals/{approval_id}/affected-bookings', { approval_id: approvalId })),
    enabled,
    staleTime: 0,
  });
}
