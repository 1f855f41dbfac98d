import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, StaffResponse, UpdateStaffBody } from '@sagano/domain/agents/agent-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { agentsKeys } from './agents-keys.ts';

const staffPath = (id: string) => apiPath('/v1/agent_staffs/{id}', { id });

/** Staff are shown inside their agent and group answers: any change refreshes those. */
function useStaffMutation<V, R>(mutationFn: (variables: V) => Promise<R>, meta?: { silentError: true }) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }) });
}

/** The staff form shows these errors itself (on the field, or in the dialog). */
const FORM_ERRORS = { silentError: true } as const;

/** POST /v1/agent_staffs: the new staff member is mailed an invitation to set a password. */
export function createStaff(body: CreateStaffBody): Promise<StaffResponse> {
  return apiClient.post<StaffResponse>('/v1/agent_staffs', body);
}

export const useCreateStaff = () => useStaffMutation(createStaff, FORM_ERRORS);

/** PUT /v1/agent_staffs/{id}: name, tel, language, staff type and group (the e-mail is the account's). */
export function updateStaff({ id, body }: { id: string; body: UpdateStaffBody }): Promise<StaffResponse> {
  return apiClient.put<StaffResponse>(staffPath(id), body);
}

export const useUpdateStaff = () => useStaffMutation(updateStaff, FORM_ERRORS);

/** DELETE /v1/agent_staffs/{id}. */
export function deleteStaff(id: string): Promise<void> {
  return apiClient.delete<void>(staffPath(id));
}

export const useDeleteStaff = () => useStaffMutation(deleteStaff);

/** POST /v1/agent_staffs/{id}/send_password_reset_email. */
export function sendStaffPasswordReset(id: string): Promise<void> {
  return apiClient.post<void>(`${staffPath(id)}/send_password_reset_email`, {});
}

export function useSendStaffPasswordReset() {
  return useMutation({ mutationFn: sendStaffPasswordReset });
}

/** POST /v1/agent_staffs/{id}/unenroll_totp: the staff member enrolls an authenticator again at the next login. */
export function unenrollStaffTotp(id: string): Promise<void> {
  return apiClient.post<void>(`${staffPath(id)}/unenroll_totp`, {});
}

export const useUnenrollStaffTotp = () => useStaffMutation(unenrollStaffTotp);
