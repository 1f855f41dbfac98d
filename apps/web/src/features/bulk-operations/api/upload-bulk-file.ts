import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkKind, BulkReservationSummary, BulkUploadBody, BulkValidationError } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

const PATHS: Record<BulkKind, string> = {
  RESERVE_ALLOTMENTS: '/v1/bookings/bulk-reserve-allotments',
  CONFIRM_BOOKING: '/v1/bookings/bulk-confirm-booking',
};

export interface BulkUploadInput extends BulkUploadBody {
  kind: BulkKind;
}

/** POST /v1/bookings/bulk-reserve-allotments or /bulk-confirm-booking: the run started (or the same file's run still going). */
export function uploadBulkFile({ kind, ...body }: BulkUploadInput): Promise<BulkReservationSummary> {
  return apiClient.post<BulkReservationSummary>(PATHS[kind], body);
}

/** The whole-file errors of a refused upload (400 with validation_errors), or null for any other error. */
export function validationErrorsOf(error: unknown): { errors: BulkValidationError[] } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as unknown as { validation_errors?: BulkValidationError[] } | null;
  return body?.validation_errors ? { errors: body.validation_errors } : null;
}

export function useUploadBulkFile() {
  const queryClient = useQueryClient();
  // The screen reports errors itself: a refused file as its validation report, anything else as a toast.
  return useMutation({ mutationFn: uploadBulkFile, meta: { silentError: true }, onSettled: () => queryClient.invalidateQueries({ queryKey: bulkKeys.list() }) });
}
