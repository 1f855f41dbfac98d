import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';

/** Query keys of the booking screens; `all` refreshes every booking view after a step. */
export const bookingsKeys = {
  all: ['bookings'] as const,
  search: (params: Partial<ServiceOrderSearchQuery>) => ['bookings', 'search', params] as const,
  detail: (bookingId: string) => ['bookings', 'detail', bookingId] as const,
  mailTemplate: (bookingId: string, template: string, reason: string | null) =>
    ['bookings', 'mail-template', bookingId, template, reason] as const,
  amount: (body: unknown) => ['bookings', 'amount', body] as const,
  notifications: (category: string, page: number) => ['notifications', category, page] as const,
};
