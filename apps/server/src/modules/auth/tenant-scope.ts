/**
 * Tenant scope (DESIGN §1): the one answer to "what may this caller see". The operator's staff
 * see every agent; an agent's root-group staff see their agent; a branch's staff see their
 * branch. Booking reads and steps, searches, notifications and the agent records all ask here;
 * what lies outside the scope answers 404, as if it did not exist.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from './principal.ts';

/** null fields mean "every": an operator has both null, an agent's root-group staff a null branch. */
export interface TenantScope {
  agentId: number | null;
  agentSubGroupId: number | null;
}

/** Whatever carries an agent and a branch: a booking, a notification, a group (its own id as the branch). */
export interface TenantOwned {
  agentId: number;
  agentSubGroupId: number;
}

export const EVERY_TENANT: TenantScope = { agentId: null, agentSubGroupId: null };

export function tenantScopeOf(principal: Principal): TenantScope {
  const u = principal.user;
  if (u.kind === 'OPERATOR') return EVERY_TENANT;
  return { agentId: u.agent_id, agentSubGroupId: u.agent_sub_group_id };
}

export function inTenantScope(scope: TenantScope, owned: TenantOwned): boolean {
  if (scope.agentId !== null && scope.agentId !== owned.agentId) return false;
  return scope.agentSubGroupId === null || scope.agentSubGroupId === owned.agentSubGroupId;
}

/** An agent sees its own bookings; a branch its own branch's. Anything else is "not found". */
export function canSee(principal: Principal, owned: TenantOwned): boolean {
  return inTenantScope(tenantScopeOf(principal), owned);
}

/** The same scope as a SQL condition on a table alias with agent_id and agent_sub_group_id columns (searches, notification lists). */
export function tenantScopeSql(scope: TenantScope, alias: string): SQL {
  const f: SQL[] = [sql`true`];
  if (scope.agentId !== null) f.push(sql`${sql.raw(alias)}.agent_id = ${scope.agentId}`);
  if (scope.agentSubGroupId !== null) f.push(sql`${sql.raw(alias)}.agent_sub_group_id = ${scope.agentSubGroupId}`);
  return sql.join(f, sql` and `);
}
