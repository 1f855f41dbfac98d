import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** DELETE /v1/notifications/{id}. */
export function deleteNotification(notificationId: number): Promise<{ ok: true }> {
  return apiClient.delete(apiPath('/v1/notifications/{notification_id}', { notification_id: notificationId }));
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
  });
}
