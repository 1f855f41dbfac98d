import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the booking screens; `all` refreshes every booking view after a step. */
export const bookingsKeys = {
  all: queryRoots.bookings,
  search: (params: Partial<ServiceOrderSearchQuery>) => [...queryRoots.bookings, 'search', params] as const,
  detail: (bookingId: string) => [...queryRoots.bookings, 'detail', bookingId] as const,
  mailTemplate: (bookingId: string, template: string, reason: string | null) =>
    [...queryRoots.bookings, 'mail-template', bookingId, template, reason] as const,
  amount: (body: unknown) => [...queryRoots.bookings, 'amount', body] as const,
  notifications: (category: string, page: number, unreadOnly = false) => [...queryRoots.notifications, category, page, unreadOnly] as const,
  unreadCount: () => [...queryRoots.notifications, 'unread-count'] as const,
};
