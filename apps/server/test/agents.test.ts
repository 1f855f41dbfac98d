import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { csvField } from '../src/modules/agents/agents-csv.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

type Headers = { authorization: string };

let ctx: TestApp;
let admin: Headers;
let sakuraAdmin: Headers; // agent-free@example.com: ADMIN of 京都さくら旅行's root group (agentAdmin)
let osakaStaff: Headers; // branch-free@example.com: STAFF of 京都さくら旅行's 大阪支店 (groupStaff)
let station: Headers;
const ids = { sakura: 0, sakuraRoot: 0, osaka: 0, arashiyama: 0, arashiyamaRoot: 0, rakusai: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.login('admin@example.com');
  sakuraAdmin = await ctx.login('agent-free@example.com');
  osakaStaff = await ctx.login('branch-free@example.com');
  station = await ctx.login('station@example.com');
  const agents = await ctx.database.db.select().from(t.agents);
  const groups = await ctx.database.db.select().from(t.agentGroups);
  const agentId = (name: string) => agents.find((a) => a.nameJa === name)!.id;
  ids.sakura = agentId('京都さくら旅行');
  ids.arashiyama = agentId('嵐山ツーリスト株式会社');
  ids.rakusai = agentId('洛西観光サービス');
  ids.sakuraRoot = groups.find((g) => g.agentId === ids.sakura && g.isRoot)!.id;
  ids.osaka = groups.find((g) => g.agentId === ids.sakura && !g.isRoot)!.id;
  ids.arashiyamaRoot = groups.find((g) => g.agentId === ids.arashiyama && g.isRoot)!.id;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function accountIdOf(email: string): Promise<string> {
  const [row] = await db().select({ id: t.accounts.id }).from(t.accounts).where(sql`lower(${t.accounts.email}) = lower(${email})`);
  return row!.id;
}

async function rowCounts() {
  const n = async (table: typeof t.accounts | typeof t.agents | typeof t.agentGroups | typeof t.agentStaffs | typeof t.outboxMails) =>
    (await db().select({ n: count() }).from(table))[0]!.n;
  return [await n(t.accounts), await n(t.agents), await n(t.agentGroups), await n(t.agentStaffs), await n(t.outboxMails)];
}

async function mailsTo(email: string) {
  return db().select().from(t.outboxMails).where(eq(t.outboxMails.toAddress, email));
}

/** Gives an invited account the demo password, as if the invitation had been used, and signs in. */
async function activate(email: string): Promise<Headers> {
  await db().execute(sql`update accounts set password_hash = (select password_hash from accounts where email = 'agent-free@example.com') where lower(email) = lower(${email})`);
  return ctx.login(email);
}

const newAgent = {
  name_ja: '比叡トラベル',
  name_kana: 'ヒエイトラベル',
  name_en: 'Hiei Travel',
  main_admin_email: 'hiei-admin@example.com',
  main_admin_name: '比叡 太郎',
  main_admin_tel: '075-222-3333',
  agent_type: 'CONTRACTED',
  root_group_fax: '075-222-3334',
};

const updateOf = (overrides: Record<string, unknown> = {}) => ({
  name_ja: '比叡トラベル株式会社',
  name_kana: 'ヒエイトラベル',
  name_en: 'Hiei Travel Co.',
  name_origin: '',
  main_admin_name: '比叡 次郎',
  main_admin_tel: '075-222-0000',
  root_group_fax: '075-222-9999',
  country_code: 'JPN',
  agent_type: 'SPECIAL_CONTRACTED',
  payment_day: 15,
  payment_day_end_of_month: false,
  billing_day: null,
  billing_day_end_of_month: true,
  ignore_cancellation_policy: true,
  require_totp: false,
  ...overrides,
});

const newBranch = (overrides: Record<string, unknown> = {}) => ({
  agent_id: ids.sakura,
  name_ja: '京都駅前支店',
  name_kana: 'キョウトエキマエシテン',
  name_en: 'Kyoto Station branch',
  fax: '075-333-4444',
  main_admin_email: 'ekimae-admin@example.com',
  main_admin_name: '駅前 花子',
  main_admin_tel: '075-333-4445',
  ...overrides,
});

describe('agents', () => {
  let hieiId: number;

  it('lists each agent with its branches, each named in Japanese and English (the pickers show the English name in English)', async () => {
    const res = await call('GET', '/v1/agents?per_page=100', admin);
    expect(res.statusCode, res.body).toBe(200);
    const sakura = (res.json().agents as { id: number; name_en: string; groups: { id: number; name_ja: string; name_en: string; is_root: boolean }[] }[]).find((a) => a.id === ids.sakura)!;
    expect(sakura.name_en).toBe('Kyoto Sakura Travel');
    expect(sakura.groups).toEqual([
      { id: ids.sakuraRoot, name_ja: '京都さくら旅行 本社', name_en: 'Kyoto Sakura Travel head office', is_root: true },
      { id: ids.osaka, name_ja: '大阪支店', name_en: 'Osaka branch', is_root: false },
    ]);
  });

  it('creates an agent with its root group and main admin, who is invited by mail', async () => {
    const created = await call('POST', '/v1/agents', admin, newAgent);
    expect(created.statusCode).toBe(200);
    hieiId = created.json().id;

    const [invite, ...more] = await mailsTo('hiei-admin@example.com');
    expect(more).toHaveLength(0);
    expect(invite).toMatchObject({ kind: 'account.invitation', status: 'PENDING' });
    expect(invite!.bodyText).toMatch(/http:\/\/sagano\.test\/reset-password\?token=/);

    const got = await call('GET', `/v1/agents/${hieiId}`, admin);
    expect(got.statusCode).toBe(200);
    const agent = got.json();
    expect(agent).toMatchObject({
      id: hieiId,
      name_ja: '比叡トラベル',
      agent_type: 'CONTRACTED',
      agent_payment_type: 'COUPON',
      country_code: 'JPN',
      root_group_fax: '075-222-3334',
      require_totp: false,
      root_group_main_admin: { name: '比叡 太郎', email: 'hiei-admin@example.com', tel: '075-222-3333' },
      root_group: { is_root: true, name_ja: '比叡トラベル', name_en: 'Hiei Travel', fax: '075-222-3334' },
    });
    expect(agent.groups).toHaveLength(1);
    expect(agent.root_group.staffs).toEqual([
      expect.objectContaining({ email: 'hiei-admin@example.com', staff_type: 'ADMIN', language_code: 'ja', has_password: false, totp_enrolled: false, is_self: false, agent_id: hieiId }),
    ]);
    expect(agent.root_group.main_admin.id).toBe(agent.root_group.staffs[0].id);

    const [log] = await db().select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'agents.create'));
    expect(log).toMatchObject({ category: 'agents', isError: false, operator: 'admin@example.com' });

    // The invitation works: the main admin sets a password and signs in as the agent's admin.
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(invite!.bodyText)![1]!);
    expect((await ctx.app.inject({ method: 'PUT', url: '/v1/reset-password', payload: { token, password: 'Hiei#Travel2026' } })).statusCode).toBe(200);
    const hiei = await ctx.login('hiei-admin@example.com', 'Hiei#Travel2026');
    const me = (await call('GET', '/v1/auth/me', hiei)).json().user;
    expect(me).toMatchObject({ role: 'agentAdmin', agent_id: hieiId });
    expect((await call('GET', `/v1/agents/${hieiId}`, hiei)).json().root_group.staffs[0]).toMatchObject({ is_self: true, has_password: true });
  });

  it('updates every editable field, the root group fax and the main admin', async () => {
    const res = await call('PUT', `/v1/agents/${hieiId}`, admin, updateOf({ payment_day_end_of_month: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name_ja: '比叡トラベル株式会社',
      agent_type: 'SPECIAL_CONTRACTED',
      agent_payment_type: 'MONTHLY',
      payment_day: null, // month end carries no day
      payment_day_end_of_month: true,
      billing_day: null,
      billing_day_end_of_month: true,
      ignore_cancellation_policy: true,
      root_group_fax: '075-222-9999',
      root_group: { fax: '075-222-9999' },
      root_group_main_admin: { name: '比叡 次郎', tel: '075-222-0000', email: 'hiei-admin@example.com' },
    });
    const again = await call('PUT', `/v1/agents/${hieiId}`, admin, updateOf());
    expect(again.json()).toMatchObject({ payment_day: 15, payment_day_end_of_month: false });
  });

  it('refuses a bad update naming the field, and changes nothing', async () => {
    const before = (await call('GET', `/v1/agents/${hieiId}`, admin)).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ payment_day: null }, 'payment_day'],
      [{ billing_day: 31, billing_day_end_of_month: false }, 'billing_day'],
      [{ country_code: 'XXX' }, 'country_code'],
      [{ name_ja: ' ' }, 'name_ja'],
      [{ agent_type: 'VIP' }, 'agent_type'],
      [{ main_admin_tel: 'call me' }, 'main_admin_tel'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('PUT', `/v1/agents/${hieiId}`, admin, updateOf({ name_ja: '変わってはいけない', ...overrides }));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    expect((await call('GET', `/v1/agents/${hieiId}`, admin)).json()).toEqual(before);
    expect((await call('PUT', '/v1/agents/abc', admin, updateOf())).statusCode).toBe(400);
    expect((await call('PUT', '/v1/agents/999999', admin, updateOf())).statusCode).toBe(404);
  });

  it('refuses bad input on create naming the field, and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ main_admin_email: 'not-an-email' }, 'main_admin_email'],
      [{ name_ja: '' }, 'name_ja'],
      [{ main_admin_name: '' }, 'main_admin_name'],
      [{ agent_type: 'VIP' }, 'agent_type'],
      [{ country_code: 'JP' }, 'country_code'],
      [{ country_code: 'ZZZ' }, 'country_code'],
      [{ root_group_fax: 'fax me' }, 'root_group_fax'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/v1/agents', admin, { ...newAgent, main_admin_email: 'nobody@example.com', ...overrides });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    for (const email of ['STAFF@example.com', 'agent-contracted@example.com']) {
      const taken = await call('POST', '/v1/agents', admin, { ...newAgent, main_admin_email: email });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken)).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', field: 'main_admin_email' });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses to delete an agent with live bookings, or with bookings on record', async () => {
    const live = await db().execute(sql`select count(*)::int as n from bookings where agent_id = ${ids.sakura} and status not in ('NOT_RESERVED', 'CANCELLED')`);
    expect((live as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    const res = await call('DELETE', `/v1/agents/${ids.sakura}`, admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error_code).toBe('AGENT_HAS_LIVE_BOOKINGS');

    // Every booking of 洛西観光サービス ended: it still references the agent, which is kept.
    await db().update(t.bookings).set({ status: 'CANCELLED' }).where(eq(t.bookings.agentId, ids.rakusai));
    const ended = await call('DELETE', `/v1/agents/${ids.rakusai}`, admin);
    expect(ended.statusCode).toBe(409);
    expect(errorOf(ended).error_code).toBe('AGENT_HAS_BOOKINGS');
    expect(await db().select().from(t.agents).where(eq(t.agents.id, ids.rakusai))).toHaveLength(1);
    const [log] = await db().select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'agents.delete'), eq(t.operationLogs.isError, true)));
    expect(log?.statusCode).toBe(409);
  });

  it('deletes an agent without bookings with its groups and staff accounts', async () => {
    await call('POST', '/v1/agent_groups', admin, newBranch({ agent_id: hieiId, main_admin_email: 'hiei-branch@example.com' }));
    const staffIds = (await db().select({ id: t.agentStaffs.accountId }).from(t.agentStaffs).where(eq(t.agentStaffs.agentId, hieiId))).map((r) => r.id);
    expect(staffIds).toHaveLength(2);
    const hiei = await ctx.login('hiei-admin@example.com', 'Hiei#Travel2026');

    const res = await call('DELETE', `/v1/agents/${hieiId}`, admin);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/v1/agents/${hieiId}`, admin)).statusCode).toBe(404);
    expect(await db().select().from(t.agentGroups).where(eq(t.agentGroups.agentId, hieiId))).toHaveLength(0);
    expect(await db().select().from(t.accounts).where(inArray(t.accounts.id, staffIds))).toHaveLength(0);
    expect((await call('GET', '/v1/auth/me', hiei)).statusCode).toBe(401);
    expect((await call('DELETE', `/v1/agents/${hieiId}`, admin)).statusCode).toBe(404);
  });
});

describe('agent groups', () => {
  let ekimaeId: number;

  it('creates a branch with its main admin, invited by mail; reads, updates and deletes it', async () => {
    const created = await call('POST', '/v1/agent_groups', admin, newBranch());
    expect(created.statusCode).toBe(200);
    ekimaeId = created.json().id;
    expect(await mailsTo('ekimae-admin@example.com')).toEqual([expect.objectContaining({ kind: 'account.invitation' })]);

    const got = await call('GET', `/v1/agent_groups/${ekimaeId}`, admin);
    expect(got.json()).toMatchObject({
      id: ekimaeId,
      agent_id: ids.sakura,
      is_root: false,
      name_ja: '京都駅前支店',
      fax: '075-333-4444',
      main_admin: { name: '駅前 花子', email: 'ekimae-admin@example.com', tel: '075-333-4445' },
      staffs: [{ email: 'ekimae-admin@example.com', staff_type: 'ADMIN', group_id: ekimaeId }],
    });
    // The agent's admin reads it too, within the agent.
    expect((await call('GET', `/v1/agent_groups/${ekimaeId}`, sakuraAdmin)).statusCode).toBe(200);
    // Branch staff read their own branch with what they need of their agent, which they may not read whole.
    const ownBranch = await call('GET', `/v1/agent_groups/${ids.osaka}`, osakaStaff);
    expect(ownBranch.statusCode, ownBranch.body).toBe(200);
    expect(ownBranch.json().agent).toEqual({ id: ids.sakura, name_ja: expect.any(String), name_en: expect.any(String), agent_type: 'FREE', ignore_cancellation_policy: false });
    expect((await call('GET', `/v1/agents/${ids.sakura}`, osakaStaff)).statusCode).toBe(403);
    expect((await call('GET', `/v1/agents/${ids.sakura}`, sakuraAdmin)).json().groups.map((g: { id: number }) => g.id)).toEqual([ids.sakuraRoot, ids.osaka, ekimaeId]);

    const { agent_id: _agent, main_admin_email: _email, ...update } = newBranch({ name_ja: '京都駅八条口支店', main_admin_name: '駅前 華子', fax: '075-333-0000' });
    const updated = await call('PUT', `/v1/agent_groups/${ekimaeId}`, admin, update);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name_ja: '京都駅八条口支店', fax: '075-333-0000', main_admin: { name: '駅前 華子' } });

    const bad = await call('PUT', `/v1/agent_groups/${ekimaeId}`, admin, { ...update, name_ja: '' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('name_ja');
  });

  it('keeps the root group, and a branch with bookings', async () => {
    const root = await call('DELETE', `/v1/agent_groups/${ids.sakuraRoot}`, admin);
    expect(root.statusCode).toBe(409);
    expect(errorOf(root).error_code).toBe('ROOT_GROUP_NOT_DELETABLE');

    const osakaBookings = await db().select({ status: t.bookings.status }).from(t.bookings).where(eq(t.bookings.agentSubGroupId, ids.osaka));
    if (osakaBookings.length === 0) {
      const [any] = await db().select({ id: t.bookings.id }).from(t.bookings).where(eq(t.bookings.agentId, ids.sakura)).limit(1);
      await db().update(t.bookings).set({ agentSubGroupId: ids.osaka, status: 'RESERVED' }).where(eq(t.bookings.id, any!.id));
    }
    const live = osakaBookings.some((b) => b.status !== 'NOT_RESERVED' && b.status !== 'CANCELLED') || osakaBookings.length === 0;
    const res = await call('DELETE', `/v1/agent_groups/${ids.osaka}`, admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error_code).toBe(live ? 'AGENT_GROUP_HAS_LIVE_BOOKINGS' : 'AGENT_GROUP_HAS_BOOKINGS');
    expect(await db().select().from(t.agentGroups).where(eq(t.agentGroups.id, ids.osaka))).toHaveLength(1);
  });

  it('deletes a branch without bookings with its staff accounts', async () => {
    const adminId = await accountIdOf('ekimae-admin@example.com');
    const res = await call('DELETE', `/v1/agent_groups/${ekimaeId}`, admin);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/v1/agent_groups/${ekimaeId}`, admin)).statusCode).toBe(404);
    expect(await db().select().from(t.accounts).where(eq(t.accounts.id, adminId))).toHaveLength(0);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ agent_id: 'x' }, 'agent_id'],
      [{ name_ja: '' }, 'name_ja'],
      [{ main_admin_email: 'nope' }, 'main_admin_email'],
      [{ fax: 'fax' }, 'fax'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/v1/agent_groups', admin, newBranch(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    const taken = await call('POST', '/v1/agent_groups', admin, newBranch({ main_admin_email: 'branch-free@example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', field: 'main_admin_email' });
    const noAgent = await call('POST', '/v1/agent_groups', admin, newBranch({ agent_id: 999999 }));
    expect(noAgent.statusCode).toBe(404);
    expect(errorOf(noAgent).field).toBe('agent_id');
    expect(await rowCounts()).toEqual(before);
  });

  it('is written by operators only', async () => {
    const forbidden = await call('POST', '/v1/agent_groups', sakuraAdmin, newBranch({ main_admin_email: 'sneaky@example.com' }));
    expect(forbidden.statusCode).toBe(403);
    const { agent_id: _a, main_admin_email: _e, ...update } = newBranch();
    expect((await call('PUT', `/v1/agent_groups/${ids.osaka}`, sakuraAdmin, update)).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/agent_groups/${ids.osaka}`, sakuraAdmin)).statusCode).toBe(403);
    expect(await db().select().from(t.accounts).where(eq(t.accounts.email, 'sneaky@example.com'))).toHaveLength(0);
  });
});

describe('agent staff', () => {
  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    group_id: ids.sakuraRoot,
    email: 'sakura-staff@example.com',
    name: '木下 一郎',
    tel: '075-444-5555',
    language_code: 'en',
    staff_type: 'STAFF',
    ...overrides,
  });
  let staffId: string;

  it('lets the agent admin create a staff member, who is invited by mail, then list, update and delete them', async () => {
    const created = await call('POST', '/v1/agent_staffs', sakuraAdmin, newStaff());
    expect(created.statusCode).toBe(200);
    const staff = created.json();
    staffId = staff.id;
    expect(staff).toMatchObject({ email: 'sakura-staff@example.com', name: '木下 一郎', language_code: 'en', staff_type: 'STAFF', group_id: ids.sakuraRoot, agent_id: ids.sakura, is_self: false, has_password: false });
    const [invite] = await mailsTo('sakura-staff@example.com');
    expect(invite).toMatchObject({ kind: 'account.invitation' });
    const [log] = await db().select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'agent_staffs.create'));
    expect(log).toMatchObject({ operator: 'agent-free@example.com', isError: false });

    const list = (await call('GET', '/v1/agent_staffs?per_page=100', sakuraAdmin)).json();
    expect(list.staffs.map((s: { email: string }) => s.email)).toEqual(expect.arrayContaining(['agent-free@example.com', 'branch-free@example.com', 'sakura-staff@example.com']));
    expect(list.staffs.every((s: { agent_id: number }) => s.agent_id === ids.sakura)).toBe(true);
    expect(list.staffs.find((s: { email: string }) => s.email === 'agent-free@example.com').is_self).toBe(true);
    const page = (await call('GET', `/v1/agent_staffs?agent_id=${ids.sakura}&per_page=1&page=2`, admin)).json();
    expect(page).toMatchObject({ total: list.total, page: 2, per_page: 1 });
    expect(page.staffs).toHaveLength(1);

    const updated = await call('PUT', `/v1/agent_staffs/${staffId}`, sakuraAdmin, { ...newStaff({ name: '木下 一朗', group_id: ids.osaka, language_code: 'ja' }), email: undefined });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: '木下 一朗', staff_type: 'STAFF', group_id: ids.osaka, language_code: 'ja', email: 'sakura-staff@example.com' });

    const removed = await call('DELETE', `/v1/agent_staffs/${staffId}`, sakuraAdmin);
    expect(removed.statusCode).toBe(200);
    expect(await db().select().from(t.accounts).where(eq(t.accounts.id, staffId))).toHaveLength(0);
    expect((await call('DELETE', `/v1/agent_staffs/${staffId}`, sakuraAdmin)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{ tel: 'call me' }, 'tel'],
      [{ staff_type: 'BOSS' }, 'staff_type'],
      [{ language_code: 'fr' }, 'language_code'],
      [{ group_id: 'root' }, 'group_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/v1/agent_staffs', admin, newStaff(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    const taken = await call('POST', '/v1/agent_staffs', admin, newStaff({ email: 'Admin@Example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', field: 'email' });
    // Moving a staff member to another agent's group is refused.
    const branchFree = await accountIdOf('branch-free@example.com');
    const moved = await call('PUT', `/v1/agent_staffs/${branchFree}`, admin, { ...newStaff({ group_id: ids.arashiyamaRoot }), email: undefined });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).field).toBe('group_id');
    expect((await call('PUT', '/v1/agent_staffs/not-a-uuid', admin, { ...newStaff(), email: undefined })).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    const [still] = await db().select().from(t.agentStaffs).where(eq(t.agentStaffs.accountId, branchFree));
    expect(still).toMatchObject({ groupId: ids.osaka, name: '小林 大輔' });
  });

  it('keeps the caller, and at least one ADMIN in each group', async () => {
    const me = await accountIdOf('agent-free@example.com');
    const self = await call('DELETE', `/v1/agent_staffs/${me}`, sakuraAdmin);
    expect(self.statusCode).toBe(409);
    expect(errorOf(self).error_code).toBe('CANNOT_DELETE_SELF');

    const demote = await call('PUT', `/v1/agent_staffs/${me}`, admin, { group_id: ids.sakuraRoot, name: '中村 さくら', tel: '', language_code: 'ja', staff_type: 'STAFF' });
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote).error_code).toBe('LAST_GROUP_ADMIN');
    const move = await call('PUT', `/v1/agent_staffs/${me}`, admin, { group_id: ids.osaka, name: '中村 さくら', tel: '', language_code: 'ja', staff_type: 'ADMIN' });
    expect(errorOf(move).error_code).toBe('LAST_GROUP_ADMIN');
    const remove = await call('DELETE', `/v1/agent_staffs/${me}`, admin);
    expect(errorOf(remove).error_code).toBe('LAST_GROUP_ADMIN');
    const [still] = await db().select().from(t.agentStaffs).where(eq(t.agentStaffs.accountId, me));
    expect(still).toMatchObject({ staffType: 'ADMIN', groupId: ids.sakuraRoot });

    // With a second admin in the root group, the first may step down.
    const second = (await call('POST', '/v1/agent_staffs', admin, newStaff({ email: 'sakura-admin2@example.com', staff_type: 'ADMIN' }))).json();
    const stepDown = await call('PUT', `/v1/agent_staffs/${second.id}`, admin, { group_id: ids.sakuraRoot, name: '二番 管理者', tel: '', language_code: 'ja', staff_type: 'STAFF' });
    expect(stepDown.statusCode).toBe(200);
  });

  it('ends the sessions of a member whose role changes', async () => {
    const osakaId = await accountIdOf('branch-free@example.com');
    const session = await ctx.login('branch-free@example.com');
    const res = await call('PUT', `/v1/agent_staffs/${osakaId}`, admin, { group_id: ids.osaka, name: '小林 大輔', tel: '', language_code: 'ja', staff_type: 'STAFF' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/v1/auth/me', session)).statusCode).toBe(200); // nothing changed that matters
    const promoted = await call('PUT', `/v1/agent_staffs/${osakaId}`, admin, { group_id: ids.osaka, name: '小林 大輔', tel: '', language_code: 'ja', staff_type: 'ADMIN' });
    expect(promoted.statusCode).toBe(200);
    expect((await call('GET', '/v1/auth/me', session)).statusCode).toBe(401);
    const again = await ctx.login('branch-free@example.com');
    expect((await call('GET', '/v1/auth/me', again)).json().user.role).toBe('groupAdmin');
    // Back to how the demo has it.
    await db().update(t.agentStaffs).set({ staffType: 'STAFF' }).where(eq(t.agentStaffs.accountId, osakaId));
    osakaStaff = await ctx.login('branch-free@example.com');
  });

  it('mails an invitation again while no password is set, else a password reset link', async () => {
    const invited = (await call('POST', '/v1/agent_staffs', sakuraAdmin, newStaff({ email: 'invited@example.com' }))).json();
    const again = await call('POST', `/v1/agent_staffs/${invited.id}/send_password_reset_email`, sakuraAdmin);
    expect(again.statusCode).toBe(200);
    expect((await mailsTo('invited@example.com')).map((m) => m.kind)).toEqual(['account.invitation', 'account.invitation']);

    const osakaId = await accountIdOf('branch-free@example.com');
    expect((await call('POST', `/v1/agent_staffs/${osakaId}/send_password_reset_email`, admin)).statusCode).toBe(200);
    const [reset] = await mailsTo('branch-free@example.com');
    expect(reset).toMatchObject({ kind: 'account.password_reset' });
    expect(reset!.bodyText).toMatch(/reset-password\?token=/);
  });

  it('lets an operator remove a member\'s two-factor enrollment, ending their sessions', async () => {
    const osakaId = await accountIdOf('branch-free@example.com');
    const session = await ctx.login('branch-free@example.com');
    await db().update(t.accounts).set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnrolledAt: new Date(), totpLastStep: 12345 }).where(eq(t.accounts.id, osakaId));
    expect((await call('GET', `/v1/agent_staffs?group_id=${ids.osaka}`, admin)).json().staffs.find((s: { id: string }) => s.id === osakaId).totp_enrolled).toBe(true);

    const byAgent = await call('POST', `/v1/agent_staffs/${osakaId}/unenroll_totp`, sakuraAdmin);
    expect(byAgent.statusCode).toBe(403);
    const [kept] = await db().select().from(t.accounts).where(eq(t.accounts.id, osakaId));
    expect(kept!.totpSecret).toBe('JBSWY3DPEHPK3PXP');

    const res = await call('POST', `/v1/agent_staffs/${osakaId}/unenroll_totp`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: osakaId, totp_enrolled: false });
    const [cleared] = await db().select().from(t.accounts).where(eq(t.accounts.id, osakaId));
    expect(cleared).toMatchObject({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null });
    expect((await call('GET', '/v1/auth/me', session)).statusCode).toBe(401);
    osakaStaff = await ctx.login('branch-free@example.com');
    const [log] = await db().select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'agent_staffs.unenroll_totp'), eq(t.operationLogs.isError, false)));
    expect(log).toBeDefined();
  });
});

describe('two-factor policy', () => {
  it('is set by the operator or the agent admin, not by other staff', async () => {
    const rootStaff = (await call('POST', '/v1/agent_staffs', admin, { group_id: ids.sakuraRoot, email: 'sakura-root-staff@example.com', name: '根本 スタッフ', staff_type: 'STAFF' })).json();
    const rootStaffSession = await activate('sakura-root-staff@example.com');
    expect((await call('PUT', `/v1/agents/${ids.sakura}/two_factor`, rootStaffSession, { require_totp: true })).statusCode).toBe(403);
    expect((await call('PUT', `/v1/agents/${ids.sakura}/two_factor`, osakaStaff, { require_totp: true })).statusCode).toBe(403);
    const bad = await call('PUT', `/v1/agents/${ids.sakura}/two_factor`, sakuraAdmin, { require_totp: 'yes' });
    expect(errorOf(bad).field).toBe('require_totp');

    const byAgent = await call('PUT', `/v1/agents/${ids.sakura}/two_factor`, sakuraAdmin, { require_totp: true });
    // Turned off again at once: staff of an agent that requires two-factor sign-in must enrol before anything else.
    const byOperator = await call('PUT', `/v1/agents/${ids.sakura}/two_factor`, admin, { require_totp: false });
    expect(byAgent.statusCode).toBe(200);
    expect(byAgent.json().require_totp).toBe(true);
    expect(byOperator.json().require_totp).toBe(false);
    const logs = await db().select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'agents.two_factor'), eq(t.operationLogs.isError, false)));
    expect(logs.map((l) => l.operator)).toEqual(['agent-free@example.com', 'admin@example.com']);
    expect(rootStaff.id).toBeDefined();
  });
});

describe('tenant isolation', () => {
  it('answers 404 to an agent admin for another agent, its groups and its staff, and changes nothing', async () => {
    const otherAdmin = await accountIdOf('agent-contracted@example.com');
    const before = await rowCounts();
    const [otherAgent] = await db().select().from(t.agents).where(eq(t.agents.id, ids.arashiyama));
    const [otherStaff] = await db().select().from(t.agentStaffs).where(eq(t.agentStaffs.accountId, otherAdmin));
    const { agent_id: _a, main_admin_email: _e, ...groupUpdate } = newBranch();
    const staffUpdate = { group_id: ids.arashiyamaRoot, name: '乗っ取り', tel: '', language_code: 'ja', staff_type: 'STAFF' };
    const attempts: [string, string, object?][] = [
      ['GET', `/v1/agents/${ids.arashiyama}`],
      ['PUT', `/v1/agents/${ids.arashiyama}`, updateOf()],
      ['DELETE', `/v1/agents/${ids.arashiyama}`],
      ['PUT', `/v1/agents/${ids.arashiyama}/two_factor`, { require_totp: true }],
      ['POST', '/v1/agent_groups', newBranch({ agent_id: ids.arashiyama, main_admin_email: 'intruder@example.com' })],
      ['GET', `/v1/agent_groups/${ids.arashiyamaRoot}`],
      ['PUT', `/v1/agent_groups/${ids.arashiyamaRoot}`, groupUpdate],
      ['DELETE', `/v1/agent_groups/${ids.arashiyamaRoot}`],
      ['GET', `/v1/agent_staffs?agent_id=${ids.arashiyama}`],
      ['GET', `/v1/agent_staffs?group_id=${ids.arashiyamaRoot}`],
      ['POST', '/v1/agent_staffs', { group_id: ids.arashiyamaRoot, email: 'intruder@example.com', name: '侵入者', staff_type: 'ADMIN' }],
      ['PUT', `/v1/agent_staffs/${otherAdmin}`, staffUpdate],
      ['DELETE', `/v1/agent_staffs/${otherAdmin}`],
      ['POST', `/v1/agent_staffs/${otherAdmin}/send_password_reset_email`],
      ['POST', `/v1/agent_staffs/${otherAdmin}/unenroll_totp`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method as 'GET', url, sakuraAdmin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res).error_code).toBe('NOT_FOUND');
    }
    // Moving one's own staff into another agent's group is refused as well.
    const osakaId = await accountIdOf('branch-free@example.com');
    const moved = await call('PUT', `/v1/agent_staffs/${osakaId}`, sakuraAdmin, staffUpdate);
    expect(moved.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    expect((await db().select().from(t.agents).where(eq(t.agents.id, ids.arashiyama)))[0]).toEqual(otherAgent);
    expect((await db().select().from(t.agentStaffs).where(eq(t.agentStaffs.accountId, otherAdmin)))[0]).toEqual(otherStaff);
    expect(await mailsTo('agent-contracted@example.com')).toHaveLength(0);
  });

  it('lets the agent admin read their agent but not change or delete it', async () => {
    const got = await call('GET', `/v1/agents/${ids.sakura}`, sakuraAdmin);
    expect(got.statusCode).toBe(200);
    expect(got.json().root_group_main_admin.email).toBe('agent-free@example.com');
    expect((await call('PUT', `/v1/agents/${ids.sakura}`, sakuraAdmin, updateOf())).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/agents/${ids.sakura}`, sakuraAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/v1/agents', sakuraAdmin)).statusCode).toBe(403);
    expect((await call('POST', '/v1/agents', sakuraAdmin, { ...newAgent, main_admin_email: 'x@example.com' })).statusCode).toBe(403);
  });

  it('keeps a branch admin to their own branch', async () => {
    // A branch admin of 大阪支店, and a sibling branch with its own admin.
    const osakaAdmin = (await call('POST', '/v1/agent_staffs', admin, { group_id: ids.osaka, email: 'osaka-admin@example.com', name: '大阪 管理者', staff_type: 'ADMIN' })).json();
    const osakaAdminSession = await activate('osaka-admin@example.com');
    expect((await call('GET', '/v1/auth/me', osakaAdminSession)).json().user.role).toBe('groupAdmin');
    const kobeId = (await call('POST', '/v1/agent_groups', admin, newBranch({ name_ja: '神戸支店', main_admin_email: 'kobe-admin@example.com' }))).json().id as number;
    const kobeAdmin = await accountIdOf('kobe-admin@example.com');
    const sakuraAdminId = await accountIdOf('agent-free@example.com');
    const before = await rowCounts();

    for (const [method, url, payload] of [
      ['GET', `/v1/agent_groups/${kobeId}`],
      ['GET', `/v1/agent_groups/${ids.sakuraRoot}`],
      ['GET', `/v1/agent_staffs?group_id=${kobeId}`],
      ['PUT', `/v1/agent_staffs/${kobeAdmin}`, { group_id: kobeId, name: '書き換え', tel: '', language_code: 'ja', staff_type: 'ADMIN' }],
      ['DELETE', `/v1/agent_staffs/${kobeAdmin}`],
      ['POST', `/v1/agent_staffs/${kobeAdmin}/send_password_reset_email`],
      ['DELETE', `/v1/agent_staffs/${sakuraAdminId}`],
      ['POST', '/v1/agent_staffs', { group_id: kobeId, email: 'kobe-new@example.com', name: '神戸 新人', staff_type: 'STAFF' }],
    ] as [string, string, object?][]) {
      const res = await call(method as 'GET', url, osakaAdminSession, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await mailsTo('kobe-admin@example.com')).toHaveLength(1); // the invitation only

    // Their own branch: read and manage.
    expect((await call('GET', `/v1/agent_groups/${ids.osaka}`, osakaAdminSession)).statusCode).toBe(200);
    expect((await call('GET', `/v1/agents/${ids.sakura}`, osakaAdminSession)).statusCode).toBe(403);
    const list = (await call('GET', '/v1/agent_staffs?per_page=100', osakaAdminSession)).json();
    expect(new Set(list.staffs.map((s: { group_id: number }) => s.group_id))).toEqual(new Set([ids.osaka]));
    const created = await call('POST', '/v1/agent_staffs', osakaAdminSession, { group_id: ids.osaka, email: 'osaka-new@example.com', name: '大阪 新人', staff_type: 'STAFF' });
    expect(created.statusCode).toBe(200);
    const toRoot = await call('PUT', `/v1/agent_staffs/${created.json().id}`, osakaAdminSession, { group_id: ids.sakuraRoot, name: '大阪 新人', tel: '', language_code: 'ja', staff_type: 'STAFF' });
    expect(toRoot.statusCode).toBe(400);
    expect(errorOf(toRoot).field).toBe('group_id');
    expect((await call('DELETE', `/v1/agent_staffs/${created.json().id}`, osakaAdminSession)).statusCode).toBe(200);
    expect(osakaAdmin.group_id).toBe(ids.osaka);
  });

  it('lets non-admin agent staff read their scope only', async () => {
    const before = await rowCounts();
    const attempt = await call('POST', '/v1/agent_staffs', osakaStaff, { group_id: ids.osaka, email: 'by-staff@example.com', name: '無権限', staff_type: 'STAFF' });
    expect(attempt.statusCode).toBe(403);
    expect(errorOf(attempt).error_code).toBe('FORBIDDEN');
    const self = await accountIdOf('branch-free@example.com');
    expect((await call('PUT', `/v1/agent_staffs/${self}`, osakaStaff, { group_id: ids.osaka, name: '自分', tel: '', language_code: 'ja', staff_type: 'ADMIN' })).statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);

    const list = await call('GET', '/v1/agent_staffs', osakaStaff);
    expect(list.statusCode).toBe(200);
    expect(list.json().staffs.every((s: { group_id: number }) => s.group_id === ids.osaka)).toBe(true);
    expect((await call('GET', `/v1/agent_groups/${ids.osaka}`, osakaStaff)).statusCode).toBe(200);
    expect((await call('GET', `/v1/agent_groups/${ids.sakuraRoot}`, osakaStaff)).statusCode).toBe(404);

    const rootStaff = await ctx.login('sakura-root-staff@example.com');
    expect((await call('GET', `/v1/agents/${ids.sakura}`, rootStaff)).statusCode).toBe(200);
    expect((await call('POST', '/v1/agent_staffs', rootStaff, { group_id: ids.sakuraRoot, email: 'by-staff@example.com', name: '無権限', staff_type: 'STAFF' })).statusCode).toBe(403);
  });

  it('refuses station users on every agent route', async () => {
    const someStaff = await accountIdOf('branch-free@example.com');
    for (const [method, url, payload] of [
      ['GET', '/v1/agents'],
      ['GET', `/v1/agents/${ids.sakura}`],
      ['POST', '/v1/agents', { bad: true }],
      ['PUT', `/v1/agents/${ids.sakura}/two_factor`, { require_totp: true }],
      ['GET', `/v1/agent_groups/${ids.osaka}`],
      ['GET', '/v1/agent_staffs'],
      ['POST', '/v1/agent_staffs', { bad: true }],
      ['POST', `/v1/agent_staffs/${someStaff}/unenroll_totp`],
      ['GET', '/v1/csv/agents'],
    ] as [string, string, object?][]) {
      const res = await call(method as 'GET', url, station, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/agents/${ids.sakura}` })).statusCode).toBe(401);
  });

  it('lets back-office staff (not only admins) manage agents', async () => {
    const staff = await ctx.login('staff@example.com');
    expect((await call('GET', `/v1/agents/${ids.arashiyama}`, staff)).statusCode).toBe(200);
    expect((await call('GET', `/v1/agent_staffs?agent_id=${ids.arashiyama}`, staff)).json().staffs).toHaveLength(1);
  });
});

describe('agents CSV', () => {
  it('exports every agent as UTF-8 CSV with a BOM and a Japanese header', async () => {
    await call('POST', '/v1/agents', admin, { ...newAgent, name_ja: '"嵯峨野", 観光', main_admin_email: 'csv-admin@example.com', main_admin_name: '=HYPERLINK("x")' });
    const res = await call('GET', '/v1/csv/agents', admin);
    expect(res.statusCode).toBe(200);
    const { csv_base64, filename } = res.json();
    expect(filename).toMatch(/^agents_\d{8}\.csv$/);
    const bytes = Buffer.from(csv_base64, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^代理店ID,代理店名,代理店名（カナ）,代理店名（英語）/);
    expect(lines.at(-1)).toBe('');
    const agents = await db().select().from(t.agents);
    expect(lines).toHaveLength(agents.length + 2);
    expect(text).toContain('京都さくら旅行');
    expect(text).toContain('嵐山ツーリスト株式会社');
    expect(text).toContain('"""嵯峨野"", 観光"');
    expect(text).toContain(`'=HYPERLINK(""x"")`);
    const sakura = lines.find((l) => l.includes(',京都さくら旅行,'))!;
    expect(sakura).toContain(',フリー,事前カード決済,JPN,中村 さくら,agent-free@example.com,');

    expect((await call('GET', '/v1/csv/agents', sakuraAdmin)).statusCode).toBe(403);
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('+81-75-000-0000')).toBe('+81-75-000-0000');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(12)).toBe('12');
  });
});
