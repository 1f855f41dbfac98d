import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationCategory } from '@sagano/domain/bookings/booking-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** PUT /v1/notifications/{id}/read: read for everyone of the inbox. */
export function markNotificationRead(notificationId: number): Promise<{ notification_id: number; is_read: true; read_at: string }> {
  return apiClient.put(apiPath('/v1/notifications/{notification_id}/read', { notification_id: notificationId }), {});
}

/** POST /v1/notifications/read-all: every unread one of the inbox, or of one category. */
export function markAllNotificationsRead(category?: NotificationCategory): Promise<{ marked: number }> {
  return apiClient.post('/v1/notifications/read-all', category ? { category } : {});
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
  });
}
