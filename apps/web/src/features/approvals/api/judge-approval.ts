import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalResponse } from '@sagano/domain/approvals/approval-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { approvalsKeys } from './get-approvals.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

type Input = { id: number; decision: 'approve' | 'reject'; reason: string };

/** PUT /v1/approvals/{id}/approve or /reject with a reason (required to reject). */
export function judgeApproval({ id, decision, reason }: Input): Promise<ApprovalResponse> {
  return apiClient.put<ApprovalResponse>(apiPath(`/v1/approvals/{approval_id}/${decision}`, { approval_id: id }), { reason });
}

export function useJudgeApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: judgeApproval,
    // The applied change shows on the timetable screens too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: approvalsKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.timetable })]),
  });
}
