/**
 * Travel agents, their groups (the root group and its branches) and their staff (spec 001 §7.1).
 * Operators manage everything; agent admins manage the staff of their agent, branch admins
 * that of their branch (see agent-access.ts). New main admins and staff are mailed an
 * invitation to set a password, as operator users are.
 */
import type {
  AgentGroupDetailResponse,
  AgentGroupResponse,
  AgentResponse,
  CreateAgentBody,
  CreateAgentGroupBody,
  CreateStaffBody,
  StaffResponse,
  UpdateAgentBody,
  UpdateAgentGroupBody,
  UpdateStaffBody,
} from '@sagano/domain/agents/agent-schemas';
import { PAYMENT_TYPE_OF_AGENT } from '@sagano/domain/agents/agent-schemas';
import { COUNTRY_CODES } from '@sagano/domain/common/countries';
import type { UiLanguage } from '@sagano/domain/common/language';
import type { PagingQuery } from '@sagano/domain/common/paging';
import type { Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { clearTotp, emailTaken, findAccountById, type AuthService, type Principal, deleteSessionsOf } from '../auth/index.ts';
import { isOperator, requireAgentVisible, requireGroupVisible, requireOperator, requireStaffManager, seesGroup, type Caller } from './agent-access.ts';
import { agentsCsv, tokyoDateTime, type AgentCsvRow } from './agents-csv.ts';
import {
  allAgents,
  allGroups,
  bookingCounts,
  deleteAgent,
  deleteGroup,
  deleteStaffAccount,
  findAgent,
  findGroup,
  findStaff,
  groupsOf,
  insertAgent,
  insertGroup,
  insertStaff,
  listStaff,
  lockAgent,
  lockGroup,
  lockGroupAdmins,
  setGroupFax,
  setRequireTotp,
  setRootGroupFax,
  updateAgent,
  updateGroup,
  updateStaff,
  updateStaffContact,
  type AgentRow,
  type GroupRow,
  type StaffInput,
  type StaffRow,
} from './agents.repository.ts';

const NO_MAIN_ADMIN = { id: null, name: '', email: '', tel: '' };

function staffResponse(r: StaffRow, caller: Caller): StaffResponse {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    tel: r.tel,
    language_code: r.languageCode as UiLanguage,
    staff_type: r.staffType,
    group_id: r.groupId,
    agent_id: r.agentId,
    is_self: r.id === caller.accountId,
    totp_enrolled: r.totpEnrolled,
    has_password: r.hasPassword,
  };
}

/** The group's main admin: its first ADMIN (staff come oldest first). */
const mainAdminOf = (staffs: StaffRow[]) => staffs.find((s) => s.staffType === 'ADMIN');

function groupResponse(g: GroupRow, staffs: StaffRow[], caller: Caller): AgentGroupResponse {
  const main = mainAdminOf(staffs);
  return {
    id: g.id,
    agent_id: g.agentId,
    is_root: g.isRoot,
    name_ja: g.nameJa,
    name_kana: g.nameKana,
    name_en: g.nameEn,
    name_origin: g.nameOrigin,
    fax: g.fax,
    main_admin: main ? { id: main.id, name: main.name, email: main.email, tel: main.tel } : NO_MAIN_ADMIN,
    staffs: staffs.map((s) => staffResponse(s, caller)),
  };
}

async function readAgent(db: Executor, caller: Caller, agent: AgentRow): Promise<AgentResponse> {
  const groupRows = await groupsOf(db, agent.id);
  const { rows: staffRows } = await listStaff(db, { agentId: agent.id });
  const groups = groupRows.map((g) => groupResponse(g, staffRows.filter((s) => s.groupId === g.id), caller));
  const root = groups.find((g) => g.is_root);
  if (!root) throw new Error(`agent ${agent.id} has no root group`);
  const agentType = agent.agentType;
  return {
    id: agent.id,
    name_ja: agent.nameJa,
    name_kana: agent.nameKana,
    name_en: agent.nameEn,
    name_origin: agent.nameOrigin,
    root_group_main_admin: root.main_admin,
    root_group_fax: agent.rootGroupFax,
    country_code: agent.countryCode,
    agent_type: agentType,
    agent_payment_type: PAYMENT_TYPE_OF_AGENT[agentType],
    payment_day: agent.paymentDay,
    payment_day_end_of_month: agent.paymentDayEndOfMonth,
    billing_day: agent.billingDay,
    billing_day_end_of_month: agent.billingDayEndOfMonth,
    ignore_cancellation_policy: agent.ignoreCancellationPolicy,
    require_totp: agent.requireTotp,
    root_group: root,
    groups,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

async function readGroup(db: Executor, caller: Caller, group: GroupRow): Promise<AgentGroupDetailResponse> {
  const { rows } = await listStaff(db, { groupId: group.id });
  const agent = (await findAgent(db, group.agentId))!;
  return {
    ...groupResponse(group, rows, caller),
    agent: {
      id: agent.id,
      name_ja: agent.nameJa,
      name_en: agent.nameEn,
      agent_type: agent.agentType,
      ignore_cancellation_policy: agent.ignoreCancellationPolicy,
    },
  };
}

function requireCountry(code: string): void {
  if (!COUNTRY_CODES.includes(code)) throw invalid('country_code', 'not an ISO 3166-1 alpha-3 country code');
}

async function requireEmailFree(work: Work, email: string, field: string): Promise<void> {
  if (await emailTaken(work.tx, email)) throw new AppError('EMAIL_ALREADY_REGISTERED', `${field}: the email address is already registered`, field);
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** Main admins are mailed in Japanese for Japanese agents, in English otherwise. */
const languageOfAgent = (countryCode: string): UiLanguage => (countryCode === 'JPN' ? 'ja' : 'en');

async function existingAgent(db: Executor, id: number): Promise<AgentRow> {
  const agent = await findAgent(db, id);
  if (!agent) throw notFound('agent');
  return agent;
}

async function visibleStaff(db: Executor, caller: Caller, id: string): Promise<StaffRow> {
  const staff = await findStaff(db, id);
  requireGroupVisible(caller, staff && { id: staff.groupId, agentId: staff.agentId }, 'agent staff');
  return staff!;
}

function refuseIfBookings(counts: { all: number; live: number }, what: 'agent' | 'group'): void {
  if (counts.live > 0) {
    throw new AppError(what === 'agent' ? 'AGENT_HAS_LIVE_BOOKINGS' : 'AGENT_GROUP_HAS_LIVE_BOOKINGS', `the ${what} has ${counts.live} bookings that are neither cancelled nor refused`);
  }
  if (counts.all > 0) {
    throw new AppError(what === 'agent' ? 'AGENT_HAS_BOOKINGS' : 'AGENT_GROUP_HAS_BOOKINGS', `the ${what} has ${counts.all} bookings on record`);
  }
}

export function createAgentsService({ auth }: { auth: AuthService }) {
  /** Creates the staff account and mails the invitation to set a password. */
  async function addStaff(work: Work, input: StaffInput, emailField: string): Promise<string> {
    await requireEmailFree(work, input.email, emailField);
    let accountId: string;
    try {
      accountId = await insertStaff(work.tx, input);
    } catch (error) {
      // Another request registered the address in the meantime.
      if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_REGISTERED', `${emailField}: the email address is already registered`, emailField);
      throw error;
    }
    const account = await findAccountById(work.tx, accountId);
    await auth.issueResetLink(work, account!, 'INVITE');
    return accountId;
  }

  /** Keeps at least one ADMIN in the staff member's group when they stop being one there. */
  async function keepGroupAdmin(work: Work, staff: StaffRow): Promise<void> {
    const admins = await lockGroupAdmins(work.tx, staff.groupId);
    if (!admins.some((id) => id !== staff.id)) {
      throw new AppError('LAST_GROUP_ADMIN', 'the group must keep at least one ADMIN staff member');
    }
  }

  /** The main admin's name and tel are edited with their agent or group. */
  async function updateMainAdmin(work: Work, groupId: number, input: { main_admin_name: string; main_admin_tel: string }): Promise<void> {
    const main = mainAdminOf((await listStaff(work.tx, { groupId })).rows);
    if (main) await updateStaffContact(work.tx, main.id, { name: input.main_admin_name, tel: input.main_admin_tel });
  }

  return {
    // ---------- agents ----------

    /** The agent, its root group (named like the agent) and the root group's main admin, who is invited by mail. */
    async createAgent(work: Work, input: CreateAgentBody): Promise<{ id: number }> {
      requireCountry(input.country_code);
      const agentId = await insertAgent(work.tx, input);
      const groupId = await insertGroup(work.tx, agentId, true, { ...input, fax: input.root_group_fax });
      await addStaff(work, {
        agentId,
        groupId,
        email: input.main_admin_email,
        name: input.main_admin_name,
        tel: input.main_admin_tel,
        languageCode: languageOfAgent(input.country_code),
        staffType: 'ADMIN',
      }, 'main_admin_email');
      return { id: agentId };
    },

    async getAgent(db: Executor, caller: Caller, id: number): Promise<AgentResponse> {
      requireAgentVisible(caller, id);
      return readAgent(db, caller, await existingAgent(db, id));
    },

    async updateAgent(work: Work, caller: Caller, id: number, input: UpdateAgentBody): Promise<AgentResponse> {
      requireAgentVisible(caller, id);
      requireOperator(caller);
      await existingAgent(work.tx, id);
      requireCountry(input.country_code);
      await updateAgent(work.tx, id, input);
      const root = (await groupsOf(work.tx, id)).find((g) => g.isRoot);
      if (root) {
        await setGroupFax(work.tx, root.id, input.root_group_fax);
        await updateMainAdmin(work, root.id, input);
      }
      return readAgent(work.tx, caller, await existingAgent(work.tx, id));
    },

    /** Operators, and the agent's own admins (ADMIN of the root group). */
    async setTwoFactor(work: Work, caller: Caller, id: number, requireTotp: boolean): Promise<AgentResponse> {
      requireAgentVisible(caller, id);
      requireStaffManager(caller);
      await existingAgent(work.tx, id);
      await setRequireTotp(work.tx, id, requireTotp);
      return readAgent(work.tx, caller, await existingAgent(work.tx, id));
    },

    /** Refused while the agent has bookings (they reference it); otherwise its groups and staff accounts go too. */
    async deleteAgent(work: Work, caller: Caller, id: number): Promise<void> {
      requireAgentVisible(caller, id);
      requireOperator(caller);
      if (!(await lockAgent(work.tx, id))) throw notFound('agent');
      refuseIfBookings(await bookingCounts(work.tx, { agentId: id }), 'agent');
      await deleteAgent(work.tx, id);
    },

    async csv(db: Executor): Promise<{ csv_base64: string; filename: string }> {
      const agents = await allAgents(db);
      const groups = await allGroups(db);
      const { rows: staffs } = await listStaff(db, {});
      const rows: AgentCsvRow[] = agents.map((a) => {
        const root = groups.find((g) => g.agentId === a.id && g.isRoot);
        const main = root ? mainAdminOf(staffs.filter((s) => s.groupId === root.id)) : undefined;
        return {
          ...a,
          agentType: a.agentType,
          mainAdmin: main ?? null,
          branchCount: groups.filter((g) => g.agentId === a.id && !g.isRoot).length,
          staffCount: staffs.filter((s) => s.agentId === a.id).length,
        };
      });
      const stamp = tokyoDateTime(new Date()).replace(/[-: ]/g, '').slice(0, 8);
      return { csv_base64: Buffer.from(agentsCsv(rows), 'utf8').toString('base64'), filename: `agents_${stamp}.csv` };
    },

    // ---------- groups ----------

    /** A branch with its main admin, who is invited by mail. Operators only. */
    async createGroup(work: Work, caller: Caller, input: CreateAgentGroupBody): Promise<{ id: number }> {
      requireAgentVisible(caller, input.agent_id);
      requireOperator(caller);
      const agent = await findAgent(work.tx, input.agent_id);
      if (!agent) throw new AppError('NOT_FOUND', 'agent_id: agent not found', 'agent_id');
      const groupId = await insertGroup(work.tx, agent.id, false, input);
      await addStaff(work, {
        agentId: agent.id,
        groupId,
        email: input.main_admin_email,
        name: input.main_admin_name,
        tel: input.main_admin_tel,
        languageCode: languageOfAgent(agent.countryCode),
        staffType: 'ADMIN',
      }, 'main_admin_email');
      return { id: groupId };
    },

    async getGroup(db: Executor, caller: Caller, id: number): Promise<AgentGroupDetailResponse> {
      const group = await findGroup(db, id);
      requireGroupVisible(caller, group);
      return readGroup(db, caller, group);
    },

    async updateGroup(work: Work, caller: Caller, id: number, input: UpdateAgentGroupBody): Promise<AgentGroupDetailResponse> {
      const group = await findGroup(work.tx, id);
      requireGroupVisible(caller, group);
      requireOperator(caller);
      await updateGroup(work.tx, id, input);
      if (group.isRoot) await setRootGroupFax(work.tx, group.agentId, input.fax);
      await updateMainAdmin(work, id, input);
      return readGroup(work.tx, caller, (await findGroup(work.tx, id))!);
    },

    /** The root group stays (delete the agent instead); a group with bookings stays. Its staff accounts go with it. */
    async deleteGroup(work: Work, caller: Caller, id: number): Promise<void> {
      const group = await lockGroup(work.tx, id);
      requireGroupVisible(caller, group);
      requireOperator(caller);
      if (group.isRoot) throw new AppError('ROOT_GROUP_NOT_DELETABLE', 'the root group of an agent cannot be deleted; delete the agent instead');
      refuseIfBookings(await bookingCounts(work.tx, { groupId: id }), 'group');
      await deleteGroup(work.tx, id);
    },

    // ---------- staff ----------

    async listStaff(db: Executor, caller: Caller, q: PagingQuery & { agent_id?: number; group_id?: number }): Promise<{ total: number; rows: StaffResponse[] }> {
      let filter: { agentId?: number; groupId?: number } = { agentId: q.agent_id, groupId: q.group_id };
      if (!isOperator(caller)) {
        if (q.agent_id !== undefined && q.agent_id !== caller.agentId) throw notFound('agent');
        if (q.group_id !== undefined) requireGroupVisible(caller, await findGroup(db, q.group_id));
        filter = { agentId: caller.agentId, groupId: caller.branchId ?? q.group_id };
      }
      const { total, rows } = await listStaff(db, filter, { page: q.page, perPage: q.per_page });
      return { total, rows: rows.map((r) => staffResponse(r, caller)) };
    },

    async createStaff(work: Work, caller: Caller, input: CreateStaffBody): Promise<StaffResponse> {
      const group = await findGroup(work.tx, input.group_id);
      if (!group || !seesGroup(caller, group)) throw new AppError('NOT_FOUND', 'group_id: agent group not found', 'group_id');
      requireStaffManager(caller);
      const id = await addStaff(work, {
        agentId: group.agentId,
        groupId: group.id,
        email: input.email,
        name: input.name,
        tel: input.tel,
        languageCode: input.language_code,
        staffType: input.staff_type,
      }, 'email');
      return staffResponse((await findStaff(work.tx, id))!, caller);
    },

    /**
     * Name, tel, language, staff type and group (a group of the same agent the caller manages).
     * A change of type or group ends the member's sessions (the caller keeps the current one).
     */
    async updateStaff(work: Work, caller: Caller, principal: Principal, id: string, input: UpdateStaffBody): Promise<StaffResponse> {
      const staff = await visibleStaff(work.tx, caller, id);
      requireStaffManager(caller);
      const group = await findGroup(work.tx, input.group_id);
      if (!group || group.agentId !== staff.agentId || !seesGroup(caller, group)) throw invalid('group_id', 'choose a group of this agent that you manage');
      const roleChanges = input.staff_type !== staff.staffType || input.group_id !== staff.groupId;
      if (staff.staffType === 'ADMIN' && roleChanges) await keepGroupAdmin(work, staff);
      await updateStaff(work.tx, id, { groupId: group.id, name: input.name, tel: input.tel, languageCode: input.language_code, staffType: input.staff_type });
      if (roleChanges) await deleteSessionsOf(work.tx, id, id === principal.accountId ? principal.sessionId : undefined);
      return staffResponse((await findStaff(work.tx, id))!, caller);
    },

    async deleteStaff(work: Work, caller: Caller, id: string): Promise<void> {
      const staff = await visibleStaff(work.tx, caller, id);
      requireStaffManager(caller);
      if (id === caller.accountId) throw new AppError('CANNOT_DELETE_SELF', 'you cannot delete your own account');
      if (staff.staffType === 'ADMIN') await keepGroupAdmin(work, staff);
      await deleteStaffAccount(work.tx, id);
    },

    /** A new invitation while no password was ever set, else a password reset link. */
    async sendPasswordReset(work: Work, caller: Caller, id: string): Promise<void> {
      const staff = await visibleStaff(work.tx, caller, id);
      requireStaffManager(caller);
      const account = await findAccountById(work.tx, id);
      await auth.issueResetLink(work, account!, staff.hasPassword ? 'RESET' : 'INVITE');
    },

    /** Removes the staff member's authenticator (a lost phone): operators only. Their sessions end. */
    async unenrollTotp(work: Work, caller: Caller, id: string): Promise<StaffResponse> {
      await visibleStaff(work.tx, caller, id);
      requireOperator(caller);
      await clearTotp(work.tx, id);
      await deleteSessionsOf(work.tx, id);
      return staffResponse((await findStaff(work.tx, id))!, caller);
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
