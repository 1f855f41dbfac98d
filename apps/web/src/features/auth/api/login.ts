import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@sagano/domain/auth/auth-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';

/** POST /v1/auth/login. The server sets the session cookie; the access token is not kept. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/v1/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The login screen shows the error inline and as a toast with the e-mail filled in.
    meta: { silentError: true },
    onSuccess: ({ user, expires_at }) => setSession(queryClient, { user, expires_at }),
  });
}
