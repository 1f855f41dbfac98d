import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/** POST /v1/auth/logout: ends the session and clears its cookie. */
export function logout(): Promise<void> {
  return apiClient.post<void>('/v1/auth/logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { silentError: true },
    // Signed out locally even when the server could not be told (its session then simply expires).
    onSettled: async () => {
      sessionStorage.clear();
      clearSession(queryClient);
      await navigate('/login', { replace: true });
    },
  });
}
