/**
 * Every mutating call writes the operation log. Handlers run their change through
 * `request.mutate`, which writes the log row in the same transaction as the change. A call that
 * fails (validation, access, a refused step) is logged afterwards with is_error, whatever its
 * path holds: no such route, or refused by the router itself (loggingRouterRefusals).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATION_LOG_CATEGORIES, type OperationLogCategory } from '@sagano/domain/audit/operation-log-schemas';
import type { Db } from '../db/client.ts';
import { redact, redactUrl, storable } from '../lib/redact.ts';
import { revisionOfIfMatch } from '../lib/if-match.ts';
import { inTransaction, type Work } from '../lib/unit-of-work.ts';
import { insertOperationLog, insertOperationLogWithCommit, type NewOperationLog } from '../modules/audit/operation-logs.repository.ts';
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
  const configured = request.routeOptions.config?.category;
  if (configured) return configured;
  const area = (request.routeOptions.url ?? request.url).split('/')[2] ?? '';
  const found = AREA_CATEGORY[area];
  if (found) return found;
  return (OPERATION_LOG_CATEGORIES as readonly string[]).includes(area) ? (area as OperationLogCategory) : 'other';
}

/** The longest path an operation names when no route matched (the path is the caller's text). */
const MAX_UNROUTED_PATH = 200;

function operationOf(request: FastifyRequest): string {
  const configured = request.routeOptions.config?.operation;
  if (configured) return configured;
  if (request.routeOptions.url) return `${request.method} ${request.routeOptions.url}`;
  // No route matched: the path as it came, its secrets replaced and cut short.
  return storable(`${request.method} ${redactUrl(pathOf(request)).slice(0, MAX_UNROUTED_PATH)}`);
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

function requestJson(request: FastifyRequest): unknown {
  return redact({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null });
}

function bookingIdOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.booking_id ?? (request.routeOptions.url?.startsWith('/v1/bookings/') ? params?.id : undefined);
  // The path's own text: it may hold what PostgreSQL cannot store (a refused NUL).
  return typeof id === 'string' ? storable(id) : null;
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
  // A call no route took (no such path) is an API call by its path.
  // The API's calls: /v1, and the OCTO supplier API (/octo, ADR 039).
  const path = request.routeOptions.url ?? pathOf(request);
  if (!path.startsWith('/v1/') && !path.startsWith('/octo/')) return false;
  // An agent's system with an API key: every call it makes, reads too (DESIGN §10 "API keys").
  if (request.principal?.apiKey) return true;
  return UNSAFE.has(request.method) && request.routeOptions.config?.operationLog !== false;
}

/** A key's successful read is logged without its answer (the answer is the data it read, kept elsewhere). */
function keptResponse(request: FastifyRequest, statusCode: number, response: unknown): unknown {
  return request.principal?.apiKey && !UNSAFE.has(request.method) && statusCode < 400 ? null : response;
}

/** An answer as sent (JSON text, or something else cut short) as the log keeps it. */
function responseOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return payload.slice(0, 1000);
  }
}

export const operationLogPlugin = fp(async (app: FastifyInstance, opts: { db: Db; jobs?: JobSender | undefined }) => {
  app.decorateRequest('operationLogged', false);
  app.decorateRequest('mutate', function mutate<T>(this: FastifyRequest, fn: (work: Work) => Promise<T>, options?: { bookingId?: string; logged?: (result: T) => unknown }) {
    let logged = false;
    return inTransaction(opts.db, async (work) => {
      const result = await fn(work);
      if (logs(this)) {
        // The change's last statement: it goes out with the COMMIT (one round trip, ADR 044).
        await insertOperationLogWithCommit(work.tx, logRow(this, 200, options?.logged ? options.logged(result) : result, options?.bookingId));
        logged = true;
      }
      return result;
    }, { jobs: opts.jobs, expectedRevision: () => revisionOfIfMatch(this.headers['if-match']) }).then((result) => {
      // Only once committed: a row that failed with the COMMIT leaves the failure to be logged.
      if (logged) this.operationLogged = true;
      return result;
    });
  });

  // Calls that did not log inside their transaction: failures, and routes that write elsewhere.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!logs(request) || request.operationLogged) return payload;
    try {
      await insertOperationLog(opts.db, logRow(request, reply.statusCode, responseOf(payload)));
      request.operationLogged = true;
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
    return payload;
  });
});

type RouterErrorHandler = (error: { code?: string; message: string }, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The router's own refusals (bad percent-encoding, an over-long path parameter) are answered
 * before any route or hook runs, so the onSend hook above never sees them: this logs them as
 * they are answered, with the same rule (API paths, mutating calls). No hook has read the
 * caller's session or key yet, so the row names the caller as anonymous.
 */
export function loggingRouterRefusals(db: Db, answer: RouterErrorHandler): RouterErrorHandler {
  return (error, request, reply) => {
    if (logs(request)) {
      const send = reply.send.bind(reply);
      reply.send = ((payload?: unknown) => {
        // Answered with an object (the error body) that Fastify serializes after this.
        const response = typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload) ? payload : responseOf(payload);
        // A row that cannot be made or written is reported; the answer goes out either way.
        Promise.resolve()
          .then(() => insertOperationLog(db, logRow(request, reply.statusCode, response)))
          .catch((failure: unknown) => request.log.error({ err: failure }, 'operation log write failed'))
          .finally(() => send(payload));
        return reply;
      }) as FastifyReply['send'];
    }
    answer(error, request, reply);
  };
}
