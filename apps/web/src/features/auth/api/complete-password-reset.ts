import { useMutation } from '@tanstack/react-query';
import type { CompletePasswordResetBody } from '@sagano/domain/auth/auth-schemas';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /v1/reset-password: sets the new password with the mailed single-use token. */
export function completePasswordReset(body: CompletePasswordResetBody): Promise<void> {
  return apiClient.put<void>('/v1/reset-password', body);
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
