import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NotificationListResponse } from '@sagano/domain/bookings/booking-schemas';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

export type NotificationCategory = 'booking' | 'payment';
export type NotificationList = z.infer<typeof NotificationListResponse>;

/** GET /v1/notifications/{booking|payment}: the admin-side notifications, newest first, paged. */
export function getNotifications(category: NotificationCategory, page: number): Promise<NotificationList> {
  return apiClient.get<NotificationList>(`/v1/notifications/${category}`, { page, per_page: DEFAULT_PER_PAGE });
}

export function notificationsQueryOptions(category: NotificationCategory, page: number) {
  return queryOptions({
    queryKey: bookingsKeys.notifications(category, page),
    queryFn: () => getNotifications(category, page),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(category: NotificationCategory, page: number) {
  return useQuery(notificationsQueryOptions(category, page));
}
