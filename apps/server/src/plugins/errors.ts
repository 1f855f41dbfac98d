import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@sagano/domain/common/errors';
import { ERROR_STATUS } from '@sagano/domain/common/errors';
import { AppError, RetryLater } from '../lib/app-error.ts';

export function errorBody(code: ErrorCode | string, description: string, field?: string): ErrorBody {
  return { common: field ? { error_code: code, error_description: description, field } : { error_code: code, error_description: description } };
}

function fieldFrom(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

/**
 * PostgreSQL's answers for a change that lost a race with another one: deadlock detected,
 * serialization failure, lock wait timed out. Nothing was written (the transaction rolled back);
 * the caller may simply try again, so they are a 409, not a server fault.
 */
const CONCURRENT_CHANGE = new Set(['40P01', '40001', '55P03']);

function databaseCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}

/**
 * A streamed answer (a compressed one, a download) cut off because the client closed its
 * connection before the first byte went out: Node reports it as a premature close of the stream.
 */
function clientLeft(error: FastifyError, reply: FastifyReply): boolean {
  if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') return false;
  // The answer's connection (HTTP/1.1) or stream (HTTP/2) is gone.
  const raw = reply.raw as { destroyed?: boolean; stream?: { destroyed: boolean }; socket?: { destroyed: boolean } | null };
  return raw.destroyed === true || raw.stream?.destroyed === true || !raw.socket || raw.socket.destroyed;
}

/** Maps every error to `{common: {error_code, error_description}}` with its HTTP status. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
      const body = errorBody(error.code, error.message, error.field);
      return reply.status(error.status).send(error.details ? { common: { ...body.common, ...error.details } } : body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = fieldFrom(first.instancePath, error.validationContext);
      const raw = first.message ?? "is invalid";
      const message = raw.startsWith('Invalid input: expected') && raw.endsWith('received undefined')
        ? 'is required'
        : raw;
      return reply.status(400).send(errorBody('VALIDATION_FAILED', `${field}: ${message}`, field));
    }
    if (CONCURRENT_CHANGE.has(databaseCode(error) ?? '')) {
      request.log.warn({ err: error }, 'concurrent change');
      return reply.status(409).send(errorBody('CONFLICT', 'another change to the same records was under way; nothing was saved, try again'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'the request body is too large'));
    if (status === 415) {
      const type = request.headers['content-type']?.split(';')[0]?.slice(0, 100) || '(none)';
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', `a body of type ${type} is not accepted here`, 'body'));
    }
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', 'too many requests, try again later'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type and the like.
      return reply.status(status).send(errorBody('VALIDATION_FAILED', error.message, 'body'));
    }
    if (clientLeft(error, reply)) {
      // A closed tab or a page that moved on: nobody is there to answer, and nothing failed.
      request.log.info({ err: error }, 'the client left before the answer was sent');
      return reply.hijack();
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'an unexpected error occurred'));
  });
});

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
