/**
 * The OpenAPI contract: what each operation promises beyond its schemas. The facts that follow
 * from a route's configuration (who may call it, its path ids, its input, its rate limit) are
 * derived here for every route; what only a person can say (the operationId, summary,
 * description, the business errors, examples) is written once per area in a `*.openapi.ts`
 * file beside the area's routes (ADR 014).
 */
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@sagano/domain/common/errors';
import { SESSION_COOKIE } from '@sagano/domain/auth/auth-schemas';
import { apiKeyMayReach } from './auth.ts';
import type { Access } from './route-config.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `METHOD /v1/path/{param}`: the operation as the document names it. */
export type OperationKey = `${HttpMethod} /${string}`;

/** What a person says about one operation. */
export interface OperationContract {
  /** The stable operationId, `<area>.<action>` in camelCase, e.g. `bookings.reserveAllotments`. */
  id: string;
  /** One line in English, imperative ("Submit a booking request"). */
  summary: string;
  /** What it does and when to call it (Markdown); the derived access line is added after it. */
  description?: string;
  /** Business errors beyond the derived ones (validation, sign-in, access, not found, rate limits). */
  errors?: readonly ErrorCode[];
  /** Examples, each checked against the operation's own schemas by the contract test. */
  examples?: {
    request?: unknown;
    response?: unknown;
    /** Query parameters, by name. */
    query?: Record<string, unknown>;
  };
  deprecated?: boolean;
  /**
   * What the generated document cannot say for a call that is not JSON both ways: an upload's
   * body, a file or event stream as the answer, request headers it reads (ADR 014).
   */
  media?: MediaContract;
  /** A public route that also serves signed-in callers (and API keys) when they send credentials. */
  optionalSignIn?: boolean;
}

/** One non-JSON body by its media type. */
export interface MediaBody {
  schema: Record<string, unknown>;
  /** A textual example (an event stream's frames, say); JSON examples go in `examples`. */
  example?: string;
}

export interface MediaContract {
  /** The request body by media type (an upload as `multipart/form-data`). */
  request?: Record<string, MediaBody>;
  /** The 200 answer: what it is, its content by media type, and its headers. */
  response?: { description: string; content: Record<string, MediaBody>; headers?: Record<string, { description: string; schema: Record<string, unknown> }> };
  /** Request headers the call reads. */
  headers?: { name: string; description: string; schema: Record<string, unknown>; example?: string }[];
}

/** A file's bytes, as OpenAPI 3.0 describes a body that is not JSON. */
export const BINARY = { type: 'string', format: 'binary' } as const;

/** The 200 answer of a call that answers a file: its media types, each the bytes of the file. */
export function fileAnswer(description: string, mediaTypes: readonly string[], headers?: NonNullable<MediaContract['response']>['headers']): NonNullable<MediaContract['response']> {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { ...BINARY } }])), ...(headers ? { headers } : {}) };
}

/** The `Content-Disposition` header of a file answer, described by the file name it gives. */
export function dispositionHeader(description: string) {
  return { 'Content-Disposition': { description, schema: { type: 'string' } } };
}

/** One area's operations and the tag that groups them in the reference page. */
export interface AreaContract {
  tag: string;
  tagDescription: string;
  operations: Partial<Record<OperationKey, OperationContract>>;
}

/** One area's contract: its tag, what the tag covers, and what a person says of each operation. */
export function defineArea(tag: string, tagDescription: string, operations: AreaContract['operations']): AreaContract {
  return { tag, tagDescription, operations };
}

/** What the transform records of a route while the document is generated. */
export interface RouteFacts {
  access: Access;
  /** The group's booking link (`?token=`) opens the route too (route config `bookingToken`). */
  bookingToken?: boolean;
  rateLimited: boolean;
  /** The operation log's name for the call, when it writes one. */
  operation: string | undefined;
}

/** Routes an account that must still set up two-factor sign-in may call (see plugins/auth.ts). */
const TOTP_SETUP_OPEN = new Set(['GET /v1/auth/me', 'POST /v1/auth/logout', 'POST /v1/auth/totp/setup', 'POST /v1/auth/totp/confirm', 'PUT /v1/auth/password']);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const WHO: Record<Access, string> = {
  public: 'anyone, signed in or not',
  authenticated: 'any signed-in account: the operator\'s staff (station staff included), and agent staff (or an API key) within their own agent and branch',
  operator: 'the operator\'s accounts (back office and station staff)',
  backOffice: 'the operator\'s back-office staff',
  backOfficeOrAgent: 'the operator\'s back-office staff, and agent staff (or an API key) within their own agent and branch; not station staff',
  admin: 'the operator\'s administrators (back office with the admin flag)',
  agent: 'agent staff (or an API key) within their own agent and branch',
};

/** Schemes in `components.securitySchemes`; API keys reach only what agent staff may call. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `access_token` that `POST /v1/auth/login` answers, as `Authorization: Bearer <token>`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key created by an agent administrator in the agent portal, as `Authorization: Bearer <key>`. It acts as staff of the branch it was created for, never reaches the operator\'s calls, and is rate limited per key.',
  },
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The web app\'s session cookie. Calls that change data also need the `x-csrf-token` header from `GET /v1/auth/me`.',
  },
  bookingToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The `booking_token` of the link mailed to the group (`/customer/bookings/{booking_id}?token=`), sent with the booking\'s number. It opens that one booking\'s own calls without signing in; a wrong token answers 404 as if the booking did not exist.',
  },
} as const;

/** How the route's callers sign in; an API key never reaches account management (plugins/auth.ts). */
function securityOf(access: Access, path: string): Record<string, string[]>[] {
  if (access === 'public') return [];
  const agentReach = (access === 'authenticated' || access === 'backOfficeOrAgent' || access === 'agent') && apiKeyMayReach(path);
  return [{ session: [] }, { cookie: [] }, ...(agentReach ? [{ apiKey: [] }] : [])];
}

/** The error codes a route answers whatever it does, by how it is configured. */
export function derivedErrors(method: string, path: string, facts: RouteFacts, has: { body: boolean; input: boolean }): ErrorCode[] {
  const codes: ErrorCode[] = [];
  // Fastify reads a body on every unsafe call, whether the route takes one or not: malformed JSON
  // is a 400, a body over the limit a 413 and a content type nothing parses a 415.
  const readsBody = has.body || UNSAFE.has(method);
  if (has.input || readsBody) codes.push('VALIDATION_FAILED');
  if (readsBody) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  // Credentials are read on every API call, a public one's too (plugins/auth.ts): an agent's system
  // sends its key on every call and the web app its session, so a public call can still answer an
  // unknown or revoked key (401), a cookie session's missing CSRF token or pending two-factor setup,
  // or an API key on account management (403).
  if (facts.access !== 'public' || path.startsWith('/v1/')) {
    codes.push('UNAUTHENTICATED');
    if ((facts.access !== 'public' && facts.access !== 'authenticated') || !apiKeyMayReach(path)) codes.push('FORBIDDEN');
    if (UNSAFE.has(method)) codes.push('CSRF_TOKEN_INVALID');
    if (!TOTP_SETUP_OPEN.has(`${method} ${path}`)) codes.push('TOTP_SETUP_REQUIRED');
  }
  if (path.includes('{') || facts.bookingToken) codes.push('NOT_FOUND');
  if (UNSAFE.has(method) && facts.operation !== undefined) codes.push('CONFLICT');
  // An API key's calls are counted on every route it may call, public ones included.
  const keyMayCall = facts.access === 'public' ? path.startsWith('/v1/') && apiKeyMayReach(path) : securityOf(facts.access, path).some((s) => 'apiKey' in s);
  if (facts.rateLimited || keyMayCall) codes.push('RATE_LIMITED');
  return codes;
}

const SAMPLE_DESCRIPTION: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: 'sign in to continue',
  FORBIDDEN: 'you are not allowed to do this',
  NOT_FOUND: 'not found',
  RATE_LIMITED: 'too many requests, try again in 60 s',
  CSRF_TOKEN_INVALID: 'the CSRF token is missing or wrong; reload the page',
  TOTP_SETUP_REQUIRED: 'set up two-factor sign-in first',
  CONFLICT: 'another change to the same records was under way; nothing was saved, try again',
  PAYLOAD_TOO_LARGE: 'the request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'a body of type text/plain is not accepted here',
};

/** An example of the error; a validation failure names the operation's own first input. */
function sampleError(code: ErrorCode, field: string) {
  if (code === 'VALIDATION_FAILED') return { common: { error_code: code, error_description: `${field}: is required`, field } };
  return { common: { error_code: code, error_description: SAMPLE_DESCRIPTION[code] ?? code.toLowerCase().replaceAll('_', ' ') } };
}

function firstInput(operation: Operation): string {
  const body = operation.requestBody?.content['application/json']?.schema as { required?: string[]; properties?: Record<string, unknown> } | undefined;
  return body?.required?.[0] ?? Object.keys(body?.properties ?? {})[0] ?? operation.parameters?.[0]?.name ?? 'body';
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request', 401: 'Not signed in', 402: 'Payment declined', 403: 'Forbidden', 404: 'Not found', 409: 'Conflict',
  413: 'Payload too large', 415: 'Unsupported media type', 422: 'Unprocessable', 429: 'Too many requests', 500: 'Server error', 503: 'Unavailable',
};

/** What every 429 carries besides the body (ADR 018). */
const RETRY_AFTER_HEADER = { description: 'Whole seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } };

/** The shared error shape (ADR 006), referenced by every error answer. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  description: 'The body of every answer that is not 2xx.',
  required: ['common'],
  properties: {
    common: {
      type: 'object',
      required: ['error_code', 'error_description'],
      properties: {
        error_code: { $ref: '#/components/schemas/ErrorCode' },
        error_description: { type: 'string', description: 'English; names the field on 400s. Show the translation of `error_code` where you have one.' },
        field: { type: 'string', description: 'The offending input on a 400, as a dotted path (`applicant.email`, `participant_group.unit_quantity_items.0.quantity`).' },
      },
    },
  },
} as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; example?: unknown; description?: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> }>;
}

export interface OpenApiDocument {
  info: Record<string, unknown>;
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

/** Every operation's contract, by key; a key in two areas is a mistake the caller reports. */
export function operationsOf(areas: readonly AreaContract[]): Map<OperationKey, OperationContract & { tag: string }> {
  const all = new Map<OperationKey, OperationContract & { tag: string }>();
  for (const area of areas) {
    for (const [key, contract] of Object.entries(area.operations) as [OperationKey, OperationContract][]) {
      if (all.has(key)) throw new Error(`the contract of ${key} is written twice`);
      all.set(key, { ...contract, tag: area.tag });
    }
  }
  return all;
}

/**
 * Writes the contract into the generated document: operationId, summary, description, security,
 * error answers and examples for every operation that has an entry; derived errors and security
 * for every operation. An operation without an entry keeps no summary: the contract test names it.
 */
export function applyContract(doc: OpenApiDocument, areas: readonly AreaContract[], routes: ReadonlyMap<string, RouteFacts>): OpenApiDocument {
  const contracts = operationsOf(areas);
  doc.components.schemas = { ...doc.components.schemas, ErrorCode: { type: 'string', enum: [...ERROR_CODES], description: 'The error catalogue (ADR 006); the HTTP status of each code is fixed.' }, ErrorBody: ERROR_BODY_SCHEMA };
  doc.components.securitySchemes = { ...SECURITY_SCHEMES };
  doc.tags = areas.map((a) => ({ name: a.tag, description: a.tagDescription }));
  nullInNullableEnums(doc);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const key = `${method} ${path}` as OperationKey;
      const facts = routes.get(key) ?? { access: path.startsWith('/v1/') ? 'backOffice' : 'public', rateLimited: false, operation: undefined };
      const contract = contracts.get(key);
      const hasBody = operation.requestBody !== undefined || contract?.media?.request !== undefined;
      const hasInput = hasBody || (operation.parameters?.length ?? 0) > 0;
      const codes = [...new Set([...derivedErrors(method, path, facts, { body: hasBody, input: hasInput }), ...(contract?.errors ?? [])])];
      operation.security = contract?.optionalSignIn ? [{}, ...securityOf('authenticated', path)] : [...securityOf(facts.access, path), ...(facts.bookingToken ? [{ bookingToken: [] }] : [])];
      const byToken = facts.bookingToken ? '; and, without signing in, the group with its booking\'s link (`token`), for that booking only' : '';
      const accessLine = `**Who may call:** ${WHO[facts.access]}${byToken}.${facts.operation ? ` Written to the operation log as \`${facts.operation}\`.` : ''}`;
      if (contract) {
        operation.operationId = contract.id;
        operation.summary = contract.summary;
        operation.tags = [contract.tag];
        if (contract.deprecated) operation.deprecated = true;
        operation.description = contract.description ? `${contract.description}\n\n${accessLine}` : accessLine;
        addExamples(operation, contract);
        addMedia(operation, contract.media);
      } else {
        operation.description = accessLine;
      }
      for (const [status, group] of groupByStatus(codes)) {
        operation.responses[status] = {
          description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: ${group.map((c) => `\`${c}\``).join(', ')}`,
          ...(status === '429' ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorBody' },
              examples: Object.fromEntries(group.map((code) => [code, { value: sampleError(code, firstInput(operation)) }])),
            },
          },
        };
      }
    }
  }
  return doc;
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, which must list `null` itself, or a strict
 * validator (and a generated client) refuses the null the server sends (`refusal_reason` of a
 * booking not refused). The zod schemas' `.nullable()` enums are generated without it.
 */
function nullInNullableEnums(doc: OpenApiDocument) {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const schema = value as { nullable?: unknown; enum?: unknown[] };
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    for (const [key, child] of Object.entries(value)) if (key !== 'example' && key !== 'examples') visit(child);
  };
  visit(doc.components.schemas);
  visit(doc.paths);
}

function groupByStatus(codes: ErrorCode[]): [string, ErrorCode[]][] {
  const groups = new Map<string, ErrorCode[]>();
  for (const code of codes) {
    const status = String(ERROR_STATUS[code]);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

function addExamples(operation: Operation, contract: OperationContract) {
  const { request, response, query } = contract.examples ?? {};
  const json = operation.requestBody?.content['application/json'];
  if (request !== undefined && json) json.example = request;
  const ok = operation.responses['200']?.content?.['application/json'];
  if (response !== undefined && ok) ok.example = response;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && query && parameter.name in query) parameter.example = query[parameter.name];
  }
}

/** A non-JSON request body, answer or request header, as the area's contract describes it. */
function addMedia(operation: Operation, media: MediaContract | undefined) {
  if (!media) return;
  if (media.request) operation.requestBody = { required: true, content: { ...media.request } };
  if (media.response) {
    const { description, content, headers } = media.response;
    // Beside the JSON answer the route's schema declares, when it has one (a call answering JSON or a PDF by Accept).
    operation.responses['200'] = { description, content: { ...operation.responses['200']?.content, ...content }, ...(headers ? { headers: { ...headers } } : {}) };
  }
  for (const header of media.headers ?? []) {
    operation.parameters = [...(operation.parameters ?? []), { in: 'header', required: false, ...header }];
  }
}
