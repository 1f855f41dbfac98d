/**
 * The authorization matrix (DESIGN §1): every id-bearing route the server registers is called
 * with another tenant's ids by an agent admin, with a sibling branch's ids by a branch admin,
 * by an agent on operator-only routes and by a station user on back-office routes. Each call is
 * refused (403 or 404) and nothing in the database changes. The routes come from the server
 * itself, so a route added later is covered, or this test says what it needs to cover it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import type { RegisteredRoute } from '../src/plugins/route-config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let ctx: TestApp;
let routes: RegisteredRoute[];

type Headers = Record<string, string>;
let staff: Headers;

/** The ids of one tenant's data that another caller must not reach. */
interface Victim {
  bookingId: string;
  agentId: number;
  groupId: number;
  paymentId: number;
  staffId: string;
  noteId: number;
  notificationId: number;
  /** A settlement of the agent, and its branch's group settlement. */
  agentSettlementId: number;
  groupSettlementId: number;
  /** An API key of the agent (acting for the branch). */
  apiKeyId: number;
}

const ids = {
  anyUuid: '00000000-0000-4000-8000-000000000000',
};

async function staffRow(email: string) {
  const [row] = await ctx.database.db
    .select({ id: t.agentStaffs.accountId, agentId: t.agentStaffs.agentId, groupId: t.agentStaffs.groupId })
    .from(t.agentStaffs)
    .innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId))
    .where(eq(t.accounts.email, email));
  return row!;
}

/** A confirmed booking of the agent (branch), with a shared note and an agent notification. */
async function victimOf(email: string): Promise<Victim> {
  const owner = await staffRow(email);
  const day = (await ctx.database.db.execute(sql`
    select service_date::text as d, service_id as s from service_day_inventories i join services v on v.id = i.service_id
    where v.direction = 'down' and service_date > current_date + 10 order by service_date, service_id limit 1`)) as unknown as { rows: { d: string; s: number }[] };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: staff,
    payload: {
      applicant: { name: '権限 確認', email: 'matrix@example.com', phone_number: '075-000-0000' },
      group: { group_type: 'NORMAL', name: `権限テスト ${email}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: day.rows[0]!.d, service_id: day.rows[0]!.s, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 5 }], wheel_chairs: [] },
      agent_id: owner.agentId,
      agent_sub_group_id: owner.groupId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const bookingId = res.json().booking_id as string;
  await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/reserve_allotments`, headers: staff });
  await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/confirm_booking`, headers: staff, payload: { mail: { subject: 's', body: 'b' } } });
  const note = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/notes`, headers: staff, payload: { note: '共有メモ', is_private: false } });
  const [notification] = await ctx.database.db.execute(sql`select n.id from notifications n join bookings b on b.id = n.booking_id where b.booking_id = ${bookingId} and n.audience = 'AGENT' limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  const [payment] = await ctx.database.db.execute(sql`select p.id from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${bookingId} limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  const [settlement] = await ctx.database.db
    .insert(t.agentSettlements)
    .values({ agentId: owner.agentId, periodFrom: '2027-05-01', periodTo: '2027-05-31', contractType: 'X', paymentMethod: 'MONTHLY', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
    .onConflictDoUpdate({ target: [t.agentSettlements.agentId, t.agentSettlements.periodFrom], set: { updatedAt: new Date() } })
    .returning({ id: t.agentSettlements.id });
  const [group] = await ctx.database.db
    .insert(t.groupSettlements)
    .values({ agentSettlementId: settlement!.id, agentGroupId: owner.groupId, periodFrom: '2027-05-01', periodTo: '2027-05-31', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
    .returning({ id: t.groupSettlements.id });
  const [key] = await ctx.database.db
    .insert(t.apiKeys)
    .values({ agentId: owner.agentId, groupId: owner.groupId, name: `matrix ${email}`, prefix: 'sgk_matrix', keyHash: `matrix-${email}`, createdBy: email })
    .returning({ id: t.apiKeys.id });
  return { apiKeyId: key!.id, bookingId, agentId: owner.agentId, groupId: owner.groupId, staffId: owner.id, noteId: note.json().note_id, notificationId: Number(notification!.id), paymentId: Number(payment!.id), agentSettlementId: settlement!.id, groupSettlementId: group!.id };
}

/** The value a path parameter takes in a call aimed at `victim`; unknown parameters fail the test. */
function fill(url: string, victim: Victim): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (name === 'booking_id') return victim.bookingId;
    if (name === 'note_id') return String(victim.noteId);
    if (name === 'payment_id') return String(victim.paymentId);
    if (name === 'notification_id') return String(victim.notificationId);
    if (name === 'uid') return ids.anyUuid;
    if (name === 'agent_settlement_id') return String(victim.agentSettlementId);
    if (name === 'group_settlement_id') return String(victim.groupSettlementId);
    if (name === 'token') return 'not-the-token';
    if (name === 'attachment_id') return '1';
    if (name === 'mail_template') return 'booking_ok';
    if (name === 'kind' && url.startsWith('/v1/mail-kinds/')) return 'booking.ok';
    if (name === 'name' && url.startsWith('/v1/jobs/')) return 'bookings.remind-answer-due';
    if (name === 'id') {
      if (url.startsWith('/v1/agents/')) return String(victim.agentId);
      if (url.startsWith('/v1/agent_groups/')) return String(victim.groupId);
      if (url.startsWith('/v1/agent_staffs/')) return victim.staffId;
      if (url.startsWith('/v1/notifications/')) return String(victim.notificationId);
      if (url.startsWith('/v1/outbox-mails/')) return ids.anyUuid;
      if (url.startsWith('/v1/api-keys/')) return String(victim.apiKeyId);
      return '1';
    }
    // Timetable, pricing, inventory and other master data (operator-only routes): any valid value will do.
    if (/date|day$/.test(name)) return '2027-06-10';
    if (name === 'year') return '2027';
    if (name === 'month' || name === 'year_month') return name === 'month' ? '6' : '2027-06';
    if (/_ids?$|Ids?$/.test(name)) return '1';
    throw new Error(`authorization matrix: no value for :${name} in ${url}; add one to fill()`);
  });
}

/**
 * Valid bodies for the calls an agent may make on its own data, so that a refusal comes from
 * the tenant check and not from validation. A new agent-reachable route needs one here.
 */
const BODIES: Record<string, unknown> = {
  'POST /v1/bookings/:booking_id/notes': { note: '他社からのメモ', is_private: false },
  'POST /v1/notes/:note_id': { note: '書き換え', is_private: false },
  'POST /v1/bookings/:booking_id/cancel': { agree_cancellation_policy: true },
  'POST /v1/bookings/:booking_id/confirm_cancellation': undefined,
  'POST /v1/bookings/:booking_id/decline_cancellation': { reason: '他社からの取り下げ' },
  'PUT /v1/bookings/:booking_id/params': {
    applicant: { name: 'x', email: 'x@example.com', phone_number: '1' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: 'x', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: '2027-06-10', service_id: 1, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 3 }], wheel_chairs: [] },
    note: '',
  },
  'PUT /v1/bookings/:booking_id/change-seat': { token: 'not-the-token', service: { service_day: '2027-06-10', service_id: 1, manual: { seats: [] } }, mutation_id: 'm' },
  'DELETE /v1/notifications/:notification_id': undefined,
  'PUT /v1/notifications/:notification_id/read': undefined,
  'PUT /v1/agents/:id': {
    name_ja: 'x', name_kana: '', name_en: '', name_origin: '', main_admin_name: 'x', main_admin_tel: '', root_group_fax: '', country_code: 'JPN',
    agent_type: 'FREE', payment_day: null, payment_day_end_of_month: true, billing_day: null, billing_day_end_of_month: true, ignore_cancellation_policy: false, require_totp: false,
  },
  'DELETE /v1/agents/:id': undefined,
  'POST /v1/agent_staffs/:id/unenroll_totp': undefined,
  'PUT /v1/agents/:id/two_factor': { require_totp: true },
  'PUT /v1/agent_staffs/:id': { group_id: 1, name: 'x', tel: '', language_code: 'ja', staff_type: 'STAFF' },
  'DELETE /v1/agent_staffs/:id': undefined,
  'POST /v1/agent_staffs/:id/send_password_reset_email': undefined,
  'PUT /v1/agent_groups/:id': { name_ja: 'x', name_kana: '', name_en: '', name_origin: '', fax: '', main_admin_name: 'x', main_admin_tel: '' },
  'DELETE /v1/agent_groups/:id': undefined,
  'DELETE /v1/api-keys/:id': undefined,
  'POST /v1/bookings/:booking_id/payments/:payment_id/checkout': undefined,
  'POST /v1/bookings/:booking_id/payments/:payment_id/report_coupon': { coupon_number: 'CP-1' },
};

/** A digest of every row a call could change. */
async function snapshot(): Promise<string> {
  const tables = ['agent_settlements', 'group_settlements', 'bookings', 'booking_services', 'booking_units', 'booking_notes', 'booking_histories', 'notifications', 'payments', 'payment_attempts', 'payment_transactions', 'seat_assignments', 'agents', 'agent_groups', 'agent_staffs', 'accounts', 'inventory_counters', 'outbox_mails', 'api_keys'];
  const parts: string[] = [];
  for (const table of tables) {
    const r = (await ctx.database.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from ${table} x`))) as unknown as { rows: { d: string }[] };
    parts.push(`${table}=${r.rows[0]!.d}`);
  }
  return parts.join('\n');
}

async function callAll(headers: Headers, victim: Victim, which: (route: RegisteredRoute) => boolean): Promise<{ route: string; status: number; body: string }[]> {
  const results = [];
  for (const route of routes.filter(which)) {
    const key = `${route.method} ${route.url}`;
    const payload = key in BODIES ? BODIES[key] : ['POST', 'PUT', 'DELETE'].includes(route.method) ? {} : undefined;
    // The group's calls carry a token: a wrong one, as a caller without it would send.
    const query = /\/(summary|Voucher|seats|invoices\/:payment_id)$/.test(route.url) || route.url === '/v1/bookings/:booking_id' ? '?token=not-the-token' : '';
    const res = await ctx.app.inject({ method: route.method as 'GET', url: `${fill(route.url, victim)}${query}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    results.push({ route: key, status: res.statusCode, body: res.body.slice(0, 200) });
  }
  return results;
}

const idBearing = (r: RegisteredRoute) => r.url.includes(':') && (r.url.startsWith('/v1/') || r.url.startsWith('/voucher/'));
/** Ids of one tenant's data: bookings and what hangs off them, agents, branches, staff, mails, users. */
const tenantBearing = (r: RegisteredRoute) =>
  /:(booking_id|note_id|notification_id|uid|agent_settlement_id|group_settlement_id)\b/.test(r.url) || /^\/v1\/(agents|agent_groups|agent_staffs|outbox-mails|api-keys)\/:id/.test(r.url) || r.url.startsWith('/voucher/');
/** Id-bearing routes open to everyone signed in (or to anyone) whose ids are shared reference data, not a tenant's. */
const SHARED_REFERENCE = new Set([
  'GET /v1/pricing/:date',
  'GET /v1/products/:id',
  'GET /v1/daily-services/:date',
  'GET /v1/services-pattern-calendar/:year_month',
  'GET /v1/search-inventory/:date/:arrangement_type_ids',
  'GET /v1/allotments/calendar/:year/:month',
  'GET /v1/allotments/:service_day',
  'GET /v1/inventories/:date/services/:service_id',
  // Dashboard articles and their attachments: the operator's, read by every signed-in user.
  'GET /v1/messages/:message_id',
  'GET /v1/messages/:message_id/attachments/:attachment_id',
]);
/**
 * The card provider's own surface: the sandbox's hosted-page calls, whose id is the provider's
 * random checkout reference (the page's bearer, as a real provider's session id), and the signed
 * webhook inbox. Neither carries a tenant's id.
 */
const PROVIDER_SURFACE = new Set([
  'GET /v1/sandbox-gateway/checkouts/:ref',
  'POST /v1/sandbox-gateway/checkouts/:ref/pay',
  'POST /v1/sandbox-gateway/checkouts/:ref/confirm',
  'POST /v1/payment-webhooks/:gateway',
]);
const operatorOnly = (r: RegisteredRoute) => r.access === undefined || r.access === 'operator' || r.access === 'backOffice' || r.access === 'admin';
const backOfficeOnly = (r: RegisteredRoute) => r.url.startsWith('/v1/') && (r.access === undefined || r.access === 'backOffice' || r.access === 'admin');
/** Routes an agent may call at all (their own data): here they get another tenant's ids. */
const agentReachable = (r: RegisteredRoute) => idBearing(r) && !operatorOnly(r) && tenantBearing(r);

beforeAll(async () => {
  ctx = await createTestApp();
  routes = ctx.app.registeredRoutes;
  staff = await ctx.login('staff@example.com');
});
afterAll(() => ctx.close());

describe('authorization matrix over every id-bearing route', () => {
  it('finds the routes from the server itself', () => {
    const bearing = routes.filter(idBearing);
    expect(bearing.length).toBeGreaterThan(60);
    expect(bearing.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /v1/bookings/:booking_id', 'PUT /v1/agent_staffs/:id', 'POST /v1/bookings/:booking_id/cancel']));
    // Every id-bearing route an agent may call is either about a tenant's data or listed as shared reference data.
    const unclassified = routes.filter((r) => idBearing(r) && !operatorOnly(r) && !tenantBearing(r) && !SHARED_REFERENCE.has(`${r.method} ${r.url}`) && !PROVIDER_SURFACE.has(`${r.method} ${r.url}`));
    expect(unclassified.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Every agent-reachable mutating route has a valid body here (or none is needed).
    const missing = routes.filter((r) => agentReachable(r) && r.method !== 'GET' && !(`${r.method} ${r.url}` in BODIES) && !r.url.includes('/voucher'));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("an agent admin reaches nothing of another agent's, and nothing changes", async () => {
    const victim = await victimOf('agent-contracted@example.com');
    const attacker = await ctx.login('agent-free@example.com');
    const before = await snapshot();
    const results = await callAll(attacker, victim, agentReachable);
    const leaked = results.filter((r) => r.status !== 403 && r.status !== 404);
    expect(leaked).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
    expect(await snapshot()).toBe(before);
  });

  it("a branch admin reaches nothing of a sibling branch's (the head office's) and nothing changes", async () => {
    const victim = await victimOf('agent-free@example.com');
    const attacker = await ctx.login('branch-free@example.com');
    const before = await snapshot();
    const results = await callAll(attacker, victim, agentReachable);
    // The agent record itself is readable by every staff member of the agent; everything of the other branch is not.
    const leaked = results.filter((r) => r.status !== 403 && r.status !== 404 && r.route !== 'GET /v1/agents/:id');
    expect(leaked).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('an agent calling an operator-only route, and a station user calling a back-office route, are refused', async () => {
    const victim = await victimOf('agent-special@example.com');
    const agent = await ctx.login('agent-special@example.com');
    const station = await ctx.login('station@example.com');
    const before = await snapshot();
    const byAgent = await callAll(agent, victim, (r) => idBearing(r) && operatorOnly(r));
    expect(byAgent.filter((r) => r.status !== 403)).toEqual([]);
    const byStation = await callAll(station, victim, (r) => idBearing(r) && backOfficeOnly(r));
    expect(byStation.filter((r) => r.status !== 403)).toEqual([]);
    expect(byAgent.length + byStation.length).toBeGreaterThan(60);
    expect(await snapshot()).toBe(before);
  });
});
