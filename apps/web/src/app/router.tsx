import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, redirect } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { RouteErrorScreen } from '../components/route-error-screen.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';
// The login screen comes with the first download: most first visits start there, and it is small.
import { Component as LoginScreen } from '../features/auth/routes/login.tsx';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
// The booking list's and a booking's first data are asked for by their loaders (small query modules, no UI).
import { prefetchBookingList, searchIsRoleFree } from '../features/bookings/api/booking-list-query.ts';
import { prefetchBookingWithUnits } from '../features/bookings/api/get-booking.ts';
import { guestLoader, requireBookingScreen, requireMenuEntry, requireSession, samePathStaysLoaded, shellLoader, whenSessionCookie } from './route-guards.ts';

/** Routes of spec 000 §2 built so far: /login and /reset-password outside the shell, the rest inside. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/login',
      loader: guestLoader(queryClient),
      Component: LoginScreen,
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
      // The group's own page, opened from the voucher's QR code or the mail: booking id + token, no login.
      path: '/customer/bookings/:bookingId',
      // The booking (and the station names it shows) are asked for while the page's code and messages
      // download, not once the page has rendered (its small query module is imported here, so that no other page's first load grows).
      loader: ({ params, request }) => {
        const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
        const { bookingId } = params;
        if (bookingId && token) {
          void import('../features/customer/api/customer-api.ts').then(({ customerSummaryQueryOptions, customerStationsQueryOptions }) =>
            Promise.all([queryClient.prefetchQuery(customerSummaryQueryOptions(bookingId, token)), queryClient.prefetchQuery(customerStationsQueryOptions())]),
          );
        }
        return null;
      },
      lazy: lazyScreen(() => import('../features/customer/routes/customer-booking.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      // The cancellation policy document: the policy in force, printable, no login (the group's page links it too).
      // Not /cancellation-policy: that is the staff's master data screen (キャンセルポリシー).
      path: '/cancellation-policy/document',
      lazy: lazyScreen(() => import('../features/bookings/routes/cancellation-policy.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      // One booking's policy document (its days and fees), printable, linked from its page and its cancel page: signed in.
      path: '/cancellation-policy/document/:bookingId',
      loader: async ({ request }) => {
        await requireSession(queryClient, request);
        return null;
      },
      lazy: lazyScreen(() => import('../features/bookings/routes/booking-cancellation-policy.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      // The sandbox payment provider's hosted page: it plays an outside site, so no login and no shell.
      path: '/sandbox-checkout/:ref',
      lazy: lazyScreen(() => import('../features/payments/routes/sandbox-checkout.tsx')),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
    },
    {
      path: '/',
      loader: shellLoader(queryClient),
      // A screen's own moves (a list's page, sort or filters in the address) do not check the session again.
      shouldRevalidate: samePathStaysLoaded,
      // The shell (header, menu, account dialogs) is downloaded with the first signed-in screen, not with the login page.
      lazy: lazyScreen(() => import('./shell/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout }))),
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
              lazy: lazyScreen(() => import('./routes/dashboard.tsx')),
            },
            {
              // One dashboard article (spec 000 §2 dashboard/{messageId}), for everyone signed in.
              path: 'dashboard/:messageId',
              lazy: lazyScreen(() => import('../features/messages/routes/message-page.tsx')),
            },
            {
              path: 'notifications',
              loader: requireMenuEntry(queryClient, 'notifications'),
              lazy: lazyScreen(() => import('../features/bookings/routes/notifications.tsx')),
            },
            {
              path: 'bookings',
              loader: requireMenuEntry(queryClient, 'bookings'),
              shouldRevalidate: samePathStaysLoaded,
              children: [
                {
                  index: true,
                  // The list's first page is asked for while the screen's code downloads, so the list
                  // renders once with its rows. A filter, sort or page change is the screen's own query.
                  loader: async (args) => {
                    // Beside the session check when the search does not depend on the role (see shellLoader).
                    const early = searchIsRoleFree(new URL(args.request.url).searchParams)
                      ? whenSessionCookie(() => prefetchBookingList(queryClient, args, { agent: false, silent: true }))
                      : null;
                    const session = await requireSession(queryClient, args.request);
                    await early;
                    await prefetchBookingList(queryClient, args, { agent: capabilitiesOf(session.user).agentPortal });
                    return null;
                  },
                  shouldRevalidate: samePathStaysLoaded,
                  lazy: lazyScreen(() => import('../features/bookings/routes/bookings.tsx')),
                },
                { path: 'create', loader: requireBookingScreen(queryClient, 'create'), lazy: lazyScreen(() => import('../features/bookings/routes/booking-create.tsx')) },
                { path: 'confirm', loader: requireBookingScreen(queryClient, 'confirm'), lazy: lazyScreen(() => import('../features/bookings/routes/booking-confirm.tsx')) },
                {
                  path: ':bookingId',
                  // The unit list and the booking, asked for while the screen's code downloads.
                  loader: async ({ params }) => {
                    await prefetchBookingWithUnits(queryClient, params.bookingId ?? '');
                    return null;
                  },
                  shouldRevalidate: ({ currentParams, nextParams }) => currentParams.bookingId !== nextParams.bookingId,
                  lazy: lazyScreen(() => import('../features/bookings/routes/booking-detail-layout.tsx')),
                  children: [
                    { index: true, lazy: lazyScreen(() => import('./routes/booking-detail.tsx')) },
                    { path: 'copy', loader: requireBookingScreen(queryClient, 'copy'), lazy: lazyScreen(() => import('../features/bookings/routes/booking-create.tsx')) },
                    { path: 'update', loader: requireBookingScreen(queryClient, 'update'), lazy: lazyScreen(() => import('../features/bookings/routes/booking-create.tsx')) },
                    { path: 'histories', lazy: lazyScreen(() => import('../features/bookings/routes/booking-histories.tsx')) },
                    { path: 'cancel', loader: requireBookingScreen(queryClient, 'cancel'), lazy: lazyScreen(() => import('../features/bookings/routes/booking-cancel.tsx')) },
                    { path: 'assign-seats', loader: requireBookingScreen(queryClient, 'assignSeats'), lazy: lazyScreen(() => import('./routes/assign-seats.tsx')) },
                    { path: 'ensure-seats', loader: requireBookingScreen(queryClient, 'ensureSeats'), lazy: lazyScreen(() => import('./routes/ensure-seats.tsx')) },
                  ],
                },
              ],
            },
            {
              path: 'agents',
              loader: requireMenuEntry(queryClient, 'agents'),
              children: [
                { index: true, lazy: lazyScreen(() => import('../features/agents/routes/agents.tsx')) },
                { path: 'create', lazy: lazyScreen(() => import('../features/agents/routes/agent-create.tsx')) },
                { path: ':agentId', lazy: lazyScreen(() => import('../features/agents/routes/agent-detail.tsx')) },
                { path: ':agentId/update', lazy: lazyScreen(() => import('../features/agents/routes/agent-update.tsx')) },
                { path: ':agentId/groups/:groupId', lazy: lazyScreen(() => import('../features/agents/routes/agent-group.tsx')) },
              ],
            },
            {
              path: 'search-allotments',
              loader: requireMenuEntry(queryClient, 'searchAllotments'),
              children: [
                { index: true, lazy: lazyScreen(() => import('../features/inventory/routes/search-allotments.tsx')) },
                { path: ':date', lazy: lazyScreen(() => import('../features/inventory/routes/search-allotments-day.tsx')) },
                {
                  path: ':date/:serviceId',
                  lazy: lazyScreen(() => import('../features/inventory/routes/search-allotments-service.tsx')),
                },
              ],
            },
            {
              // The Sales menu's payments list (入金管理; お支払い in the agent portal), first, under its own name.
              path: 'payments',
              loader: requireMenuEntry(queryClient, 'payments'),
              lazy: lazyScreen(() => import('../features/payments/routes/payments-list.tsx')),
            },
            {
              // The Sales menu's monthly report (月次精算; 月次請求 in the agent portal, scoped by the server).
              path: 'monthly-report',
              loader: requireMenuEntry(queryClient, 'monthlyReport'),
              children: [
                { index: true, lazy: lazyScreen(() => import('../features/settlements/routes/monthly-report.tsx')) },
                { path: 'payment/:groupSettlementId', lazy: lazyScreen(() => import('../features/settlements/routes/monthly-report-payment.tsx')) },
                { path: ':agentSettlementId', lazy: lazyScreen(() => import('../features/settlements/routes/monthly-report-agent.tsx')) },
              ],
            },
            {
              // The Sales menu's 売上管理 (sales management, back office): totals and charts of a period.
              path: 'sales',
              loader: requireMenuEntry(queryClient, 'sales'),
              lazy: lazyScreen(() => import('../features/sales/routes/sales.tsx')),
            },
            {
              path: 'inventory-arrangements',
              loader: requireMenuEntry(queryClient, 'inventoryArrangements'),
              lazy: lazyScreen(() => import('../features/inventory/routes/inventory-arrangements.tsx')),
            },
            {
              path: 'suspended',
              loader: requireMenuEntry(queryClient, 'suspended'),
              lazy: lazyScreen(() => import('../features/inventory/routes/suspended.tsx')),
            },
            {
              path: 'bulk-operation',
              loader: requireMenuEntry(queryClient, 'bulkOperation'),
              lazy: lazyScreen(() => import('../features/bulk-operations/routes/bulk-operation.tsx')),
            },
            {
              path: 'report',
              loader: requireMenuEntry(queryClient, 'report'),
              lazy: lazyScreen(() => import('../features/reports/routes/report.tsx')),
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
              path: 'mails/templates',
              loader: requireMenuEntry(queryClient, 'mails'),
              lazy: lazyScreen(() => import('../features/mails/routes/mail-templates.tsx')),
            },
            {
              path: 'jobs',
              loader: requireMenuEntry(queryClient, 'jobs'),
              lazy: lazyScreen(() => import('../features/jobs/routes/jobs.tsx')),
            },
            {
              path: 'users',
              loader: requireMenuEntry(queryClient, 'users'),
              lazy: lazyScreen(() => import('../features/users/routes/users.tsx')),
            },
            {
              path: 'services',
              loader: requireMenuEntry(queryClient, 'services'),
              lazy: lazyScreen(() => import('../features/timetable/routes/services.tsx')),
            },
            {
              path: 'pattern-calendar',
              loader: requireMenuEntry(queryClient, 'patternCalendar'),
              lazy: lazyScreen(() => import('../features/timetable/routes/pattern-calendar.tsx')),
            },
            {
              path: 'special-days',
              loader: requireMenuEntry(queryClient, 'specialDays'),
              lazy: lazyScreen(() => import('../features/timetable/routes/special-days.tsx')),
            },
            {
              path: 'arrangement-application',
              loader: requireMenuEntry(queryClient, 'arrangementApplication'),
              children: [
                { index: true, lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-applications.tsx')) },
                { path: ':serviceTermId/add', lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-application-edit.tsx')) },
                { path: ':serviceTermId/:applicationTermId', lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-application-edit.tsx')) },
              ],
            },
            {
              path: 'arrangement-pattern',
              loader: requireMenuEntry(queryClient, 'arrangementPattern'),
              children: [
                { index: true, lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-patterns.tsx')) },
                { path: 'add', lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-pattern-edit.tsx')) },
                { path: ':arrangementPatternId', lazy: lazyScreen(() => import('../features/arrangements/routes/arrangement-pattern-edit.tsx')) },
              ],
            },
            {
              // The fare units (料金区分): our screen for POST /v1/units.
              path: 'units',
              loader: requireMenuEntry(queryClient, 'units'),
              lazy: lazyScreen(() => import('../features/master-data/routes/units.tsx')),
            },
            {
              path: 'free-count-plans',
              loader: requireMenuEntry(queryClient, 'freeCountPlans'),
              lazy: lazyScreen(() => import('../features/pricing/routes/free-count-plans.tsx')),
            },
            {
              path: 'group-pricing-plans',
              loader: requireMenuEntry(queryClient, 'groupPricingPlans'),
              lazy: lazyScreen(() => import('../features/pricing/routes/group-pricing-plans.tsx')),
            },
            {
              path: 'basic-info',
              loader: requireMenuEntry(queryClient, 'basicInfo'),
              lazy: lazyScreen(() => import('../features/master-data/routes/basic-info.tsx')),
            },
            {
              path: 'bank-accounts',
              loader: requireMenuEntry(queryClient, 'bankAccounts'),
              lazy: lazyScreen(() => import('../features/master-data/routes/bank-accounts.tsx')),
            },
            {
              path: 'cancellation-policy',
              loader: requireMenuEntry(queryClient, 'cancellationPolicy'),
              lazy: lazyScreen(() => import('../features/master-data/routes/cancellation-policy.tsx')),
            },
            {
              path: 'group-schedules',
              loader: requireMenuEntry(queryClient, 'groupSchedules'),
              lazy: lazyScreen(() => import('../features/master-data/routes/group-schedules.tsx')),
            },
            {
              path: 'special-contract-terms',
              loader: requireMenuEntry(queryClient, 'specialContractTerms'),
              lazy: lazyScreen(() => import('../features/master-data/routes/special-contract-terms.tsx')),
            },
            {
              path: 'instant-confirmation-rules',
              loader: requireMenuEntry(queryClient, 'instantConfirmationRules'),
              lazy: lazyScreen(() => import('../features/master-data/routes/instant-confirmation-rules.tsx')),
            },
            {
              path: 'approvals',
              loader: requireMenuEntry(queryClient, 'approvals'),
              lazy: lazyScreen(() => import('../features/approvals/routes/approvals.tsx')),
            },
            {
              // The agent portal (issue 6): staff management for agent and branch admins, two-factor sign-in.
              path: 'staff',
              loader: requireMenuEntry(queryClient, 'agentStaffs'),
              lazy: lazyScreen(() => import('../features/portal/routes/staffs.tsx')),
            },
            {
              // API keys for the agent's own systems (issue 21): the agent's administrators.
              path: 'api-keys',
              loader: requireMenuEntry(queryClient, 'apiKeys'),
              lazy: lazyScreen(() => import('../features/portal/routes/api-keys.tsx')),
            },
            {
              // Webhooks to the agent's own systems (issue 37): the agent's administrators.
              path: 'webhooks',
              loader: requireMenuEntry(queryClient, 'webhooks'),
              lazy: lazyScreen(() => import('../features/portal/routes/webhooks.tsx')),
            },
            {
              path: 'two-factor',
              loader: requireMenuEntry(queryClient, 'twoFactor'),
              lazy: lazyScreen(() => import('../features/portal/routes/two-factor.tsx')),
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
