import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceBody, ServiceResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { timetableKeys } from './timetable-keys.ts';

type Input = { termId: number; serviceId: number | null; body: ServiceBody };

/** POST /v1/service-terms/{id}/services (new train) or PUT /v1/services/{id} (edit). */
export function saveService({ termId, serviceId, body }: Input): Promise<ServiceResponse> {
  return serviceId === null
    ? apiClient.post<ServiceResponse>(apiPath('/v1/service-terms/{service_term_id}/services', { service_term_id: termId }), body)
    : apiClient.put<ServiceResponse>(apiPath('/v1/services/{id}', { id: serviceId }), body);
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveService, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }) });
}
