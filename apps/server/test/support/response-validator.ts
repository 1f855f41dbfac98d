/**
 * Checks every answer the server tests receive against the live contract (`/v1/openapi.json`,
 * ADR 014): the operation is found by method and path template, its status must be documented,
 * its content type declared, and a JSON body valid against the declared schema (Ajv, strict
 * mode, formats on). Installed for every server test file by `response-validation-setup.ts`
 * (vitest `setupFiles`), it reaches every Fastify app the file builds, through `inject` and real
 * HTTP alike, by Fastify's `fastify.initialization` diagnostics channel.
 *
 * A mismatch fails the test that caused it: `app.inject(...)` rejects with the mismatch (the
 * failure points at the call), and anything else (answers over real HTTP) fails the test in the
 * setup file's `afterEach`. Routes outside the document (the document itself, its reference
 * page, the web app's files, unknown paths) are not operations and are not checked.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The parts of the document the validator reads. */
export interface ContractDocument {
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedAnswer> }>>;
  components?: Record<string, unknown>;
}

interface DocumentedAnswer {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

/** One answer as the server sent it. */
export interface Answer {
  method: string;
  /** The path template as Fastify or the document writes it (`/v1/bookings/:booking_id` or `/v1/bookings/{booking_id}`). */
  path: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType: string | undefined;
  /** The body: text or bytes as sent, `undefined` when empty, `'stream'` when it is a stream the validator cannot read. */
  body: string | Buffer | undefined | 'stream';
}

/** Why an answer does not match the document; undefined when it matches or is no operation of it. */
export type AnswerCheck = (answer: Answer) => string | undefined;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/** OpenAPI 3.0's boolean exclusiveMinimum/Maximum as the numbers of JSON Schema draft-07 (Ajv's). */
function draft07(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(draft07);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, draft07(v)]));
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound];
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  return out;
}

/** A JSON Pointer fragment for the given keys. */
function pointer(...parts: string[]): string {
  return `#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function isJson(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}

/** The declared media type an answer's type falls under (`image/*` and `*\/*` included). */
function declaredMedia(content: Record<string, unknown>, media: string): string | undefined {
  if (media in content) return media;
  const family = `${media.split('/')[0]}/*`;
  if (family in content) return family;
  return '*/*' in content ? '*/*' : undefined;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).slice(0, 10).map((e) => {
    const allowed = e.keyword === 'enum' ? ` (${JSON.stringify((e.params as { allowedValues?: unknown[] }).allowedValues)})` : '';
    const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty?: string }).additionalProperty})` : '';
    return `${e.instancePath || '(body)'} ${e.message ?? e.keyword}${allowed}${extra}`;
  }).join('; ');
}

/** The body's start, for a failure message. */
function excerpt(body: string): string {
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

/**
 * A checker for one document: Ajv in strict mode with formats, the OpenAPI 3.0 schemas read as
 * draft-07 (`nullable` is Ajv's own keyword; `example` is known as an annotation).
 */
export function responseChecker(doc: ContractDocument): AnswerCheck {
  const ajv = new Ajv({ strict: true, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // `paths` and `components` only hold the schemas referred to (the wrapper itself is never a schema to apply).
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'paths', 'components']);
  ajv.addSchema({ $id: 'contract', ...(draft07({ components: doc.components ?? {}, paths: doc.paths }) as object) });
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `contract${ref}` });
      validators.set(ref, validate);
    }
    return validate;
  };

  return ({ method, path, status, contentType, body }) => {
    const template = path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const lower = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const operation = METHODS.has(lower) ? doc.paths[template]?.[lower] : undefined;
    if (!operation) return undefined;
    const name = `${method.toUpperCase()} ${template}`;
    const responses = operation.responses ?? {};
    const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
    const media = mediaType(contentType);
    if (!statusKey) {
      const shown = typeof body === 'string' ? ` ${excerpt(body)}` : '';
      return `${name} answered ${status} (${media ?? 'no body'})${shown}, a status its document does not declare (it declares ${Object.keys(responses).join(', ')})`;
    }
    if (method.toUpperCase() === 'HEAD') return undefined;
    const content = responses[statusKey]!.content;
    const empty = body === undefined || (body !== 'stream' && body.length === 0);
    if (empty) {
      if (content && Object.keys(content).length > 0 && status !== 204 && status !== 304) {
        return `${name} answered ${status} with an empty body, where its document declares ${Object.keys(content).join(', ')}`;
      }
      return undefined;
    }
    if (!content || Object.keys(content).length === 0) {
      return `${name} answered ${status} with a ${media ?? 'typeless'} body, where its document declares no content`;
    }
    const declared = media ? declaredMedia(content, media) : undefined;
    if (!declared) {
      return `${name} answered ${status} as ${media ?? 'no content type'}, which its document does not declare (it declares ${Object.keys(content).join(', ')})`;
    }
    if (!isJson(declared) || body === 'stream' || content[declared]?.schema === undefined) return undefined;
    const text = typeof body === 'string' ? body : body.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return `${name} answered ${status} as ${media} with a body that is not JSON: ${excerpt(text)}`;
    }
    const validate = validatorAt(pointer('paths', template, lower, 'responses', statusKey, 'content', declared, 'schema'));
    if (validate(value)) return undefined;
    return `${name} answered ${status} with a body that breaks its schema: ${describeErrors(validate.errors)}\n  body: ${excerpt(text)}`;
  };
}

interface Mismatch {
  app: FastifyInstance;
  text: string;
}

/** Kept on globalThis: one subscription per worker, however many test files load this module. */
interface ValidationState {
  installed: boolean;
  pending: Mismatch[];
  checkers: Map<string, AnswerCheck>;
}

const STATE_KEY = Symbol.for('sagano.responseValidation');

function state(): ValidationState {
  const holder = globalThis as { [STATE_KEY]?: ValidationState };
  holder[STATE_KEY] ??= { installed: false, pending: [], checkers: new Map() };
  return holder[STATE_KEY];
}

/** The checker of an app's own document (shared by apps whose documents differ only in their info). */
function checkerOf(app: FastifyInstance): AnswerCheck | undefined {
  const own = app as FastifyInstance & { swagger?: () => unknown; [STATE_KEY]?: AnswerCheck };
  if (own[STATE_KEY]) return own[STATE_KEY];
  if (typeof own.swagger !== 'function') return undefined;
  const doc = own.swagger() as ContractDocument;
  const key = JSON.stringify({ paths: doc.paths, components: doc.components });
  const { checkers } = state();
  let check = checkers.get(key);
  if (!check) {
    check = responseChecker(doc);
    checkers.clear(); // one document at a time is plenty; routes differ only between code versions
    checkers.set(key, check);
  }
  own[STATE_KEY] = check;
  return check;
}

function bodyOf(payload: unknown): Answer['body'] {
  if (payload === null || payload === undefined) return undefined;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Uint8Array) return Buffer.from(payload);
  return 'stream';
}

/**
 * The content type a hijacked reply wrote itself: `writeHead(status, headers)` leaves no header
 * to `getHeader` unless one was set before, so it is read from the header block Node wrote.
 */
function writtenContentType(reply: FastifyReply): string | undefined {
  const raw = reply.raw as FastifyReply['raw'] & { _header?: string | null };
  const set = raw.getHeader('content-type');
  if (typeof set === 'string') return set;
  return /^content-type:[ \t]*(.+?)\r?$/im.exec(raw._header ?? '')?.[1];
}

function record(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: Answer['body'], hijacked = false) {
  const path = request.routeOptions.url;
  if (!path) return;
  try {
    const check = checkerOf(app);
    const header = reply.getHeader('content-type');
    const contentType = hijacked ? writtenContentType(reply) : typeof header === 'string' ? header : undefined;
    const problem = check?.({ method: request.method, path, status: reply.statusCode, contentType, body });
    if (problem) state().pending.push({ app, text: problem });
  } catch (error) {
    state().pending.push({ app, text: `${request.method} ${path}: the response validator failed: ${(error as Error).stack ?? String(error)}` });
  }
}

/** The mismatches not yet reported (of one app, or of all). */
export function takeMismatches(app?: FastifyInstance): string[] {
  const s = state();
  const taken = s.pending.filter((m) => app === undefined || m.app === app);
  s.pending = s.pending.filter((m) => !taken.includes(m));
  return taken.map((m) => m.text);
}

export class ResponseMismatchError extends Error {
  constructor(mismatches: string[]) {
    super(`the answer does not match the API contract (/v1/openapi.json):\n- ${mismatches.join('\n- ')}`);
    this.name = 'ResponseMismatchError';
  }
}

/** Adds the check to one app; call before it is ready (done for every app by `installResponseValidation`). */
export function validateResponses(app: FastifyInstance) {
  const seen = new WeakSet<object>();
  // Added when the app is created, so it sees the payload before compression or any other onSend hook.
  app.addHook('onSend', async (request, reply, payload) => {
    seen.add(request.raw);
    record(app, request, reply, bodyOf(payload));
    return payload;
  });
  // A hijacked reply (the event stream) skips onSend: its status and content type are checked when it ends.
  app.addHook('onResponse', async (request, reply) => {
    if (!seen.has(request.raw)) record(app, request, reply, 'stream', true);
  });
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    const result = inject(...args);
    // Only the promise form (options, no callback) is checked at the call; the others by afterEach.
    if (args.length !== 1 || typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') return result;
    return Promise.resolve(result).then((response: unknown) => {
      const mismatches = takeMismatches(app);
      if (mismatches.length > 0) throw new ResponseMismatchError(mismatches);
      return response;
    });
  };
}

/** Checks the answers of every Fastify app created from now on in this worker. */
export function installResponseValidation() {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  subscribe('fastify.initialization', (message) => validateResponses((message as { fastify: FastifyInstance }).fastify));
}
