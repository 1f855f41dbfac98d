import { AppShell, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { CurrentUserContext } from '../../lib/current-user.ts';
import { sessionQueryOptions } from '../../lib/session.ts';
import { TWO_FACTOR_PATH } from '../route-guards.ts';
import { AppHeader } from './app-header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useTotpSetupRequiredWatch } from './totp-setup-watch.ts';
import { useRealtimeUpdates } from '../realtime/use-realtime-updates.ts';

/** The signed-in frame: header, sidebar (a drawer behind the burger on narrow screens), screen. */
export function ShellLayout() {
  const { data: session } = useQuery(sessionQueryOptions());
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  // Below the navbar's breakpoint the menu is a drawer behind the burger: its entries are made when
  // it is first opened (then kept), not with a phone's first paint of the screen.
  const theme = useMantineTheme();
  const drawer = useMediaQuery(`(max-width: ${parseFloat(theme.breakpoints.sm) - 0.01}em)`, undefined, { getInitialValueInEffect: false });
  const [navMade, setNavMade] = useState(false);
  if (navOpened && !navMade) setNavMade(true);
  useTotpSetupRequiredWatch();
  // Live updates while someone is signed in (and not held at two-factor setup); sign-out closes the stream.
  useRealtimeUpdates(!!session && !session.user.totp_setup_required);

  // Between sign-out and the login screen there is no user: nothing of the shell is drawn.
  if (!session) return <FullPageLoader />;
  // Until two-factor sign-in is set up, only its screen opens (also when the rule arrives mid-session).
  if (session.user.totp_setup_required && pathname !== TWO_FACTOR_PATH) return <Navigate to={TWO_FACTOR_PATH} replace />;

  return (
    <CurrentUserContext value={session.user}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          {(!drawer || navOpened || navMade) && <Sidebar onNavigate={nav.close} />}
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </CurrentUserContext>
  );
}
