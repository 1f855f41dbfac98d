import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, redirect } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { RouteErrorScreen } from '../components/route-error-screen.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { guestLoader, requireMenuEntry, shellLoader } from './route-guards.ts';
import { ShellLayout } from './shell/shell-layout.tsx';

/** Routes of spec 000 §2 built so far: /login and /reset-password outside the shell, the rest inside. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/login',
      loader: guestLoader(queryClient),
      lazy: lazyScreen(() => import('../features/auth/routes/login.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      path: '/reset-password',
      lazy: lazyScreen(() => import('../features/auth/routes/reset-password.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      path: '/',
      loader: shellLoader(queryClient),
      Component: ShellLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
      children: [
        {
          // Errors of a screen are shown inside the shell, which stays usable.
          ErrorBoundary: RouteErrorScreen,
          children: [
            { index: true, loader: () => redirect('/dashboard'), element: <Navigate to="/dashboard" replace /> },
            {
              path: 'dashboard',
              lazy: lazyScreen(() => import('../features/dashboard/routes/dashboard.tsx')),
            },
            {
              path: 'operation-logs',
              loader: requireMenuEntry(queryClient, 'operationLogs'),
              lazy: lazyScreen(() => import('../features/operation-logs/routes/operation-logs.tsx')),
            },
            {
              path: 'mails',
              loader: requireMenuEntry(queryClient, 'mails'),
              lazy: lazyScreen(() => import('../features/mails/routes/mails.tsx')),
            },
            {
              path: 'users',
              loader: requireMenuEntry(queryClient, 'users'),
              lazy: lazyScreen(() => import('../features/users/routes/users.tsx')),
            },
            {
              path: 'change-password',
              loader: requireMenuEntry(queryClient, 'changePassword'),
              lazy: lazyScreen(() => import('../features/auth/routes/change-password.tsx')),
            },
            { path: '*', Component: NotFoundScreen },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
