import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NotificationCategory, NotificationListResponse } from '@sagano/domain/bookings/booking-schemas';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

export type { NotificationCategory };
export type NotificationList = z.infer<typeof NotificationListResponse>;

/** GET /v1/notifications/{booking|payment}: the caller's inbox (the back office's, the agent's or the branch's), newest first, paged; `unreadOnly` keeps the unread ones. */
export function getNotifications(category: NotificationCategory, page: number, unreadOnly = false): Promise<NotificationList> {
  return apiClient.get<NotificationList>(apiPath('/v1/notifications/{category}', { category }), { page, per_page: DEFAULT_PER_PAGE, ...(unreadOnly ? { unread: 'true' } : {}) });
}

export function notificationsQueryOptions(category: NotificationCategory, page: number, unreadOnly = false) {
  return queryOptions({
    queryKey: bookingsKeys.notifications(category, page, unreadOnly),
    queryFn: () => getNotifications(category, page, unreadOnly),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(category: NotificationCategory, page: number, unreadOnly = false) {
  return useQuery(notificationsQueryOptions(category, page, unreadOnly));
}
