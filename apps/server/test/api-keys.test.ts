/**
 * API keys for agents' systems (issue 21): an agent admin creates, lists and revokes them; a key
 * signs calls in as staff of its branch, never reaches operator or account routes, is rate
 * limited per key, and every call it makes is logged under its name. The key is never stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

const RATE_LIMIT = 25;

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let admin: { authorization: string };
let otherAdmin: { authorization: string };
let branchStaff: { authorization: string };
let agentId: number;
let rootGroup: number;
let branch: number;
let otherAgentGroup: number;

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } }));
  agentId = agentIds.FREE!;
  const groups = await ctx.database.db.select().from(t.agentGroups);
  rootGroup = groups.find((g) => g.agentId === agentId && g.isRoot)!.id;
  branch = groups.find((g) => g.agentId === agentId && !g.isRoot)!.id;
  otherAgentGroup = groups.find((g) => g.agentId === agentIds.CONTRACTED)!.id;
  admin = await ctx.login('agent-free@example.com');
  otherAdmin = await ctx.login('agent-contracted@example.com');
  branchStaff = await ctx.login('branch-free@example.com');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function createKey(name: string, groupId = branch): Promise<{ id: number; key: string }> {
  const res = await call('POST', '/v1/api-keys', admin, { name, group_id: groupId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    applicant: { name: '山田 花子', email: 'hanako@example.com', phone_number: '06-1111-2222' },
    group: { group_type: 'NORMAL', name: '大阪ツアー', name_kana: '', country_code: 'JPN', japan_prefecture_code: 27 },
    service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 12 }], wheel_chairs: [] },
    agent_id: agentId,
    ...overrides,
  };
}

describe('managing keys in the portal', () => {
  it('creates a key shown once, stores only its digest, and logs the call without it', async () => {
    const res = await call('POST', '/v1/api-keys', admin, { name: '基幹システム', group_id: branch });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created.key).toMatch(/^sgk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: '基幹システム', group_id: branch, prefix: created.key.slice(0, 12), created_by: 'agent-free@example.com', last_used_at: null, revoked_at: null });

    const list = (await call('GET', '/v1/api-keys', admin)).json().api_keys;
    const row = list.find((k: { id: number }) => k.id === created.id);
    expect(row).toMatchObject({ name: '基幹システム', group_name: '大阪支店', prefix: created.prefix });
    expect(row.key).toBeUndefined();

    // The table keeps the SHA-256 and the first characters only; the log keeps neither the key nor its digest.
    const [stored] = await ctx.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, created.id));
    expect(stored!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'api_keys.create'));
    expect(log).toMatchObject({ operator: 'agent-free@example.com', isError: false });
    expect(JSON.stringify(log)).not.toContain(created.key.slice(4));
    expect((log!.responseJson as { key: string }).key).toBe('[REDACTED]');
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await ctx.database.db.$count(t.apiKeys);
    for (const [payload, field] of [
      [{ name: '', group_id: branch }, 'name'],
      [{ name: 'x'.repeat(101), group_id: branch }, 'name'],
      [{ name: 'x', group_id: 'a' }, 'group_id'],
      [{ name: 'x', group_id: otherAgentGroup }, 'group_id'],
      [{ name: 'x' }, 'group_id'],
    ] as const) {
      const res = await call('POST', '/v1/api-keys', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    expect(await ctx.database.db.$count(t.apiKeys)).toBe(before);
  });

  it('is for the agent admin only: branch staff and the back office are refused, another agent sees 404', async () => {
    expect((await call('GET', '/v1/api-keys', branchStaff)).statusCode).toBe(403);
    expect((await call('POST', '/v1/api-keys', branchStaff, { name: 'x', group_id: branch })).statusCode).toBe(403);
    expect((await call('GET', '/v1/api-keys', staff)).statusCode).toBe(403);
    const { id } = await createKey('他社に見えない鍵');
    expect((await call('DELETE', `/v1/api-keys/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/v1/api-keys', otherAdmin)).json().api_keys.map((k: { id: number }) => k.id)).not.toContain(id);
    const [row] = await ctx.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe("a key used by the agent's system", () => {
  it('calculates, submits with external_idempotent_id, reads its booking; every call logged under its name', async () => {
    const { id, key } = await createKey('予約連携');
    const calc = await call('POST', '/v1/bookings/calculate_amount', bearer(key), { group_type: 'NORMAL', participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 12 }] }, service_days: [fx.days[0]] });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json().participant_quantity).toBe(12);

    const first = await call('POST', '/v1/bookings', bearer(key), bookingBody({ external_idempotent_id: 'SYS-0001' }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/v1/bookings', bearer(key), bookingBody({ external_idempotent_id: 'SYS-0001' }));
    expect(again.json().booking_id).toBe(first.json().booking_id);
    const bookingId = first.json().booking_id as string;

    const read = await call('GET', `/v1/bookings/${bookingId}`, bearer(key));
    expect(read.statusCode, read.body).toBe(200);
    // It booked for its branch, and reads the spec's flags.
    expect(read.json()).toMatchObject({ agent_sub_group_id: branch, status: 'SUBMITTED', can_cancel: true, can_update: false, main_params: { service_order: { is_candidate: true } } });

    const logs = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operator, 'api-key:予約連携'));
    expect(logs.map((l) => l.operation)).toEqual(expect.arrayContaining(['bookings.submit', 'GET /v1/bookings/:booking_id']));
    expect(logs.find((l) => l.operation === 'GET /v1/bookings/:booking_id')).toMatchObject({ bookingId, isError: false, responseJson: null });
    for (const log of logs) expect(JSON.stringify(log)).not.toContain(key.slice(4));

    const [row] = await ctx.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    // The history names the key too.
    expect(read.json().main_param_histories[0].created_by).toBe('api-key:予約連携');
  });

  it("sees its branch's bookings only: the head office's and another agent's answer 404", async () => {
    const { key } = await createKey('支店の鍵');
    const headOffice = await call('POST', '/v1/bookings', staff, bookingBody({ agent_sub_group_id: rootGroup }));
    const otherAgents = await call('POST', '/v1/bookings', otherAdmin, bookingBody({ agent_id: (await ctx.database.db.select().from(t.agentGroups).where(eq(t.agentGroups.id, otherAgentGroup)))[0]!.agentId }));
    expect(headOffice.statusCode, headOffice.body).toBe(200);
    expect(otherAgents.statusCode, otherAgents.body).toBe(200);
    for (const bookingId of [headOffice.json().booking_id, otherAgents.json().booking_id]) {
      expect((await call('GET', `/v1/bookings/${bookingId}`, bearer(key))).statusCode).toBe(404);
      expect((await call('POST', `/v1/bookings/${bookingId}/cancel`, bearer(key), { agree_cancellation_policy: true })).statusCode).toBe(404);
    }
    const list = (await call('GET', '/v1/bookings/service_orders/search', bearer(key))).json();
    expect(list.service_orders.every((r: { agent_sub_group_name: string }) => r.agent_sub_group_name === '大阪支店')).toBe(true);
    // Booking for another branch is refused.
    expect((await call('POST', '/v1/bookings', bearer(key), bookingBody({ agent_sub_group_id: rootGroup }))).statusCode).toBe(403);
  });

  it('never reaches operator routes nor account management (403)', async () => {
    const { key } = await createKey('権限確認');
    const bookingId = (await call('POST', '/v1/bookings', bearer(key), bookingBody())).json().booking_id;
    for (const [method, url, payload] of [
      ['POST', `/v1/bookings/${bookingId}/reserve_allotments`, undefined],
      ['POST', `/v1/bookings/${bookingId}/reserve`, undefined],
      ['GET', '/v1/agents', undefined],
      ['GET', '/v1/users', undefined],
      ['GET', '/v1/api-keys', undefined],
      ['POST', '/v1/api-keys', { name: 'x', group_id: branch }],
      ['PUT', '/v1/auth/password', { current_password: 'x', new_password: 'Xy1!xxxxxx' }],
      ['POST', '/v1/auth/totp/setup', undefined],
      ['GET', '/v1/auth/me', undefined],
      ['GET', `/v1/agents/${agentId}`, undefined],
      ['GET', '/v1/agent_staffs', undefined],
      ['POST', '/v1/agent_staffs', { email: 'new@example.com', name: 'x', group_id: branch, staff_type: 'ADMIN', tel: '', language_code: 'ja' }],
    ] as const) {
      const res = await call(method, url, bearer(key), payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect(await ctx.database.db.$count(t.apiKeys, eq(t.apiKeys.name, 'x'))).toBe(0);
  });

  it('once revoked answers 401; an unknown key too', async () => {
    const { id, key } = await createKey('廃止予定');
    expect((await call('GET', '/v1/bookings/service_orders/search', bearer(key))).statusCode).toBe(200);
    const revoked = await call('DELETE', `/v1/api-keys/${id}`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id, revoked_by: 'agent-free@example.com' });
    expect(revoked.json().revoked_at).not.toBeNull();
    const after = await call('GET', '/v1/bookings/service_orders/search', bearer(key));
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).error_code).toBe('UNAUTHENTICATED');
    expect((await call('GET', '/v1/bookings/service_orders/search', bearer(`sgk_${'A'.repeat(43)}`))).statusCode).toBe(401);
    // A public call (the day's trains) refuses the revoked key too, rather than serving it as anonymous.
    const publicCall = await call('GET', '/v1/diagrams?date=2027-04-01', bearer(key));
    expect(publicCall.statusCode, publicCall.body).toBe(401);
    expect(errorOf(publicCall).error_code).toBe('UNAUTHENTICATED');
    expect((await call('GET', '/v1/diagrams?date=2027-04-01', {})).statusCode).toBe(200);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'api_keys.revoke'), eq(t.operationLogs.isError, false)));
    expect(log).toMatchObject({ operator: 'agent-free@example.com' });
  });

  it('is rate limited per key with the RATE_LIMITED answer; another key is not held back', async () => {
    const { key } = await createKey('連打');
    const { key: calm } = await createKey('穏やか');
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) statuses.push((await call('GET', '/v1/units', bearer(key))).statusCode);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const limited = await call('GET', '/v1/units', bearer(key));
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).error_code).toBe('RATE_LIMITED');
    expect((await call('GET', '/v1/units', bearer(calm))).statusCode).toBe(200);
    const rows = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(t.operationLogs).where(and(eq(t.operationLogs.operator, 'api-key:連打'), eq(t.operationLogs.statusCode, 429)));
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
