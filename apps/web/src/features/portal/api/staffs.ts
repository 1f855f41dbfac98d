import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateStaffBody, StaffListResponse, StaffResponse, UpdateStaffBody } from '@sagano/domain/agents/agent-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { portalKeys, type StaffListParams } from './portal-keys.ts';

export type StaffList = z.infer<typeof StaffListResponse>;
type Ok = { ok: true };

/** GET /v1/agent_staffs: the caller's agent's staff (a branch admin: their branch's), optionally of one group. */
export function getStaffs(params: StaffListParams): Promise<StaffList> {
  return apiClient.get<StaffList>('/v1/agent_staffs', params);
}

export function staffsQueryOptions(params: StaffListParams) {
  return queryOptions({ queryKey: portalKeys.staffList(params), queryFn: () => getStaffs(params), placeholderData: keepPreviousData });
}

export function useStaffs(params: StaffListParams) {
  return useQuery(staffsQueryOptions(params));
}

/** The list and the agent record (which lists staff per group) change with every write. */
function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalKeys.all });
}

/** POST /v1/agent_staffs: the new member is mailed an invitation to set a password. */
export function useCreateStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => apiClient.post<StaffResponse>('/v1/agent_staffs', body),
    // The form shows field errors itself (e-mail taken, last admin of a group).
    meta: { silentError: true },
    onSuccess: refresh,
  });
}

/** PUT /v1/agent_staffs/{id}: name, tel, language, type and group (the e-mail is the account's). */
export function useUpdateStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStaffBody }) => apiClient.put<StaffResponse>(apiPath('/v1/agent_staffs/{id}', { id }), body),
    meta: { silentError: true },
    onSuccess: refresh,
  });
}

/** DELETE /v1/agent_staffs/{id} (never the caller's own account). */
export function useDeleteStaff() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: (id: string) => apiClient.delete<Ok>(apiPath('/v1/agent_staffs/{id}', { id })), onSuccess: refresh });
}

/** POST /v1/agent_staffs/{id}/send_password_reset_email: an invitation again, or a reset link once a password was set. */
export function useSendStaffPasswordReset() {
  return useMutation({ mutationFn: (id: string) => apiClient.post<Ok>(apiPath('/v1/agent_staffs/{id}/send_password_reset_email', { id }), {}) });
}
