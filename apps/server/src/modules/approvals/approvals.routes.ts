import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApprovalIdParams,
  ApprovalListQuery,
  ApprovalListResponse,
  ApprovalResponse,
  ApproveBody,
  RejectBody,
} from '@sagano/domain/approvals/approval-schemas';
import { ApprovalAffectedBookingsResponse } from '@sagano/domain/inventory/suspension-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findApproval, listApprovals } from './approvals.repository.ts';
import { toApprovalResponse, type ApprovalsService } from './approvals.service.ts';

/** Approvals: back-office users list, approve and reject (routes without `access` are back-office only). */
export function approvalsRoutes(app: FastifyInstance, deps: { db: Db; approvals: ApprovalsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, approvals } = deps;
  const config = { category: 'approvals' as const };

  r.get('/v1/approvals', { schema: { tags: ['approvals'], querystring: ApprovalListQuery, response: { 200: ApprovalListResponse } }, config }, async (request) => {
    const { total, rows } = await listApprovals(db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, approvals: rows.map((row) => toApprovalResponse(row, request.principal)) };
  });

  r.get('/v1/approvals/:id', { schema: { tags: ['approvals'], params: ApprovalIdParams, response: { 200: ApprovalResponse } }, config }, async (request) => {
    const row = await findApproval(db, request.params.id);
    if (!row) throw notFound('approval');
    return toApprovalResponse(row, request.principal);
  });

  // Our addition: the bookings applying the request would refuse (trains that stop running).
  r.get('/v1/approvals/:id/affected-bookings', { schema: { tags: ['approvals'], params: ApprovalIdParams, response: { 200: ApprovalAffectedBookingsResponse } }, config }, (request) =>
    approvals.affectedBookings(request.params.id),
  );

  r.put(
    '/v1/approvals/:id/approve',
    { schema: { tags: ['approvals'], params: ApprovalIdParams, body: ApproveBody, response: { 200: ApprovalResponse } }, config: { ...config, operation: 'approvals.approve' } },
    (request) => request.mutate((work) => approvals.approve(work, request.principal!, request.params.id, request.body)),
  );

  r.put(
    '/v1/approvals/:id/reject',
    { schema: { tags: ['approvals'], params: ApprovalIdParams, body: RejectBody, response: { 200: ApprovalResponse } }, config: { ...config, operation: 'approvals.reject' } },
    (request) => request.mutate((work) => approvals.reject(work, request.principal!, request.params.id, request.body)),
  );
}
