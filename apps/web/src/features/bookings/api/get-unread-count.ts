import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationUnreadCountResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** GET /v1/notifications/unread-count: unread in the caller's inbox, per category (the sidebar's badge). */
export function getUnreadCount(): Promise<NotificationUnreadCountResponse> {
  return apiClient.get<NotificationUnreadCountResponse>('/v1/notifications/unread-count');
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: bookingsKeys.unreadCount(), queryFn: getUnreadCount, staleTime: 30_000 });
}

/** Only for callers with an inbox (back office and agents; station staff have none). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
