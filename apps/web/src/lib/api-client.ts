import { CSRF_COOKIE, CSRF_HEADER } from '@sagano/domain/auth/auth-cookies';
import { isErrorBody, type ErrorBody } from '@sagano/domain/common/errors';

/** A non-2xx answer of the API, with its status and (when the server sent one) the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.common.error_description || body?.common.error_code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.common.error_code;
  }

  get description(): string | undefined {
    return this.body?.common.error_description;
  }

  /** The offending input on a 400, as named by the server. */
  get field(): string | undefined {
    return this.body?.common.field;
  }
}

/**
 * A call refused before it was sent (spec 001 §8 "Required request parameter missing"): a path
 * parameter or the body it needs is missing. Shown as a 400 would be, naming the field
 * (`field`: the specification's name, e.g. `booking_id`, or `body`).
 */
export class MissingParameterError extends ApiError {
  constructor(field: string, path: string) {
    super(400, { common: { error_code: 'VALIDATION_FAILED', error_description: `${field} is required; ${path} was not sent`, field } });
    this.name = 'MissingParameterError';
  }
}

/** The names in a path template: `/v1/bookings/{booking_id}/notes` → `booking_id`. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;
type PathValue = string | number | null | undefined;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && !Number.isFinite(value));
}

/**
 * A call's path from its template with the specification's parameter names, every value encoded:
 * `apiPath('/v1/bookings/{booking_id}/cancel', { booking_id })`. A parameter that is missing
 * (undefined, null, empty, not a number) refuses the call with MissingParameterError naming it, so
 * no request is sent to a wrong address (`/v1/bookings/undefined/cancel`).
 */
export function apiPath<P extends string>(template: P, params: Record<PathParams<P>, PathValue>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, PathValue>)[name];
    if (isMissing(value)) throw new MissingParameterError(name, template);
    return encodeURIComponent(String(value));
  });
}

/** The body a POST or PUT needs: undefined or null is a missing body, refused before sending. */
function requiredBody(body: unknown, path: string): unknown {
  if (body === undefined || body === null) throw new MissingParameterError('body', path);
  return body;
}

/** The request never got an answer: network down, server unreachable, aborted. */
export class FetchFailureError extends Error {
  constructor(cause: unknown) {
    super('fetch failed', { cause });
    this.name = 'FetchFailureError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SAFE_METHODS: readonly Method[] = ['GET'];

/** Calls whose 401 means "not signed in" to the caller rather than "the session ended". */
const AUTH_PATHS = ['/v1/auth/login', '/v1/auth/me'];

let onUnauthorized: () => void = () => {};

/** Registers what to do when a call answers 401 (the session expired or was revoked). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** A search's parameters with its lists as comma-separated values, as the server's query schemas read them (empty lists left out). */
export function withCommaLists(params: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>): QueryParams {
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else query[key] = value as QueryParams[string];
  }
  return query;
}

/** Appends the defined, non-empty parameters as a query string. */
export function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One call to the API. The session travels in its httpOnly cookie; unsafe methods echo the
 * readable CSRF cookie in a header. Answers are typed by the domain schemas' types. A body is
 * sent as JSON, or as multipart/form-data when it is a FormData.
 */
export async function request<T>(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  // A FormData body (a file upload) is sent as multipart/form-data, its boundary set by fetch.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (!SAFE_METHODS.includes(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (cause) {
    throw new FetchFailureError(cause);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, isErrorBody(payload) ? payload : null);
    if (response.status === 401 && !AUTH_PATHS.some((p) => path.startsWith(p))) onUnauthorized();
    throw error;
  }
  return payload as T;
}

/**
 * A call made without our session: plain fetch, no credentials, no CSRF header, and a 401 does
 * not send anyone to the back-office login. For pages opened without signing in (the group's
 * customer page, the card provider's sandbox page). Failures throw ApiError / FetchFailureError; a
 * POST or PUT without a body is refused without a request (MissingParameterError, `body`).
 */
export async function anonymousRequest<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  // A POST or PUT without its body is refused before sending, as the signed-in calls are.
  if (method !== 'GET') requiredBody(body, path);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'omit', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (cause) {
    throw new FetchFailureError(cause);
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
  return payload as T;
}

/**
 * The API's calls. POST and PUT always carry a JSON body: a call without input sends `{}`; a body
 * that is undefined or null is missing and the call is refused (MissingParameterError, `body`)
 * without a request, as is a path built by apiPath with a parameter missing. A refusal is a
 * rejected promise, as the server's 400 would be.
 */
export const apiClient = {
  get: <T>(path: string, params?: QueryParams) => request<T>('GET', params ? withQuery(path, params) : path),
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    Promise.resolve().then(() => request<T>('POST', path, requiredBody(body, path), headers)),
  put: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    Promise.resolve().then(() => request<T>('PUT', path, requiredBody(body, path), headers)),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
