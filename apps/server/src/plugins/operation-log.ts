/**
 * Every mutating call writes the operation log. Handlers run their change through
 * `request.mutate`, which writes the log row in the same transaction as the change. A call that
 * fails (validation, access, a refused step) is logged afterwards with is_error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATION_LOG_CATEGORIES, type OperationLogCategory } from '@sagano/domain/audit/operation-log-schemas';
import type { Db } from '../db/client.ts';
import { redact, storable } from '../lib/redact.ts';
import { revisionOfIfMatch } from '../lib/if-match.ts';
import { inTransaction, type Work } from '../lib/unit-of-work.ts';
import { insertOperationLog, type NewOperationLog } from '../modules/audit/operation-logs.repository.ts';
import { operatorLabel } from '../modules/auth/principal.ts';
import type { JobSender } from '../jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Runs `fn` in one transaction together with this call's operation log row. */
    mutate<T>(fn: (work: Work) => Promise<T>, options?: { bookingId?: string; logged?: (result: T) => unknown }): Promise<T>;
    operationLogged: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const AREA_CATEGORY: Record<string, OperationLogCategory> = {
  auth: 'auth',
  'reset-password': 'auth',
  users: 'users',
  agents: 'agents',
  agent_groups: 'agents',
  agent_staffs: 'agents',
  bookings: 'bookings',
  notes: 'bookings',
  reservations: 'bookings',
  inventories: 'inventory',
  allotments: 'inventory',
  'service-terms': 'timetable',
  services: 'timetable',
  approvals: 'approvals',
  notifications: 'notifications',
  'outbox-mails': 'mail',
};

function categoryOf(request: FastifyRequest): OperationLogCategory {
  const configured = request.routeOptions.config.category;
  if (configured) return configured;
  const area = (request.routeOptions.url ?? request.url).split('/')[2] ?? '';
  const found = AREA_CATEGORY[area];
  if (found) return found;
  return (OPERATION_LOG_CATEGORIES as readonly string[]).includes(area) ? (area as OperationLogCategory) : 'other';
}

function operationOf(request: FastifyRequest): string {
  return request.routeOptions.config.operation ?? `${request.method} ${request.routeOptions.url ?? request.url}`;
}

function requestJson(request: FastifyRequest): unknown {
  return redact({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null });
}

function bookingIdOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.booking_id ?? (request.routeOptions.url?.startsWith('/v1/bookings/') ? params?.id : undefined);
  return typeof id === 'string' ? id : null;
}

function logRow(request: FastifyRequest, statusCode: number, response: unknown, bookingId?: string): NewOperationLog {
  return {
    category: categoryOf(request),
    operator: storable(operatorLabel(request.principal, typeof (request.body as { email?: unknown })?.email === 'string' ? String((request.body as { email: string }).email) : 'anonymous')),
    operatorAccountId: request.principal?.accountId ?? null,
    operation: operationOf(request),
    bookingId: bookingId ?? bookingIdOf(request),
    isError: statusCode >= 400,
    statusCode,
    requestJson: requestJson(request),
    responseJson: redact(keptResponse(request, statusCode, response)),
  };
}

function logs(request: FastifyRequest): boolean {
  if (!request.routeOptions.url?.startsWith('/v1/')) return false;
  // An agent's system with an API key: every call it makes, reads too (DESIGN §10 "API keys").
  if (request.principal?.apiKey) return true;
  return UNSAFE.has(request.method) && request.routeOptions.config.operationLog !== false;
}

/** A key's successful read is logged without its answer (the answer is the data it read, kept elsewhere). */
function keptResponse(request: FastifyRequest, statusCode: number, response: unknown): unknown {
  return request.principal?.apiKey && !UNSAFE.has(request.method) && statusCode < 400 ? null : response;
}

export const operationLogPlugin = fp(async (app: FastifyInstance, opts: { db: Db; jobs?: JobSender | undefined }) => {
  app.decorateRequest('operationLogged', false);
  app.decorateRequest('mutate', function mutate<T>(this: FastifyRequest, fn: (work: Work) => Promise<T>, options?: { bookingId?: string; logged?: (result: T) => unknown }) {
    return inTransaction(opts.db, async (work) => {
      const result = await fn(work);
      if (logs(this)) {
        await insertOperationLog(work.tx, logRow(this, 200, options?.logged ? options.logged(result) : result, options?.bookingId));
        this.operationLogged = true;
      }
      return result;
    }, { jobs: opts.jobs, expectedRevision: () => revisionOfIfMatch(this.headers['if-match']) });
  });

  // Calls that did not log inside their transaction: failures, and routes that write elsewhere.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!logs(request) || request.operationLogged) return payload;
    let response: unknown = null;
    if (typeof payload === 'string') {
      try {
        response = JSON.parse(payload);
      } catch {
        response = payload.slice(0, 1000);
      }
    }
    try {
      await insertOperationLog(opts.db, logRow(request, reply.statusCode, response));
      request.operationLogged = true;
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
    return payload;
  });
});
