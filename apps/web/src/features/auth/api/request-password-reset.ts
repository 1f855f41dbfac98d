import { useMutation } from '@tanstack/react-query';
import type { RequestPasswordResetBody } from '@sagano/domain/auth/auth-schemas';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /v1/reset-password: mails a reset link when the address is registered (the answer never says). */
export function requestPasswordReset(body: RequestPasswordResetBody): Promise<void> {
  return apiClient.post<void>('/v1/reset-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
