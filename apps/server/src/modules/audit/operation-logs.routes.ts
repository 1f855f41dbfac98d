import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OperationLogListResponse, OperationLogRow, SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOperationLog, searchOperationLogs } from './operation-logs.repository.ts';

export function operationLogsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A search sent as POST (the specification's call): it reads only, so it is not itself logged.
  r.post('/v1/operation-logs', {
    schema: { tags: ['operation-logs'], body: SearchOperationLogsBody, response: { 200: OperationLogListResponse } },
    config: { access: 'backOffice', operationLog: false },
  }, async (request) => {
    const { total, rows } = await searchOperationLogs(deps.db, request.body);
    return { total, page: request.body.page, per_page: request.body.per_page, operation_logs: rows };
  });

  r.get('/v1/operation-logs/:id', {
    schema: { tags: ['operation-logs'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: OperationLogRow } },
    config: { access: 'backOffice' },
  }, async (request) => {
    const row = await findOperationLog(deps.db, request.params.id);
    if (!row) throw notFound('operation log');
    return row;
  });
}
