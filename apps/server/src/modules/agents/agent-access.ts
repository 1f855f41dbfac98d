/**
 * Who may see and change agents, groups and staff (tenant isolation, DESIGN §1). Rule of
 * thumb: what lies outside the caller's agent or branch answers 404, exactly as if it did not
 * exist; what the caller may see but not change answers 403.
 */
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { type Principal, inTenantScope } from '../auth/index.ts';

export type Caller =
  | { kind: 'operator'; accountId: string }
  | {
      kind: 'agent';
      accountId: string;
      agentId: number;
      /** The branch of a branch user; null for staff of the root group, who act for the whole agent. */
      branchId: number | null;
      admin: boolean;
    };

/** Back-office operators and agent staff; station users are refused. */
export function callerOf(principal: Principal): Caller {
  const u = principal.user;
  const caps = capabilitiesOf(u);
  if (caps.agentPortal && u.agent_id !== null) {
    return { kind: 'agent', accountId: principal.accountId, agentId: u.agent_id, branchId: u.agent_sub_group_id, admin: u.staff_type === 'ADMIN' };
  }
  if (caps.backOffice) return { kind: 'operator', accountId: principal.accountId };
  throw forbidden();
}

export const isOperator = (c: Caller): c is Extract<Caller, { kind: 'operator' }> => c.kind === 'operator';

/** The agent record: operators, and staff of the agent's root group. A branch user of the agent is refused; anyone else is told it does not exist. */
export function requireAgentVisible(c: Caller, agentId: number): void {
  if (c.kind === 'operator') return;
  if (c.agentId !== agentId) throw notFound('agent');
  if (c.branchId !== null) throw forbidden();
}

/** A group and its staff: operators, root-group staff of its agent, and the branch's own staff. */
export function seesGroup(c: Caller, group: { id: number; agentId: number }): boolean {
  if (c.kind === 'operator') return true;
  return inTenantScope({ agentId: c.agentId, agentSubGroupId: c.branchId }, { agentId: group.agentId, agentSubGroupId: group.id });
}

export function requireGroupVisible(c: Caller, group: { id: number; agentId: number } | undefined, what = 'agent group'): asserts group {
  if (!group || !seesGroup(c, group)) throw notFound(what);
}

/** Managing staff of a visible group: operators, and ADMIN staff (agent admins for every group, branch admins for their branch). */
export function requireStaffManager(c: Caller): void {
  if (c.kind === 'agent' && !c.admin) throw forbidden();
}

export function requireOperator(c: Caller): void {
  if (c.kind !== 'operator') throw forbidden();
}
