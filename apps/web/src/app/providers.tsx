import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { cssVariablesResolver, theme } from './theme.ts';

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? 'ja', firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}

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
        <LocalizedDates>
          <Toasts />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalizedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}
