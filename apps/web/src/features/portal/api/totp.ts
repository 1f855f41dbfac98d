import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TotpSetupResponse } from '@sagano/domain/auth/auth-schemas';
import { apiClient, request } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export type TotpSetup = z.infer<typeof TotpSetupResponse>;
type Ok = { ok: true };

/** POST /v1/auth/totp/setup: a new secret to scan; it counts only once a code from it is confirmed. */
export function startTotpSetup(): Promise<TotpSetup> {
  return apiClient.post<TotpSetup>('/v1/auth/totp/setup', {});
}

/** POST /v1/auth/totp/confirm: a code from the new secret enrolls it (400 TOTP_CODE_WRONG, field code). */
export function confirmTotp(code: string): Promise<Ok> {
  return apiClient.post<Ok>('/v1/auth/totp/confirm', { code });
}

/** DELETE /v1/auth/totp with a current code (409 TOTP_REQUIRED_BY_AGENT when the agent requires it). */
export function disableTotp(code: string): Promise<Ok> {
  return request<Ok>('DELETE', '/v1/auth/totp', { code });
}

/** Reads the session again: its totp_enrolled and totp_setup_required change with these calls. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: sessionQueryKey });
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}

/** The screens show a wrong code on the code field themselves. */
export function useConfirmTotp() {
  const refresh = useRefreshSession();
  return useMutation({ mutationFn: confirmTotp, meta: { silentError: true }, onSuccess: refresh });
}

export function useDisableTotp() {
  const refresh = useRefreshSession();
  return useMutation({ mutationFn: disableTotp, meta: { silentError: true }, onSuccess: refresh });
}
