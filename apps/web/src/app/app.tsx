import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { AppProviders } from './providers.tsx';
import type { AppRouter } from './router.tsx';

export function App({ queryClient, router, i18n }: { queryClient: QueryClient; router: AppRouter; i18n: I18n }) {
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
