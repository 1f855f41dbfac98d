import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { toastCloseButton } from '../lib/notify.ts';
import { clearSession, loginPathFor, sessionQueryKey } from '../lib/session.ts';
import type { AppRouter } from './router.tsx';

const OUTSIDE_SHELL = ['/login', '/reset-password'];

/** A 401 from any call but login/me: forget the user and ask for a login, then come back here. */
export function handleSessionExpiry(queryClient: QueryClient, router: AppRouter): void {
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (OUTSIDE_SHELL.includes(pathname)) return;
    const hadUser = queryClient.getQueryData(sessionQueryKey) != null;
    clearSession(queryClient);
    if (hadUser) {
      notifications.show({
        id: 'session-expired',
        color: 'yellow',
        message: i18next.t('common:toast.sessionExpired'),
        autoClose: 10_000,
        withBorder: true,
        closeButtonProps: toastCloseButton(),
      });
    }
    void router.navigate(loginPathFor({ pathname, search }), { replace: true });
  });
}
