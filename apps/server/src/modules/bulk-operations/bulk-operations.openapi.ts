/** The contract of the bulk-operations calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, dispositionHeader, fileAnswer, type AreaContract } from '../../plugins/openapi-contract.ts';

export const bulkOperationsContract: AreaContract[] = [defineArea('bulk-operations', 'Steps run on many bookings at once from an uploaded file, with a result file per run.', {
  'POST /v1/bookings/bulk-reserve-allotments': { id: 'bulkOperations.reserveAllotments', summary: 'Hold seats for many requests', description: 'Starts a run from an uploaded CSV of booking numbers; answers the run to follow.' },
  'POST /v1/bookings/bulk-confirm-booking': { id: 'bulkOperations.confirmBookings', summary: 'Confirm many bookings', description: 'Starts a run from an uploaded CSV of booking numbers; answers the run to follow.' },
  'GET /v1/bulk-reservations': { id: 'bulkOperations.list', summary: 'List bulk runs' },
  'GET /v1/bulk-reservations/{id}': { id: 'bulkOperations.get', summary: 'Read a bulk run', description: 'Its progress and counts.' },
  'GET /v1/bulk-reservations/{id}/result.csv': { id: 'bulkOperations.downloadResult', summary: 'Download a bulk run\'s result', description: 'One line per booking with what happened to it.', media: { response: fileAnswer('The result, UTF-8 CSV.', ['text/csv'], dispositionHeader('`attachment; filename="bulk-<id>-result.csv"`')) } },
})];
