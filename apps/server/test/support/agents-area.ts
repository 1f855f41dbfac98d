/**
 * The agents area's API tests (agents.test.ts, agent-staff.test.ts, agent-tenant-isolation.test.ts):
 * one app per file on the demo data, the demo accounts signed in, the demo agents' ids, and the
 * helpers and request bodies the three share. Everything is made per file (the server's test files
 * share their worker's modules): nothing here holds state of its own.
 */
import { count, eq, sql } from 'drizzle-orm';
import * as t from '../../src/db/schema.ts';
import { expect } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../test-app.ts';

export type Headers = { authorization: string };
export type AgentIds = { sakura: number; sakuraRoot: number; osaka: number; arashiyama: number; arashiyamaRoot: number; rakusai: number };

/**
 * A test app with the accounts the agents tests act as: the operator's admin, 京都さくら旅行's
 * root-group ADMIN (agent-free@example.com, agentAdmin), its 大阪支店 STAFF (branch-free@example.com,
 * groupStaff) and station staff; and the demo agents' and groups' ids.
 */
export async function openAgentsArea(): Promise<{ ctx: TestApp; admin: Headers; sakuraAdmin: Headers; osakaStaff: Headers; station: Headers; ids: AgentIds }> {
  const ctx = await createTestApp();
  const [admin, sakuraAdmin, osakaStaff, station] = [await ctx.login('admin@example.com'), await ctx.login('agent-free@example.com'), await ctx.login('branch-free@example.com'), await ctx.login('station@example.com')];
  const agents = await ctx.database.db.select().from(t.agents);
  const groups = await ctx.database.db.select().from(t.agentGroups);
  const agentId = (name: string) => agents.find((a) => a.nameJa === name)!.id;
  const sakura = agentId('京都さくら旅行');
  const arashiyama = agentId('嵐山ツーリスト株式会社');
  const ids: AgentIds = {
    sakura,
    arashiyama,
    rakusai: agentId('洛西観光サービス'),
    sakuraRoot: groups.find((g) => g.agentId === sakura && g.isRoot)!.id,
    osaka: groups.find((g) => g.agentId === sakura && !g.isRoot)!.id,
    arashiyamaRoot: groups.find((g) => g.agentId === arashiyama && g.isRoot)!.id,
  };
  return { ctx, admin, sakuraAdmin, osakaStaff, station, ids };
}

/** Requests and database reads against the file's app (read through `app()`, set in its beforeAll). */
export function agentsHelpers(app: () => TestApp) {
  const db = () => app().database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

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
    return app().login(email);
  }

  /** Sends each case's body and expects a 400 VALIDATION_FAILED naming the case's field. */
  async function expectFieldRefusals(method: 'POST' | 'PUT', url: string, headers: Headers, cases: [Record<string, unknown>, string][], bodyOf: (overrides: Record<string, unknown>) => object) {
    for (const [overrides, field] of cases) {
      const res = await call(method, url, headers, bodyOf(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
  }

  return { db, call, accountIdOf, rowCounts, mailsTo, activate, expectFieldRefusals };
}

export const newAgent = {
  name_ja: '比叡トラベル',
  name_kana: 'ヒエイトラベル',
  name_en: 'Hiei Travel',
  main_admin_email: 'hiei-admin@example.com',
  main_admin_name: '比叡 太郎',
  main_admin_tel: '075-222-3333',
  agent_type: 'CONTRACTED',
  root_group_fax: '075-222-3334',
};

export const updateOf = (overrides: Record<string, unknown> = {}) => ({
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

/** A branch of `agentId` (京都さくら旅行 in most tests). */
export const newBranch = (agentId: number, overrides: Record<string, unknown> = {}) => ({
  agent_id: agentId,
  name_ja: '京都駅前支店',
  name_kana: 'キョウトエキマエシテン',
  name_en: 'Kyoto Station branch',
  fax: '075-333-4444',
  main_admin_email: 'ekimae-admin@example.com',
  main_admin_name: '駅前 花子',
  main_admin_tel: '075-333-4445',
  ...overrides,
});
