import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { sessionQueryKey } from '../../lib/session.ts';

const isSetupRequired = (error: unknown) => error instanceof ApiError && error.code === 'TOTP_SETUP_REQUIRED';

/**
 * The agent's admin may require two-factor sign-in while this user is working: the server then
 * refuses their calls with TOTP_SETUP_REQUIRED. The session is read again, and the shell (seeing
 * totp_setup_required) takes them to the two-factor screen.
 */
export function useTotpSetupRequiredWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSetupRequired(event.action.error)) reread();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSetupRequired(event.action.error)) reread();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
