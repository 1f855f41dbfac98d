/**
 * The authorization matrix (DESIGN §1): every route the server registers, for every kind of
 * caller, with the outcome declared in one table (MATRIX in authorization-matrix.table.ts). The routes come from the server
 * itself (its onRoute registry), so a route added without a row fails the test, and so does a row
 * for a route that is gone.
 *
 * Outcome classes, per caller:
 * - `ok`  the caller is let through: a read is answered (anything but 401 or 403: what it then
 *         says is the business's), a write passes every access check and reaches the body parser
 *         (it is sent an unparseable body, so it answers 415 and nothing runs).
 * - `own` as `ok` on the caller's own data; on another tenant's data (another agent's, a sibling
 *         branch's or the head office's for a branch, another booking's token) 404 NOT_FOUND,
 *         exactly as if it did not exist.
 * - `403` FORBIDDEN, sent a valid request on the caller's own data (so that no 404 or 400 can
 *         stand in for the refusal); on another tenant's data 403 or 404.
 * - `401` UNAUTHENTICATED.
 * Every refused call is made with a valid body, and a digest of every data table is the same
 * before and after them all.
 *
 * Callers: the operator's admin and back-office staff, station staff, train crew (who cannot sign
 * in: a session left for the account is not honoured, so it is anonymous), an agent's admin and
 * staff (head office), a branch's admin and staff, an API key of the head office and one of the
 * branch, and an anonymous caller. One app and one database for all of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as t from '../src/db/schema.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { insertSession } from '../src/modules/auth/sessions.repository.ts';
import type { RegisteredRoute } from '../src/plugins/route-config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { CALLERS, parseMatrix, type Caller } from './authorization-matrix.table.ts';

// ---------------------------------------------------------------------------------------------
// The callers and their data.

/** One tenant's data: a confirmed booking with its payment, note and notification, a settlement, staff, a key. */
interface Tenant {
  agentId: number;
  groupId: number;
  bookingId: string;
  token: string;
  paymentId: number;
  noteId: number;
  notificationId: number;
  staffId: string;
  agentSettlementId: number;
  groupSettlementId: number;
  apiKeyId: number;
  webhookEndpointId: number;
}

type Headers = Record<string, string>;
let ctx: TestApp;
let routes: RegisteredRoute[];
let staff: Headers;
const headers = {} as Record<Caller, Headers>;
/** The FREE agent's head office, its Osaka branch, and another agent (CONTRACTED). */
let head: Tenant;
let branch: Tenant;
let other: Tenant;

const OPERATORS: readonly Caller[] = ['admin', 'staff', 'station'];
const NOBODY: readonly Caller[] = ['train', 'anonymous'];
const AGENT_WIDE: readonly Caller[] = ['agentAdmin', 'agentStaff', 'agentKey'];

async function staffRow(email: string) {
  const [row] = await ctx.database.db
    .select({ id: t.agentStaffs.accountId, agentId: t.agentStaffs.agentId, groupId: t.agentStaffs.groupId })
    .from(t.agentStaffs)
    .innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId))
    .where(eq(t.accounts.email, email));
  return row!;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A confirmed booking of the staff member's group (made by the back office), with a shared note, an agent notification and a monthly settlement. */
async function tenantOf(email: string, apiKeyId: number): Promise<Tenant> {
  const owner = await staffRow(email);
  const [day] = await rows<{ d: string; s: number }>(sql`
    select service_date::text as d, service_id as s from service_day_inventories i join services v on v.id = i.service_id
    where v.direction = 'down' and service_date > current_date + 10 order by service_date, service_id limit 1`);
  const submitted = await ctx.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: staff,
    payload: {
      applicant: { name: '権限 確認', email: 'matrix@example.com', phone_number: '075-000-0000' },
      group: { group_type: 'NORMAL', name: `権限テスト ${email}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: day!.d, service_id: day!.s, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 5 }], wheel_chairs: [] },
      agent_id: owner.agentId,
      agent_sub_group_id: owner.groupId,
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const bookingId = submitted.json().booking_id as string;
  for (const [step, payload] of [['reserve_allotments'], ['confirm_booking', { mail: { subject: 's', body: 'b' } }]] as const) {
    const res = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/${step}`, headers: staff, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  const note = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/notes`, headers: staff, payload: { note: '共有メモ', is_private: false } });
  const [booking] = await rows<{ token: string }>(sql`select booking_token as token from bookings where booking_id = ${bookingId}`);
  const [notification] = await rows<{ id: number }>(sql`select n.id from notifications n join bookings b on b.id = n.booking_id where b.booking_id = ${bookingId} and n.audience = 'AGENT' limit 1`);
  const [payment] = await rows<{ id: number }>(sql`select p.id from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${bookingId} limit 1`);
  const [settlement] = await ctx.database.db
    .insert(t.agentSettlements)
    .values({ agentId: owner.agentId, periodFrom: '2027-05-01', periodTo: '2027-05-31', contractType: 'X', paymentMethod: 'MONTHLY', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
    .onConflictDoUpdate({ target: [t.agentSettlements.agentId, t.agentSettlements.periodFrom], set: { updatedAt: new Date() } })
    .returning({ id: t.agentSettlements.id });
  const [group] = await ctx.database.db
    .insert(t.groupSettlements)
    .values({ agentSettlementId: settlement!.id, agentGroupId: owner.groupId, periodFrom: '2027-05-01', periodTo: '2027-05-31', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
    .returning({ id: t.groupSettlements.id });
  // An endpoint of the agent (the branch's own for a branch), straight into the table: it is never delivered to here.
  const [endpoint] = await ctx.database.db
    .insert(t.webhookEndpoints)
    .values({ agentId: owner.agentId, agentSubGroupId: email.startsWith('branch') ? owner.groupId : null, url: 'https://hooks.example.com/matrix', events: ['booking.confirmed'], secretSealed: 'matrix', createdBy: email })
    .returning({ id: t.webhookEndpoints.id });
  return {
    agentId: owner.agentId,
    groupId: owner.groupId,
    bookingId,
    token: booking!.token,
    paymentId: Number(payment!.id),
    noteId: note.json().note_id,
    notificationId: Number(notification!.id),
    staffId: owner.id,
    agentSettlementId: settlement!.id,
    groupSettlementId: group!.id,
    apiKeyId,
    webhookEndpointId: endpoint!.id,
  };
}

/** Whose data each caller acts on when it acts on its own: operators see every agent's. */
function homeOf(caller: Caller): Tenant {
  if (AGENT_WIDE.includes(caller)) return head;
  if (caller === 'branchAdmin' || caller === 'branchStaff' || caller === 'branchKey') return branch;
  return other;
}

/** Routes whose booking is opened by its token (the group's own page), not by a session. */
const TOKEN_ONLY = /^\/v1\/bookings\/:booking_id\/(summary|Voucher|invoices\/:payment_id(\.pdf|\/logo|\/stamp)?|change-seat)$|^\/voucher\//;
/** Routes a session opens, or the booking's token without one. */
const TOKEN_OR_SESSION = new Set(['/v1/bookings/:booking_id', '/v1/bookings/:booking_id/seats']);
const usesToken = (route: RegisteredRoute, caller: Caller) => TOKEN_ONLY.test(route.url) || (TOKEN_OR_SESSION.has(route.url) && NOBODY.includes(caller));

/** Ids of one tenant's data: bookings and what hangs off them, agents, branches, staff, keys. */
const tenantBearing = (route: RegisteredRoute) =>
  /:(booking_id|note_id|notification_id|agent_settlement_id|group_settlement_id)\b/.test(route.url) || /^\/v1\/(agents|agent_groups|agent_staffs|api-keys|webhook-endpoints)\/:id/.test(route.url) || route.url.startsWith('/voucher/');

/**
 * Another tenant's data for the caller, or null when the caller has no other tenant on this
 * route: an agent-wide caller gets another agent's, a branch its head office's (and another
 * agent's agent record and agent settlement, since its own agent's are its own), and a token
 * route another booking's token.
 */
function foreignOf(route: RegisteredRoute, caller: Caller): Tenant | null {
  if (usesToken(route, caller)) return { ...homeOf(caller), token: homeOf(caller) === head ? other.token : head.token };
  if (!tenantBearing(route) || OPERATORS.includes(caller) || NOBODY.includes(caller)) return null;
  if (AGENT_WIDE.includes(caller)) return other;
  return { ...head, agentId: other.agentId, agentSettlementId: other.agentSettlementId };
}

/** The value of each path parameter for a call on `x`'s data; an unknown parameter fails the test. */
function fill(url: string, x: Tenant): string {
  return url.replace(/:([A-Za-z_]+)|\*/g, (match, name: string | undefined) => {
    if (match === '*') return 'index.html';
    switch (name) {
      case 'booking_id':
        return x.bookingId;
      case 'token':
        return x.token;
      case 'note_id':
        return String(x.noteId);
      case 'payment_id':
        return String(x.paymentId);
      case 'notification_id':
        return String(x.notificationId);
      case 'agent_settlement_id':
        return String(x.agentSettlementId);
      case 'group_settlement_id':
        return String(x.groupSettlementId);
      case 'uid':
        return '00000000-0000-4000-8000-000000000000';
      case 'attachment_id':
        return '1';
      case 'mail_template':
        return 'booking_ok';
      case 'gateway':
        return 'sandbox';
      case 'ref':
        return 'cs_matrix';
      case 'kind':
        return 'booking.ok';
      case 'name':
        return 'bookings.remind-answer-due';
      case 'id':
        if (url.startsWith('/v1/agents/')) return String(x.agentId);
        if (url.startsWith('/v1/agent_groups/')) return String(x.groupId);
        if (url.startsWith('/v1/agent_staffs/')) return x.staffId;
        if (url.startsWith('/v1/notifications/')) return String(x.notificationId);
        if (url.startsWith('/v1/api-keys/')) return String(x.apiKeyId);
        if (url.startsWith('/v1/webhook-endpoints/')) return String(x.webhookEndpointId);
        if (url.startsWith('/v1/outbox-mails/')) return '00000000-0000-4000-8000-000000000000';
        // Master data, approvals, jobs, messages: shared by the operator, no tenant's.
        return '1';
      case 'uuid':
        // An OCTO booking (ADR 039): any well-formed uuid; the outcome is decided before it is looked up.
        return '00000000-0000-4000-8000-000000000000';
      case 'year':
        return '2027';
      case 'month':
        return '6';
      case 'year_month':
        return '2027-06';
    }
    if (/date|day$/.test(name!)) return '2027-06-10';
    if (/_ids?$/.test(name!)) return '1';
    throw new Error(`authorization matrix: no value for :${name} in ${url}; add one to fill()`);
  });
}

/**
 * Valid bodies for the writes a refused caller is sent, so that the refusal comes from the access
 * rule or the tenant check and not from validation. Writes refused by the route's access rule
 * need none (the rule answers before the body is read); a write refused further in does.
 */
const BODIES: Record<string, (x: Tenant) => unknown> = {
  'POST /v1/bookings/:booking_id/notes': () => ({ note: '他社からのメモ', is_private: false }),
  'POST /v1/notes/:note_id': () => ({ note: '書き換え', is_private: false }),
  'POST /v1/bookings/:booking_id/cancel': () => ({ agree_cancellation_policy: true }),
  'POST /v1/bookings/:booking_id/decline_cancellation': () => ({ reason: '他社からの取り下げ' }),
  'PUT /v1/bookings/:booking_id/params': () => ({
    applicant: { name: 'x', email: 'x@example.com', phone_number: '1' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: 'x', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: '2027-06-10', service_id: 1, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 3 }], wheel_chairs: [] },
    note: '',
  }),
  'PUT /v1/bookings/:booking_id/change-seat': (x) => ({ token: x.token, service: { service_day: '2027-06-10', service_id: 1, manual: { seats: [] } }, mutation_id: 'm' }),
  'PUT /v1/agents/:id': () => ({
    name_ja: 'x', name_kana: '', name_en: '', name_origin: '', main_admin_name: 'x', main_admin_tel: '', root_group_fax: '', country_code: 'JPN',
    agent_type: 'FREE', payment_day: null, payment_day_end_of_month: true, billing_day: null, billing_day_end_of_month: true, ignore_cancellation_policy: false, require_totp: false,
  }),
  'PUT /v1/agents/:id/two_factor': () => ({ require_totp: true }),
  'PUT /v1/agent_staffs/:id': (x) => ({ group_id: x.groupId, name: 'x', tel: '', language_code: 'ja', staff_type: 'STAFF' }),
  'PUT /v1/agent_groups/:id': () => ({ name_ja: 'x', name_kana: '', name_en: '', name_origin: '', fax: '', main_admin_name: 'x', main_admin_tel: '' }),
  'POST /v1/agent_groups': (x) => ({ agent_id: x.agentId, name_ja: '権限支店', name_kana: '', name_en: '', name_origin: '', fax: '', main_admin_email: 'matrix-new-branch@example.com', main_admin_name: 'x', main_admin_tel: '' }),
  'POST /v1/agent_staffs': (x) => ({ group_id: x.groupId, email: 'matrix-new-staff@example.com', name: '権限 新人', staff_type: 'STAFF' }),
  'POST /v1/api-keys': (x) => ({ name: 'matrix refused', group_id: x.groupId }),
  'POST /v1/webhook-endpoints': () => ({ url: 'https://hooks.example.com/sagano', events: ['booking.confirmed'] }),
  'PUT /v1/webhook-endpoints/:id': () => ({ enabled: true }),
  'POST /v1/bookings/:booking_id/payments/:payment_id/report_coupon': () => ({ coupon_number: 'CP-1' }),
};

const bodyOf = (route: RegisteredRoute, x: Tenant): unknown => {
  const key = `${route.method} ${route.url}`;
  if (key in BODIES) return BODIES[key]!(x);
  return route.method === 'GET' ? undefined : {};
};

/** Each caller calls from an address of its own, so that per-address limits (password reset: 10 a minute) count it alone. */
const addressOf = (caller: Caller) => `10.0.0.${CALLERS.indexOf(caller) + 1}`;

async function call(route: RegisteredRoute, caller: Caller, x: Tenant, kind: 'valid' | 'probe'): Promise<LightMyRequestResponse> {
  let url = fill(route.url, x);
  if (usesToken(route, caller) && !route.url.startsWith('/voucher/')) url += `?token=${encodeURIComponent(x.token)}`;
  // The event stream stays open once let through: an over-long resume id is refused by validation, after the access rule.
  if (route.url === '/v1/events' && kind === 'probe') url += `?last_event_id=${'x'.repeat(101)}`;
  const base = { method: route.method as 'GET', url, remoteAddress: addressOf(caller) };
  if (kind === 'probe' && route.method !== 'GET') {
    // A body no route can parse: let through, the call ends at the body parser (415) and nothing runs.
    return ctx.app.inject({ ...base, headers: { ...headers[caller], 'content-type': 'application/x-authorization-matrix' }, payload: 'probe' });
  }
  const payload = bodyOf(route, x);
  return ctx.app.inject({ ...base, headers: headers[caller], ...(payload !== undefined ? { payload: payload as object } : {}) });
}

const errorCode = (res: LightMyRequestResponse): string | undefined => {
  try {
    const body = res.json() as { common?: { error_code?: string }; error?: string };
    // The OCTO supplier API answers the standard's bodies (ADR 039): {error: UNAUTHORIZED | FORBIDDEN}.
    if (body.common === undefined && typeof body.error === 'string') return body.error === 'UNAUTHORIZED' ? 'UNAUTHENTICATED' : body.error;
    return body.common?.error_code;
  } catch {
    return undefined;
  }
};

/** Tables a call may touch by being made at all: sessions, sign-in attempts, the operation log, rate-limit counters. */
const NOT_DATA = /^(sessions|login_attempts|operation_logs|rate_limit.*)$/;

/** A digest of every data table (an API key's last use aside): count and hash of its rows. */
async function snapshot(): Promise<string> {
  const tables = (await rows<{ t: string }>(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`))
    .map((r) => r.t)
    .filter((name) => !NOT_DATA.test(name) && !name.startsWith('__'));
  const parts: string[] = [];
  for (const table of tables) {
    const row = table === 'api_keys' ? '(x.id, x.name, x.group_id, x.revoked_at, x.revoked_by)' : 'x';
    const [d] = await rows<{ d: string }>(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(${row}::text, '|' order by ${row}::text)), '') as d from "${table}" x`));
    parts.push(`${table}=${d!.d}`);
  }
  return parts.join('\n');
}


beforeAll(async () => {
  // Some thousand calls a minute on each key: the per-key limit is api-keys.test.ts's business.
  ctx = await createTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '100000' } });
  routes = ctx.app.registeredRoutes;
  staff = await ctx.login('staff@example.com');
  const agentAdmin = await ctx.login('agent-free@example.com');
  const headRow = await staffRow('agent-free@example.com');
  const branchRow = await staffRow('branch-free@example.com');
  const createKey = async (groupId: number) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/api-keys', headers: agentAdmin, payload: { name: `matrix ${groupId}`, group_id: groupId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; key: string };
  };
  const headKey = await createKey(headRow.groupId);
  const branchKey = await createKey(branchRow.groupId);
  // Staff the demo data lacks: a head-office STAFF member and a branch ADMIN, invited by the agent admin, then given the demo password.
  const invite = async (email: string, groupId: number, staffType: 'ADMIN' | 'STAFF') => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/agent_staffs', headers: agentAdmin, payload: { group_id: groupId, email, name: '権限 確認', staff_type: staffType } });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.database.db.execute(sql`update accounts set password_hash = (select password_hash from accounts where email = 'agent-free@example.com') where email = ${email}`);
    return ctx.login(email);
  };
  // Train crew cannot sign in (auth.test.ts): a session row for the account stands for one left from before it was moved to TRAIN.
  const [train] = await ctx.database.db.select({ id: t.accounts.id }).from(t.accounts).where(eq(t.accounts.email, 'train@example.com'));
  const trainToken = newToken();
  await insertSession(ctx.database.db, { tokenHash: hashToken(trainToken), csrfToken: 'matrix', accountId: train!.id, expiresAt: new Date(Date.now() + 3_600_000), ip: '127.0.0.1', userAgent: 'matrix' });
  Object.assign(headers, {
    admin: await ctx.login('admin@example.com'),
    staff,
    station: await ctx.login('station@example.com'),
    train: { authorization: `Bearer ${trainToken}` },
    agentAdmin,
    agentStaff: await invite('matrix-agent-staff@example.com', headRow.groupId, 'STAFF'),
    branchAdmin: await invite('matrix-branch-admin@example.com', branchRow.groupId, 'ADMIN'),
    branchStaff: await ctx.login('branch-free@example.com'),
    agentKey: { authorization: `Bearer ${headKey.key}` },
    branchKey: { authorization: `Bearer ${branchKey.key}` },
    anonymous: {},
  } satisfies Record<Caller, Headers>);
  expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: headers.branchAdmin })).json().user.role).toBe('groupAdmin');
  expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: headers.agentStaff })).json().user.role).toBe('agentStaff');
  head = await tenantOf('agent-free@example.com', headKey.id);
  branch = await tenantOf('branch-free@example.com', branchKey.id);
  const otherRow = await staffRow('agent-contracted@example.com');
  const [otherKey] = await ctx.database.db
    .insert(t.apiKeys)
    .values({ agentId: otherRow.agentId, groupId: otherRow.groupId, name: 'matrix other', prefix: 'sgk_matrix', keyHash: 'matrix-other', createdBy: 'agent-contracted@example.com' })
    .returning({ id: t.apiKeys.id });
  other = await tenantOf('agent-contracted@example.com', otherKey!.id);
});
afterAll(() => ctx.close());

// Each walk makes over a thousand calls one after another; on a machine shared with another suite (CI runs
// the PostgreSQL suite beside the browser tests) that took past the default minute. A limit, not a speed goal.
const LONG_WALK_MS = 300_000;

describe('authorization matrix over every route and every caller', () => {
  it('has one row for every route the server registers, and none for a route it does not', () => {
    const table = parseMatrix();
    const registered = routes.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((key) => !table.has(key)), 'routes without a row in MATRIX').toEqual([]);
    expect([...table.keys()].filter((key) => !registered.includes(key)), 'rows of MATRIX for no route').toEqual([]);
    expect(routes.length).toBeGreaterThan(200);
  });

  it('classifies tenant data: an agent, branch or key has `own` (or is refused) on every route carrying a tenant id, and `own` nowhere else', () => {
    const table = parseMatrix();
    const wrong: string[] = [];
    for (const route of routes) {
      const row = table.get(`${route.method} ${route.url}`);
      if (!row) continue;
      for (const caller of CALLERS) {
        const scoped = foreignOf(route, caller) !== null;
        const cell = row[caller];
        if (scoped && cell === 'ok') wrong.push(`${route.method} ${route.url} ${caller}: ok on tenant data (own, 403 or 401)`);
        if (!scoped && cell === 'own') wrong.push(`${route.method} ${route.url} ${caller}: own without tenant data`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every caller the table refuses, keeps every tenant from every other, and nothing changes', async () => {
    const table = parseMatrix();
    const before = await snapshot();
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const row = table.get(`${route.method} ${route.url}`)!;
      for (const caller of CALLERS) {
        const expected = row[caller];
        const where = `${route.method} ${route.url} as ${caller}`;
        if (expected === '401' || expected === '403') {
          const res = await call(route, caller, homeOf(caller), 'valid');
          calls++;
          const code = expected === '401' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
          if (res.statusCode !== Number(expected) || errorCode(res) !== code) wrong.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)} (expected ${expected} ${code})`);
        }
        const foreign = foreignOf(route, caller);
        if (foreign && expected !== '401') {
          const res = await call(route, caller, foreign, 'valid');
          calls++;
          const refused = expected === 'own' ? res.statusCode === 404 && errorCode(res) === 'NOT_FOUND' : res.statusCode === 403 || res.statusCode === 404;
          if (!refused) wrong.push(`${where} on another tenant's data: ${res.statusCode} ${res.body.slice(0, 160)} (expected ${expected === 'own' ? '404' : '403 or 404'})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    expect(await snapshot()).toBe(before);
  }, LONG_WALK_MS);

  it('lets every caller through where the table says ok or own', async () => {
    const table = parseMatrix();
    const wrong: string[] = [];
    for (const route of routes) {
      const row = table.get(`${route.method} ${route.url}`)!;
      for (const caller of CALLERS) {
        if (row[caller] !== 'ok' && row[caller] !== 'own') continue;
        const res = await call(route, caller, homeOf(caller), 'probe');
        const through = route.method === 'GET' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 415;
        if (!through) wrong.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, LONG_WALK_MS);
});
