import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalResponse } from '@sagano/domain/approvals/approval-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { approvalsKeys } from './get-approvals.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

type Input = { id: number; decision: 'approve' | 'reject'; reason: string };

/** PUT /v1/approvals/{id}/approve or /reject with a reason (required to reject). */
export function judgeApproval({ id, decision, reason }: Input): Promise<ApprovalResponse> {
  return apiClient.put<ApprovalResponse>(`/v1/approvals/${id}/${decision}`, { reason });
}

export function useJudgeApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: judgeApproval,
    // The applied change shows on the timetable screens too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: approvalsKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.timetable })]),
  });
}
