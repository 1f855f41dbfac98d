import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@sagano/domain/auth/auth-schemas';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /v1/auth/password: the signed-in user's own password. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiClient.put<void>('/v1/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
