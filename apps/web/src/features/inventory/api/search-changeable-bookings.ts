import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingResponse, ServiceOrderSearchResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath, withCommaLists } from '../../../lib/api-client.ts';
import { inventoryKeys } from './inventory-keys.ts';

type ServiceOrderSearchAnswer = z.infer<typeof ServiceOrderSearchResponse>;

/** A booking may ask for a change once the operator confirmed it (spec 000 §2 "booking change"; can_update). */
export const CHANGEABLE_STATUSES = ['RESERVED', 'MODIFIED', 'NOT_MODIFIED'] as const;

/** What the seat inquiry's "change a booking to this train" searches by: a booking number (digits) or a group name. */
export function changeableBookingsQuery(text: string, today: string) {
  const value = text.trim();
  const byNumber = /^[\d\s-]+$/.test(value) && value.replace(/\D/g, '').length > 0;
  return {
    status: [...CHANGEABLE_STATUSES],
    service_date_from: today,
    ...(value === '' ? {} : byNumber ? { booking_id: value.replace(/\D/g, '') } : { group_name: value }),
    sort: 'service_date' as const,
    order: 'asc' as const,
    page: 1,
    per_page: 20,
  };
}

/**
 * GET /v1/bookings/service_orders/search: the caller's confirmed bookings with a train from today on,
 * one row per booked train (the server keeps an agent to its own bookings, a branch to its branch's).
 */
export function useChangeableBookings(text: string, today: string, enabled: boolean) {
  const query = changeableBookingsQuery(text, today);
  return useQuery({
    queryKey: [...inventoryKeys.all, 'changeable-bookings', query] as const,
    queryFn: () => apiClient.get<ServiceOrderSearchAnswer>('/v1/bookings/service_orders/search', withCommaLists(query)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /v1/bookings/{booking_id}: whether the picked booking may still change its trains (update_count, can_update). */
export function useBookingToChange(bookingId: string | null) {
  return useQuery({
    queryKey: [...inventoryKeys.all, 'booking-to-change', bookingId] as const,
    queryFn: () => apiClient.get<BookingResponse>(apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId })),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}
