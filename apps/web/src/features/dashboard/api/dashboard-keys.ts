import { queryRoots } from '../../../lib/query-keys.ts';

/**
 * The dashboards' keys sit under the bookings root: what they count and list are bookings, so a
 * live booking event (or any booking step on this screen) refreshes them with the booking views.
 */
export const dashboardKeys = {
  summary: () => [...queryRoots.bookings, 'dashboard', 'summary'] as const,
  departures: (date: string | null) => [...queryRoots.bookings, 'dashboard', 'departures', date ?? 'today'] as const,
};
