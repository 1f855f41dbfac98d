import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { unitsQueryOptions } from '../../../lib/reference/get-units.ts';

/**
 * POST /v1/units: a new fare unit. The shell's unit list (kept for the session) is read again, so
 * the screens of this session know the unit at once. The form reports its own errors.
 */
export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUnitBody) => apiClient.post<Unit>('/v1/units', body),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsQueryOptions().queryKey }),
  });
}
