import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

/** DELETE /v1/services/{id}: refused while inventory or seats depend on the train. */
export function deleteService(serviceId: number): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/services/{service_id}', { service_id: serviceId }));
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteService, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }) });
}
