import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SendUserPasswordResetBody } from '@sagano/domain/users/user-schemas';
import { apiClient } from '../../../lib/api-client.ts';

type Body = z.infer<typeof SendUserPasswordResetBody>;

/** POST /v1/users/send_password_reset_email: mails the user a reset link. */
export function sendUserPasswordReset(body: Body): Promise<void> {
  return apiClient.post<void>('/v1/users/send_password_reset_email', body);
}

export function useSendUserPasswordReset() {
  return useMutation({ mutationFn: sendUserPasswordReset });
}
