/**
 * Input fuzzing over every route the server registers (DESIGN §10, input and tenant edges). For
 * each route, a plausible request is built from the route's own OpenAPI schema, then one input
 * at a time is spoiled: wrong JSON types, numeric strings in the body, huge strings, NUL
 * characters, unpaired surrogates, integers outside the database's integer range, deeply
 * nested JSON, bad path parameters (out of range, bad percent-encoding, over-long) and bad query
 * values. Every answer must be a 4xx in the API's error shape, and no table may change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RegisteredRoute } from '../src/plugins/route-config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

type Headers = Record<string, string>;
type Path = (string | number)[];

let ctx: TestApp;
let admin: Headers;
let routes: RegisteredRoute[];
let openapi: { paths: Record<string, Record<string, Operation>> };
let bookingId: string;

/** Tables whose rows a call may change as a side effect of being called at all. */
const NOT_DATA = new Set(['sessions', 'login_attempts', 'operation_logs', 'rate_limits']);

/** A digest of every data table: count and hash of its rows. */
async function snapshot(): Promise<string> {
  const tables = ((await ctx.database.db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as { rows: { t: string }[] }).rows
    .map((r) => r.t)
    .filter((t) => !NOT_DATA.has(t) && !t.startsWith('__'));
  const parts: string[] = [];
  for (const table of tables) {
    const r = (await ctx.database.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${table}" x`))) as unknown as { rows: { d: string }[] };
    parts.push(`${table}=${r.rows[0]!.d}`);
  }
  return parts.join('\n');
}

/** A valid-looking value for a path parameter, so that only the spoiled input is wrong. */
function paramValue(name: string, url: string): string {
  if (name === 'booking_id') return bookingId;
  if (name === 'uid') return '00000000-0000-4000-8000-000000000000';
  if (name === 'token') return 'not-the-token';
  if (name === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (name === 'mail_template') return 'booking_ok';
  if (name === 'id' && url.startsWith('/v1/outbox-mails/')) return '00000000-0000-4000-8000-000000000000';
  if (name === 'id' && url.startsWith('/v1/agent_staffs/')) return '00000000-0000-4000-8000-000000000000';
  if (/date|day$/.test(name)) return '2027-06-10';
  if (name === 'year') return '2027';
  if (name === 'month') return '6';
  if (name === 'year_month') return '2027-06';
  return '1';
}

function fill(url: string, spoiled?: { name: string; value: string }): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (spoiled?.name === name ? spoiled.value : encodeURIComponent(paramValue(name, url))));
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function resolve(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const first = options.find((o) => o.type !== 'null' && o.enum?.[0] !== null) ?? options[0]!;
    return resolve(first);
  }
  if (schema.allOf?.length) return resolve(Object.assign({}, ...schema.allOf) as JsonSchema);
  return schema;
}

const STRING_CANDIDATES = ['00000000', '2027-06-10', 'x', '1', 'A', 'ja', 'JPN', '12:00', '00000000-0000-4000-8000-000000000000'];

/** A plausible value for a schema. */
function sample(raw: JsonSchema): unknown {
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      let n = 1;
      if (typeof schema.minimum === 'number') n = Math.max(n, schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0));
      if (typeof schema.exclusiveMinimum === 'number') n = Math.max(n, schema.exclusiveMinimum + 1);
      if (typeof schema.maximum === 'number') n = Math.min(n, schema.maximum);
      return n;
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date') return '2027-06-10';
      if (schema.format === 'date-time') return '2027-06-10T00:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const fits = (s: string) => (!schema.pattern || new RegExp(schema.pattern).test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'array':
      return schema.items && schema.maxItems !== 0 ? [sample(schema.items)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value);
      return out;
    }
    default:
      return 'x';
  }
}

const HUGE = 'x'.repeat(100_000);
const INT_SPOILS: unknown[] = [2_147_483_648, -2_147_483_649, 1e300, '12', 'x\u0000', {}];
const STRING_SPOILS: unknown[] = ['a\u0000b', 'a\ud800b', '\udc00', HUGE, 12, []];
const OTHER_SPOILS: unknown[] = ['x\u0000', 2_147_483_648, 'a\ud800'];

/** Every leaf of a sample with the schema that produced it. */
function leaves(raw: JsonSchema, value: unknown, path: Path = []): { path: Path; schema: JsonSchema }[] {
  const schema = resolve(raw);
  const type = typeOf(schema);
  if (type === 'object' && value && typeof value === 'object') {
    const out: { path: Path; schema: JsonSchema }[] = [];
    if (path.length > 0) out.push({ path, schema });
    for (const [key, sub] of Object.entries(schema.properties ?? {})) out.push(...leaves(sub, (value as Record<string, unknown>)[key], [...path, key]));
    return out;
  }
  if (type === 'array' && Array.isArray(value)) {
    const out: { path: Path; schema: JsonSchema }[] = [{ path, schema }];
    if (value.length > 0 && schema.items) out.push(...leaves(schema.items, value[0], [...path, 0]));
    return out;
  }
  return [{ path, schema }];
}

function spoilsFor(schema: JsonSchema): unknown[] {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return INT_SPOILS;
  if (type === 'string' || schema.enum) return STRING_SPOILS;
  if (type === 'object') return ['x', [], ...OTHER_SPOILS];
  if (type === 'array') return [{}, 'x'];
  return OTHER_SPOILS;
}

function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface Call {
  label: string;
  method: string;
  url: string;
  payload?: string;
  /** The input is wrong whatever the route (NUL, an integer out of range…): a 4xx, not only no 5xx. */
  mustRefuse: boolean;
}

/** Text no route may accept: NUL, unpaired surrogates, bad or over-long encodings. */
const ALWAYS_BAD = /%00|%ED%A0%80|%E0%A4%A$|^x{101}$/;
const READS = new Set(['GET', 'HEAD']);
/** Reads that answer a stream which stays open (realtime.test.ts follows it). */
const STREAMS = new Set(['GET /v1/events']);
const OUT_OF_RANGE = new Set(['2147483648', '-2147483649', '99999999999999999999']);

/** The spoiled calls for one route. */
function callsFor(route: RegisteredRoute): Call[] {
  const oaPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  const operation = openapi.paths[oaPath]?.[route.method.toLowerCase()];
  const calls: Call[] = [];
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const url = fill(route.url);
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const payload = body === undefined ? undefined : JSON.stringify(body);

  // Path parameters: out of range, NUL, bad or over-long encodings.
  const typeOfParameter = (where: 'path' | 'query', name: string) => {
    const schema = operation?.parameters?.find((p) => p.in === where && p.name === name)?.schema;
    return schema ? typeOf(resolve(schema)) : undefined;
  };
  for (const name of params) {
    const isInteger = typeOfParameter('path', name) === 'integer';
    for (const value of ['2147483648', '-2147483649', '99999999999999999999', '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(101), '1.5', '%20']) {
      const mustRefuse = ALWAYS_BAD.test(value) || (isInteger && (OUT_OF_RANGE.has(value) || value === '1.5'));
      calls.push({ label: `:${name}=${value.slice(0, 20)}`, method: route.method, url: fill(route.url, { name, value }), payload, mustRefuse });
    }
  }
  // Query strings: every declared parameter spoiled in turn; values stay text, as a query's are.
  for (const parameter of operation?.parameters?.filter((p) => p.in === 'query') ?? []) {
    const isInteger = typeOf(resolve(parameter.schema)) === 'integer';
    for (const value of ['%00', 'a%00b', '%ED%A0%80', '2147483648', '-2147483649', 'x'.repeat(5000)]) {
      // A query's undecodable UTF-8 is kept as plain text by the parser (no surrogate can reach the server that way).
      const mustRefuse = /%00/.test(value) || (isInteger && OUT_OF_RANGE.has(value));
      calls.push({ label: `?${parameter.name}=${value.slice(0, 20)}`, method: route.method, url: `${url}?${parameter.name}=${value}`, payload, mustRefuse });
    }
  }
  // Bodies: every leaf spoiled in turn, then the whole body.
  if (bodySchema) {
    for (const leaf of leaves(bodySchema, body)) {
      for (const spoil of spoilsFor(leaf.schema)) {
        const mustRefuse = true;
        calls.push({ label: `body.${leaf.path.join('.')}=${JSON.stringify(spoil)?.slice(0, 20)}`, method: route.method, url, payload: JSON.stringify(withValue(body, leaf.path, spoil)), mustRefuse });
      }
    }
    for (const whole of [deeplyNested(5000), `${'['.repeat(100)}${']'.repeat(100)}`, '[]', '"x"', '{"a":', `"${HUGE}"`, '{"\\u0000":1}']) {
      calls.push({ label: `body=${whole.slice(0, 20)}`, method: route.method, url, payload: whole, mustRefuse: true });
    }
  }
  // A change's call with an input that may be valid would change data: only reads get those.
  // An event stream answers a valid call by staying open: it gets only the calls it must refuse.
  const reads = READS.has(route.method) && !STREAMS.has(`${route.method} ${route.url}`);
  return reads ? calls : calls.filter((c) => c.mustRefuse || c.label.startsWith('body.'));
}

/** Routes left out: signing out ends the session the fuzzing runs on. */
const SKIP = new Set(['POST /v1/auth/logout']);

beforeAll(async () => {
  ctx = await createTestApp();
  routes = ctx.app.registeredRoutes.filter((r) => !SKIP.has(`${r.method} ${r.url}`));
  admin = await ctx.login('admin@example.com');
  openapi = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const rows = (await ctx.database.db.execute(sql`select booking_id as b from bookings order by id limit 1`)) as unknown as { rows: { b: string }[] };
  bookingId = rows.rows[0]!.b;
});
afterAll(() => ctx.close());

// Every route is called many times: on a loaded two-core machine this takes a minute or more.
describe('input fuzzing over every registered route', { timeout: 180_000 }, () => {
  it('builds its calls from the routes the server registers and their OpenAPI schemas', () => {
    expect(routes.length).toBeGreaterThan(140);
    const documented = routes.filter((r) => openapi.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()]);
    expect(documented.length).toBeGreaterThan(140);
  });

  it('answers every spoiled call with a 4xx in the error shape, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const call of callsFor(route)) {
        count++;
        const res = await ctx.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: { ...admin, ...(call.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(call.payload !== undefined ? { payload: call.payload } : {}),
        });
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        // The OCTO supplier API answers in the standard's error shape, {error, errorMessage} (ADR 039).
        const octo = route.url.startsWith('/octo/');
        const shaped = !refused || (res.headers['content-type']?.toString().includes('json') && typeof (octo ? res.json().error : res.json().common?.error_code) === 'string');
        if (res.statusCode >= 500 || (call.mustRefuse && !refused) || !shaped) failures.push(`${route.method} ${route.url} ${call.label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`input fuzz: ${count} calls over ${routes.length} routes`);
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
