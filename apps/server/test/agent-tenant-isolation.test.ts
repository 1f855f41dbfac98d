/** The agents area's API: one agent, branch or station user never reaches another's data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { agentsHelpers, newAgent, newBranch, openAgentsArea, updateOf, type AgentIds, type Headers } from './support/agents-area.ts';

let ctx: TestApp;
let admin: Headers;
let sakuraAdmin: Headers;
let osakaStaff: Headers;
let station: Headers;
let ids: AgentIds;
beforeAll(async () => {
  ({ ctx, admin, sakuraAdmin, osakaStaff, station, ids } = await openAgentsArea());
});
afterAll(() => ctx.close());
const { db, call, accountIdOf, rowCounts, mailsTo, activate } = agentsHelpers(() => ctx);

describe('tenant isolation', () => {
  it('answers 404 to an agent admin for another agent, its groups and its staff, and changes nothing', async () => {
    const otherAdmin = await accountIdOf('agent-contracted@example.com');
    const before = await rowCounts();
    const [otherAgent] = await db().select().from(t.agents).where(eq(t.agents.id, ids.arashiyama));
    const [otherStaff] = await db().select().from(t.agentStaffs).where(eq(t.agentStaffs.accountId, otherAdmin));
    const { agent_id: _a, main_admin_email: _e, ...groupUpdate } = newBranch(ids.sakura);
    const staffUpdate = { group_id: ids.arashiyamaRoot, name: '乗っ取り', tel: '', language_code: 'ja', staff_type: 'STAFF' };
    const attempts: [string, string, object?][] = [
      ['GET', `/v1/agents/${ids.arashiyama}`],
      ['PUT', `/v1/agents/${ids.arashiyama}`, updateOf()],
      ['DELETE', `/v1/agents/${ids.arashiyama}`],
      ['PUT', `/v1/agents/${ids.arashiyama}/two_factor`, { require_totp: true }],
      ['POST', '/v1/agent_groups', newBranch(ids.sakura, { agent_id: ids.arashiyama, main_admin_email: 'intruder@example.com' })],
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
    const kobeId = (await call('POST', '/v1/agent_groups', admin, newBranch(ids.sakura, { name_ja: '神戸支店', main_admin_email: 'kobe-admin@example.com' }))).json().id as number;
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

    // A STAFF member of the head office (not an admin) reads the agent but adds no one.
    expect((await call('POST', '/v1/agent_staffs', admin, { group_id: ids.sakuraRoot, email: 'sakura-root-staff@example.com', name: '根本 スタッフ', staff_type: 'STAFF' })).statusCode).toBe(200);
    const rootStaff = await activate('sakura-root-staff@example.com');
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
