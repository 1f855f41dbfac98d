/**
 * Instant confirmation by the operator's rules (issue 37, ADR 037): rules are master data with
 * approval (created and changed once a second person approves, turned off at once); a booking
 * request that meets an enabled rule is reserved and confirmed (and seated, if the rule says) in
 * the request that submits it, by the manual steps' code: held counters, history revisions,
 * outbox mail, notifications and the operation log. Each condition failing alone, or reserving
 * refused, leaves the booking SUBMITTED for the operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CreateBookingBody } from '@sagano/domain/bookings/booking-schemas';
import { daysBetween } from '@sagano/domain/common/business-date';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { runningClock } from '../src/lib/clock.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { runApprovalJob } from '../src/modules/approvals/approval.jobs.ts';
import { findAccountByEmail, sessionUserOf, type Principal } from '../src/modules/auth/index.ts';
import { createBookingsService } from '../src/modules/bookings/index.ts';
import { createInstantConfirmationService, enabledRulesFromJson, enabledRulesJsonSql } from '../src/modules/instant-confirmation/index.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, WHEELCHAIR, openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let admin: { authorization: string };
let agent: { authorization: string };
let agentIds: Record<string, number>;
let apiKey: { authorization: string };

/**
 * The file's clock: running, from two months before the fixture's days, so a rule can reach them
 * (min_days_ahead is at most 3,660 days) whatever year the suite runs in.
 */
const clock = runningClock('2058-03-09T10:00:00+09:00');

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ clock }));
  admin = await ctx.login('admin@example.com');
  agent = await ctx.login('agent-free@example.com');
  const groups = await ctx.database.db.select().from(t.agentGroups);
  const root = groups.find((g) => g.agentId === agentIds.FREE && g.isRoot)!.id;
  const key = await ctx.app.inject({ method: 'POST', url: '/v1/api-keys', headers: agent, payload: { name: '基幹システム', group_id: root } });
  expect(key.statusCode, key.body).toBe(200);
  apiKey = { authorization: `Bearer ${key.json().key}` };
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: { authorization: string }, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

type Channel = 'PORTAL' | 'API' | 'OCTO' | 'BACK_OFFICE';
interface RuleBody {
  name: string;
  agent_ids: number[] | null;
  channels: Channel[];
  max_participants: number;
  min_days_ahead: number;
  only_sufficient_level: boolean;
  auto_assign_seats: boolean;
}

const daysAhead = () => daysBetween(clock.today(), fx.days[0]!);

/** A rule every test request below meets: the free agent on its screen, 20 people, as far ahead as the fixture's first day. */
const wide = (overrides: Partial<RuleBody> = {}): RuleBody => ({
  name: '二十名まで即時確定',
  agent_ids: [agentIds.FREE!],
  channels: ['PORTAL', 'API'],
  max_participants: 20,
  min_days_ahead: daysAhead(),
  only_sufficient_level: true,
  auto_assign_seats: false,
  ...overrides,
});

/** Submitted by the operator's admin, approved by staff, applied by the approval job: answers the rule's id. */
async function approvedRule(body: RuleBody): Promise<number> {
  const submitted = await call('POST', '/v1/instant-confirmation-rules', admin, body);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approvalId = submitted.json().approval_id as number;
  expect((await call('PUT', `/v1/approvals/${approvalId}/approve`, staff, { reason: '' })).statusCode).toBe(200);
  expect(await runApprovalJob(ctx.database.db, approvalId)).toBe('DONE');
  const rules = (await call('GET', '/v1/instant-confirmation-rules', staff)).json().instant_confirmation_rules as { id: number; name: string }[];
  return rules.filter((r) => r.name === body.name).at(-1)!.id;
}

async function disable(id: number) {
  const res = await call('POST', `/v1/instant-confirmation-rules/${id}/disable`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Turns every rule off: each test starts from none. */
async function noRules() {
  const rules = (await call('GET', '/v1/instant-confirmation-rules', staff)).json().instant_confirmation_rules as { id: number; enabled: boolean }[];
  for (const r of rules) if (r.enabled) await disable(r.id);
}

function bookingBody(people: number, day = fx.days[0]!, name = '嵐山ツアー') {
  return {
    applicant: { name: '山田 花子', email: 'hanako@example.com', phone_number: '06-1111-2222' },
    tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 27 },
    service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: people }], wheel_chairs: [] },
    agent_id: agentIds.FREE,
  };
}

async function submit(headers: { authorization: string }, people: number, day?: string, agentId?: number): Promise<string> {
  const body = { ...bookingBody(people, day), ...(agentId ? { agent_id: agentId } : {}) };
  const res = await call('POST', '/v1/bookings', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}

async function booking(id: string) {
  const res = await call('GET', `/v1/bookings/${id}`, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function heldOn(day: string): Promise<number> {
  const [row] = rowsOf<{ held: number }>(
    await ctx.database.db.execute(sql`select coalesce(max(held), 0)::int as held from inventory_counters where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`),
  );
  return row!.held;
}

async function writesOf(bookingId: string) {
  const [row] = rowsOf<{ revisions: number; mails: number; confirmed: number; logs: string[] }>(
    await ctx.database.db.execute(sql`
      select (select count(*)::int from booking_histories h where h.booking_id = b.id) as revisions,
             (select count(*)::int from outbox_mails m where m.booking_id = b.booking_id and m.kind = 'booking.ok') as mails,
             (select count(*)::int from notifications n where n.booking_id = b.id and n.kind = 'BOOKING_CONFIRMED') as confirmed,
             (select coalesce(array_agg(l.operation order by l.id), '{}') from operation_logs l where l.booking_id = b.booking_id) as logs
      from bookings b where b.booking_id = ${bookingId}`),
  );
  return row!;
}

describe('instant confirmation rules as master data', () => {
  it('a new rule waits for approval by someone else, then applies; a change too; turning it off is at once and logged', async () => {
    await noRules();
    const body = wide({ name: '承認待ちの規則' });
    const submitted = await call('POST', '/v1/instant-confirmation-rules', admin, body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approvalId = submitted.json().approval_id;
    let list = (await call('GET', '/v1/instant-confirmation-rules', staff)).json();
    expect(list.instant_confirmation_rules.some((r: { name: string }) => r.name === body.name)).toBe(false);
    expect(list.pending_rules).toContainEqual(expect.objectContaining({ approval_id: approvalId, status: 'SUBMITTED', rule: expect.objectContaining({ name: body.name }) }));
    // Nothing applies yet: a request that meets it waits.
    expect((await booking(await submit(agent, 12))).status).toBe('SUBMITTED');
    expect(errorOf(await call('PUT', `/v1/approvals/${approvalId}/approve`, admin, {})).error_code).toBe('APPROVAL_OWN_REQUEST');
    expect((await call('PUT', `/v1/approvals/${approvalId}/approve`, staff, {})).statusCode).toBe(200);
    expect(await runApprovalJob(ctx.database.db, approvalId)).toBe('DONE');
    list = (await call('GET', '/v1/instant-confirmation-rules', staff)).json();
    const rule = list.instant_confirmation_rules.find((r: { name: string }) => r.name === body.name);
    expect(rule).toMatchObject({ enabled: true, version: 1, channels: ['PORTAL', 'API'], max_participants: 20, pending_change: null });
    expect(list.pending_rules).toEqual([]);

    // A change waits too; until approved the rule stands as it was.
    const change = await call('PUT', `/v1/instant-confirmation-rules/${rule.id}`, admin, { ...body, max_participants: 15 });
    expect(change.statusCode, change.body).toBe(200);
    const pending = (await call('GET', `/v1/instant-confirmation-rules/${rule.id}`, staff)).json();
    expect(pending).toMatchObject({ max_participants: 20, pending_change: { approval_id: change.json().approval_id, rule: { max_participants: 15 } } });
    await call('PUT', `/v1/approvals/${change.json().approval_id}/approve`, staff, {});
    expect(await runApprovalJob(ctx.database.db, change.json().approval_id)).toBe('DONE');
    expect((await call('GET', `/v1/instant-confirmation-rules/${rule.id}`, staff)).json()).toMatchObject({ max_participants: 15, version: 2, pending_change: null });

    const off = await disable(rule.id);
    expect(off).toMatchObject({ enabled: false, version: 3 });
    const [log] = rowsOf<{ operation: string; operator: string }>(
      await ctx.database.db.execute(sql`select operation, operator from operation_logs where operation = 'instant_confirmation_rules.disable' order by id desc limit 1`),
    );
    expect(log).toEqual({ operation: 'instant_confirmation_rules.disable', operator: 'admin@example.com' });
    expect((await booking(await submit(agent, 12))).status).toBe('SUBMITTED');
  });

  it('only the operator\'s admins write rules; the back office reads them; bad input names its field and writes nothing', async () => {
    expect((await call('POST', '/v1/instant-confirmation-rules', staff, wide())).statusCode).toBe(403);
    expect((await call('POST', '/v1/instant-confirmation-rules', agent, wide())).statusCode).toBe(403);
    expect((await call('GET', '/v1/instant-confirmation-rules', agent)).statusCode).toBe(403);
    const [before] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from approvals`));
    for (const [field, body] of [
      ['channels', wide({ channels: [] })],
      ['max_participants', wide({ max_participants: 0 })],
      ['min_days_ahead', wide({ min_days_ahead: -1 })],
      ['agent_ids', wide({ agent_ids: [] })],
      ['name', wide({ name: ' ' })],
    ] as const) {
      const res = await call('POST', '/v1/instant-confirmation-rules', admin, body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).error_description, field).toContain(field);
    }
    const bad = await call('POST', '/v1/instant-confirmation-rules', admin, { ...wide(), channels: ['FAX'] });
    expect(bad.statusCode).toBe(400);
    const [after] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from approvals`));
    expect(after!.n).toBe(before!.n);
    expect((await call('PUT', '/v1/instant-confirmation-rules/999999', admin, wide())).statusCode).toBe(404);
    expect((await call('POST', '/v1/instant-confirmation-rules/999999/disable', admin)).statusCode).toBe(404);
  });
});

describe('instant confirmation of a booking request', () => {
  it('reserves and confirms a request meeting a rule in the submitting request, writing what the manual steps write', async () => {
    await noRules();
    const ruleId = await approvedRule(wide({ name: '即時確定（基本）' }));
    const heldBefore = await heldOn(fx.days[0]!);
    const id = await submit(agent, 12);
    const b = await booking(id);
    expect(b).toMatchObject({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', channel: 'PORTAL', instant_confirmation_rule: { id: ruleId, name: '即時確定（基本）' } });
    expect(await heldOn(fx.days[0]!)).toBe(heldBefore + 12);
    // CREATE, reserve_allotments, confirm_booking: the same three revisions as submit then "reserve".
    const writes = await writesOf(id);
    expect(writes).toMatchObject({ revisions: 3, mails: 1, confirmed: 1 });
    expect(writes.logs).toEqual(['bookings.instant_confirm']);
    expect(b.main_param_histories.map((h: { status: string | null }) => h.status)).toEqual(['SUBMITTED', 'SUBMITTED', 'RESERVED']);
    // The list row shows it too.
    const list = (await call('GET', `/v1/bookings/service_orders/search?booking_id=${id}`, staff)).json();
    expect(list.service_orders[0]).toMatchObject({ booking_id: id, status: 'RESERVED', channel: 'PORTAL', instant_confirmation_rule: { id: ruleId } });
    // The agent sees which rule confirmed it.
    expect((await call('GET', `/v1/bookings/${id}`, agent)).json().instant_confirmation_rule).toEqual({ id: ruleId, name: '即時確定（基本）' });
  });

  it.each([
    ['agent', () => ({ agentId: agentIds.CONTRACTED })],
    ['channel', () => ({ headers: staff })],
    ['participants', () => ({ people: 21 })],
    ['days_ahead', () => ({ rule: { min_days_ahead: daysAhead() + 1 } })],
  ] as const)('keeps the request SUBMITTED when only the %s condition fails', async (_condition, setup) => {
    await noRules();
    const s = setup() as { agentId?: number; headers?: { authorization: string }; people?: number; rule?: Partial<RuleBody> };
    await approvedRule(wide({ name: `条件 ${_condition}`, ...s.rule }));
    const heldBefore = await heldOn(fx.days[0]!);
    const id = await submit(s.headers ?? (s.agentId ? staff : agent), s.people ?? 12, undefined, s.agentId);
    const b = await booking(id);
    expect(b).toMatchObject({ status: 'SUBMITTED', sub_status: 'INITIAL', instant_confirmation_rule: null });
    expect(await heldOn(fx.days[0]!)).toBe(heldBefore);
    expect((await writesOf(id)).revisions).toBe(1);
  });

  it('the agent condition: another agent\'s request waits, staff entering it for the listed agent is a BACK_OFFICE request', async () => {
    await noRules();
    await approvedRule(wide({ name: '窓口入力も可', channels: ['BACK_OFFICE'] }));
    const mine = await booking(await submit(staff, 12));
    expect(mine).toMatchObject({ status: 'RESERVED', channel: 'BACK_OFFICE' });
    const other = await booking(await submit(staff, 12, undefined, agentIds.CONTRACTED));
    expect(other).toMatchObject({ status: 'SUBMITTED', channel: 'BACK_OFFICE', instant_confirmation_rule: null });
  });

  it('the level condition: a train with few seats left (FEW) waits under an only-SUFFICIENT rule, and is confirmed by a rule that allows it', async () => {
    await noRules();
    const day = fx.days[1]!;
    // 20 group seats left on every leg: FEW (under 30), room for the group.
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 20 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const strict = await approvedRule(wide({ name: '余裕のある列車のみ' }));
    const waiting = await booking(await submit(agent, 12, day));
    expect(waiting).toMatchObject({ status: 'SUBMITTED', instant_confirmation_rule: null });
    await disable(strict);
    const anyLevel = await approvedRule(wide({ name: '残席僅少でも可', only_sufficient_level: false }));
    const confirmed = await booking(await submit(agent, 8, day));
    expect(confirmed).toMatchObject({ status: 'RESERVED', instant_confirmation_rule: { id: anyLevel } });
  });

  it('reserving refused (no wheelchair place left) leaves the booking SUBMITTED for the operator: nothing held, mailed or logged for it', async () => {
    await noRules();
    const day = fx.days[0]!;
    await approvedRule(wide({ name: '車椅子の確認' }));
    // The group seats are there (the request is accepted), the wheelchair places are all taken.
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${WHEELCHAIR}`);
    try {
      const heldBefore = await heldOn(day);
      const res = await call('POST', '/v1/bookings', agent, { ...bookingBody(12, day), participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 12 }], wheel_chairs: [{ need_slope: true }] } });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().booking_id as string;
      expect(await booking(id)).toMatchObject({ status: 'SUBMITTED', sub_status: 'INITIAL', instant_confirmation_rule: null });
      expect(await heldOn(day)).toBe(heldBefore);
      expect(await writesOf(id)).toMatchObject({ revisions: 1, mails: 0, confirmed: 0, logs: [] });
    } finally {
      await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${WHEELCHAIR}`);
    }
  });

  it('an API key\'s request is the API channel; a rule for the agent screen only leaves it waiting', async () => {
    await noRules();
    const portalOnly = await approvedRule(wide({ name: '画面からのみ', channels: ['PORTAL'] }));
    const viaKey = await booking(await submit(apiKey, 12));
    expect(viaKey).toMatchObject({ status: 'SUBMITTED', channel: 'API', instant_confirmation_rule: null });
    await disable(portalOnly);
    await approvedRule(wide({ name: 'API から', channels: ['API'] }));
    expect(await booking(await submit(apiKey, 12))).toMatchObject({ status: 'RESERVED', channel: 'API' });
  });

  it('a rule that seats automatically seats the group as the staff\'s automatic assignment does', async () => {
    await noRules();
    await approvedRule(wide({ name: '座席も自動', auto_assign_seats: true }));
    const id = await submit(agent, 12);
    const b = await booking(id);
    expect(b).toMatchObject({ status: 'RESERVED', sub_status: 'SAGANO_SEAT_ASSIGNING' });
    const seats = (await call('GET', `/v1/bookings/${id}/seats`, staff)).json();
    const given = JSON.stringify(seats).match(/"seat_id"/g)?.length ?? 0;
    expect(given).toBeGreaterThanOrEqual(12);
    expect((await writesOf(id)).revisions).toBe(4);
  });

  it('a replayed request (same external_idempotent_id) answers its booking and is not tried again', async () => {
    await noRules();
    await approvedRule(wide({ name: '再送' }));
    const body = { ...bookingBody(12), external_idempotent_id: 'instant-replay-1' };
    const first = await call('POST', '/v1/bookings', agent, body);
    const again = await call('POST', '/v1/bookings', agent, body);
    expect(again.json().booking_id).toBe(first.json().booking_id);
    expect((await writesOf(first.json().booking_id)).revisions).toBe(3);
  });
});

describe('the submit service for other modules', () => {
  it('takes an explicit channel (the OCTO reseller API passes OCTO), and applyInstantConfirmation is the front door to try the rules again', async () => {
    await noRules();
    const octoRule = await approvedRule(wide({ name: 'OCTO 経由', channels: ['OCTO'] }));
    const account = (await findAccountByEmail(ctx.database.db, 'agent-free@example.com'))!;
    const principal: Principal = { accountId: account.id, sessionId: 'test', csrfToken: '', viaCookie: false, expiresAt: new Date(clock.now().getTime() + 60_000), user: sessionUserOf(account) };
    const rules = createInstantConfirmationService({ db: ctx.database.db, approvals: { submit: () => Promise.reject(new Error('not used')) } });
    const bookings = createBookingsService({ db: ctx.database.db, publicUrl: 'http://localhost', clock, enabledRules: rules.enabledRules });
    const { booking_id } = await inTransaction(ctx.database.db, (work) => bookings.submit(work, principal, CreateBookingBody.parse(bookingBody(12)), 'OCTO'));
    expect(await booking(booking_id)).toMatchObject({ status: 'RESERVED', channel: 'OCTO', instant_confirmation_rule: { id: octoRule } });

    // Submitted while no rule held, then tried again through the front door once one does.
    await disable(octoRule);
    const { booking_id: later } = await inTransaction(ctx.database.db, (work) => bookings.submit(work, principal, CreateBookingBody.parse(bookingBody(12)), 'OCTO'));
    expect((await booking(later)).status).toBe('SUBMITTED');
    const again = await approvedRule(wide({ name: 'OCTO 経由（再）', channels: ['OCTO'] }));
    const outcome = await inTransaction(ctx.database.db, (work) => bookings.applyInstantConfirmation(work, later));
    expect(outcome).toEqual({ rule: { id: again, name: 'OCTO 経由（再）' }, seated: false });
    expect(await booking(later)).toMatchObject({ status: 'RESERVED', channel: 'OCTO' });
    // A booking already answered is left alone.
    expect(await inTransaction(ctx.database.db, (work) => bookings.applyInstantConfirmation(work, later))).toBeNull();
  });

  it("the rules a submission reads with its other checks (one JSON array in the submit read) are the rules' own lookup, column for column", async () => {
    await noRules();
    await approvedRule(wide({ name: '一括読みの確認 1', agent_ids: [agentIds.FREE!] }));
    await approvedRule(wide({ name: '一括読みの確認 2', channels: ['OCTO'] }));
    const rules = createInstantConfirmationService({ db: ctx.database.db, approvals: { submit: () => Promise.reject(new Error('not used')) } });
    const looked = await rules.enabledRules(ctx.database.db);
    expect(looked.map((r) => r.name)).toEqual(['一括読みの確認 1', '一括読みの確認 2']);
    const [row] = rowsOf<{ rules: Record<string, unknown>[] }>(await ctx.database.db.execute(sql`select ${enabledRulesJsonSql} as rules`));
    const read = enabledRulesFromJson(row!.rules);
    expect(read).toEqual(looked);
    expect(read[0]!.createdAt).toBeInstanceOf(Date);
    expect(read[0]!.agentIds).toEqual([agentIds.FREE]);
  });
});
