/**
 * Rules every request input obeys, whatever its route's schema says, checked where the schema is
 * (the validator compiler), so a bad value answers 400 VALIDATION_FAILED naming the field
 * instead of reaching PostgreSQL and failing there as a 500:
 * - text (values and keys, in the body, the query and the path) holds no NUL character and no
 *   unpaired UTF-16 surrogate: PostgreSQL text and jsonb cannot store them;
 * - every number fits a PostgreSQL `integer` (ids, counts, days…), except amounts in millionths
 *   of a yen (`*_e6`, and the spec's `amount` / `total_amount`, stored as bigint), whose own
 *   schemas bound them;
 * - a JSON body's number is a JSON number: `"12"` is refused even where the schema coerces
 *   (schemas coerce for the query string and the path, whose values are text by nature);
 * - a body is nested at most MAX_DEPTH levels deep.
 * Router errors (bad percent-encoding, an over-long path parameter) answer the same shape.
 */
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { LONE_SURROGATE } from '../lib/redact.ts';
import { errorBody } from './errors.ts';

export const INT32_MIN = -2_147_483_648;

/** Amounts in millionths of a yen that the specification names without the `_e6` suffix. */
const E6_AMOUNT_KEYS = new Set(['amount', 'total_amount']);
const isE6Key = (key: unknown) => typeof key === 'string' && (key.endsWith('_e6') || E6_AMOUNT_KEYS.has(key));
export const INT32_MAX = 2_147_483_647;
export const MAX_DEPTH = 32;

/** The longest path parameter the router accepts; longer ones answer 400. */
export const MAX_PARAM_LENGTH = 100;

type Path = (string | number)[];
interface Refusal {
  path: Path;
  message: string;
}

/** Why a text cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired surrogate character';
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The first string (value or key) that cannot be stored, or a too-deep nesting. */
function findBadText(value: unknown, path: Path): Refusal | null {
  if (path.length > MAX_DEPTH) return { path: path.slice(0, 1), message: `is nested more than ${MAX_DEPTH} levels deep` };
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, message: problem } : null;
  }
  if (ArrayBuffer.isView(value)) return null; // a raw body, not JSON
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: [...path, key.replaceAll('\u0000', '\\u0000')], message: `name ${keyProblem}` };
      const found = findBadText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The first number of the parsed value outside the integer column range, or coerced from a JSON string. */
function findBadNumber(value: unknown, input: unknown, path: Path, isBody: boolean): Refusal | null {
  if (typeof value === 'number') {
    if (isBody && typeof input === 'string') return { path, message: 'must be a number, not text' };
    const key = path[path.length - 1];
    if (isE6Key(key)) return null;
    if (!(value >= INT32_MIN && value <= INT32_MAX)) return { path, message: `must be between ${INT32_MIN} and ${INT32_MAX}` };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadNumber(value[i], Array.isArray(input) ? input[i] : undefined, [...path, i], isBody);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value) && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findBadNumber(item, isObject(input) && !Array.isArray(input) ? input[key] : undefined, [...path, key], isBody);
      if (found) return found;
    }
  }
  return null;
}

const PART_FIELD: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function refuse(refusal: Refusal, httpPart: string | undefined): AppError {
  const field = refusal.path.length > 0 ? refusal.path.join('.') : (PART_FIELD[httpPart ?? 'body'] ?? 'body');
  return new AppError('VALIDATION_FAILED', `${field}: ${refusal.message}`, field);
}

/** The zod validator compiler with the rules above around it. */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as never) as (data: unknown) => { value?: unknown; error?: unknown };
  const isBody = route.httpPart === 'body';
  return (data: unknown) => {
    const badText = findBadText(data, []);
    if (badText) return { error: refuse(badText, route.httpPart) };
    const result = validate(data);
    if (result.error) return result as never;
    const badNumber = findBadNumber(result.value, data, [], isBody);
    if (badNumber) return { error: refuse(badNumber, route.httpPart) };
    return result as never;
  };
};

/** The OpenAPI document states the integer range the guard enforces (request schemas, `*_e6` amounts aside). */
export function clampIntegers(schema: unknown, key?: string): void {
  if (Array.isArray(schema)) return schema.forEach((item) => clampIntegers(item));
  if (!isObject(schema)) return;
  if (schema.type === 'integer' && !isE6Key(key)) {
    if (typeof schema.maximum !== 'number' || schema.maximum > INT32_MAX) schema.maximum = INT32_MAX;
    if (typeof schema.minimum !== 'number' || schema.minimum < INT32_MIN) schema.minimum = INT32_MIN;
  }
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'properties' && isObject(value)) for (const [property, sub] of Object.entries(value)) clampIntegers(sub, property);
    else clampIntegers(value);
  }
}

/** Bad percent-encoding and over-long path parameters, answered before any route runs. */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: { code?: string; message: string }, request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const description = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `path: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
      : error.code === 'FST_ERR_BAD_URL'
        ? `path: ${path.slice(0, 200)} is not validly percent-encoded`
        : null;
    if (!description) return void reply.status(500).headers(headers).send(errorBody('INTERNAL_ERROR', 'an unexpected error occurred'));
    // The OCTO supplier API answers in its standard's error shape (ADR 039), these refusals too.
    const octo = path === '/octo' || path.startsWith('/octo/');
    void reply.status(400).headers({ ...headers, 'cache-control': 'no-store' }).send(octo ? { error: 'BAD_REQUEST', errorMessage: description } : errorBody('VALIDATION_FAILED', description, 'path'));
  };
}
