import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { cssVariablesResolver, theme } from './theme.ts';

const ToastsLayer = lazy(() => import('./toasts-layer.tsx'));

/**
 * The toasts' layer (and its transitions) is downloaded when the first toast is shown, not with
 * every page; toasts shown meanwhile wait in the store and appear once it is there.
 */
function Toasts() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastsLayer />
    </Suspense>
  );
}

export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
