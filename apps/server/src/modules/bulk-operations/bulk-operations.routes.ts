/**
 * The bulk operation calls (spec 001 §7.2, DESIGN §7): upload a CSV to secure allotments for or
 * to answer many bookings, follow its run, download its result. Back office only.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BulkReservationList, BulkReservationResponse, BulkReservationSummary, BulkUploadBody, type BulkKind } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { errorBody } from '../../plugins/errors.ts';
import type { BulkOperationsService } from './bulk-operations.service.ts';

const BulkIdParams = z.object({ id: z.coerce.number().int().positive() });

export function bulkOperationsRoutes(app: FastifyInstance, deps: { bulk: BulkOperationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bulk } = deps;
  const tags = ['bulk-operations'];

  const upload = (path: string, kind: BulkKind, operation: 'bookings.bulk_reserve_allotments' | 'bookings.bulk_confirm_booking') =>
    r.post(path, {
      schema: { tags, body: BulkUploadBody, response: { 200: BulkReservationSummary } },
      config: { access: 'backOffice', category: 'bookings', operation },
    }, async (request, reply) => {
      const outcome = await bulk.upload(request.principal!, kind, request.body, (fn) => request.mutate(fn));
      if ('run' in outcome) return outcome.run;
      // Refused whole: nothing is written; the operation log notes the 400 after sending.
      const first = outcome.invalid.errors[0]!;
      const description = `the file has ${outcome.invalid.errors.length} error(s); line ${first.line} ${first.field}: ${first.reason}`;
      // No 400 schema on the route: fastify's own 400s (a body that fails the schema) keep the common error body.
      return (reply as FastifyReply).code(400).send({ ...errorBody('VALIDATION_FAILED', description, 'csv_base64'), validation_errors: outcome.invalid.errors });
    });

  upload('/v1/bookings/bulk-reserve-allotments', 'RESERVE_ALLOTMENTS', 'bookings.bulk_reserve_allotments');
  upload('/v1/bookings/bulk-confirm-booking', 'CONFIRM_BOOKING', 'bookings.bulk_confirm_booking');

  r.get('/v1/bulk-reservations', {
    schema: { tags, response: { 200: BulkReservationList } },
    config: { access: 'backOffice' },
  }, async () => ({ bulk_reservations: await bulk.list() }));

  r.get('/v1/bulk-reservations/:id', {
    schema: { tags, params: BulkIdParams, querystring: z.object({ lines: z.enum(['all', 'none']).default('all') }), response: { 200: BulkReservationResponse } },
    config: { access: 'backOffice' },
  }, (request) => bulk.get(request.params.id, request.query.lines === 'all'));

  r.get('/v1/bulk-reservations/:id/result.csv', {
    schema: { tags, params: BulkIdParams },
    config: { access: 'backOffice' },
  }, async (request, reply) => {
    const file = await bulk.resultCsv(request.params.id, request.principal!.user.language_code);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.bytes);
  });
}
