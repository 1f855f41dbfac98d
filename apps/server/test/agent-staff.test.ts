/** The agents area's API: an agent's staff, and its two-factor policy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { agentsHelpers, openAgentsArea, type AgentIds, type Headers } from './support/agents-area.ts';

let ctx: TestApp;
let admin: Headers;
let sakuraAdmin: Headers;
let osakaStaff: Headers;
let ids: AgentIds;
beforeAll(async () => {
  ({ ctx, admin, sakuraAdmin, osakaStaff, ids } = await openAgentsArea());
});
afterAll(() => ctx.close());
const { db, call, accountIdOf, rowCounts, mailsTo, activate, expectFieldRefusals } = agentsHelpers(() => ctx);

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
    await expectFieldRefusals('POST', '/v1/agent_staffs', admin, cases, (overrides) => newStaff(overrides));
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
