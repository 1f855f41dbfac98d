/**
 * The server's log (pino, through Fastify): what a request and an error show. Secrets that come
 * in URLs (customer, reset and invitation tokens, card checkout references, API keys) and a failed
 * query's parameters never reach it; headers are not logged at all.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { REDACTED, redactErrorText, redactUrl } from './redact.ts';

/** Error fields that hold a row's or a query's values (drizzle's `params`, PostgreSQL's `detail`). */
const VALUE_FIELDS = new Set(['params', 'detail', 'parameters']);

/** Fastify's request summary with the URL's secrets replaced. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error summary with query values and URL secrets replaced, in the error and its nested errors. */
function errorForLog(error: unknown): unknown {
  const out = pino.stdSerializers.err(error as Error) as unknown;
  return scrub(out, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactErrorText(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = VALUE_FIELDS.has(key) ? REDACTED : scrub(v, depth + 1);
  return out;
}

/** Fastify's logger settings; `stream` sends the lines elsewhere than stdout (a test reads them). */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    // Never logged by the serializers above; kept out should anything log a request's headers.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: requestForLog, err: errorForLog },
    ...(stream ? { stream } : {}),
  };
}
