/**
 * Which live-update rooms a caller is in: the one answer, taken from the tenant scope (DESIGN §1),
 * so a caller is told only about what its own reads would show.
 */
import type { Room } from '@sagano/domain/realtime/realtime-events';
import type { Principal } from '../modules/auth/principal.ts';
import { tenantScopeOf } from '../modules/auth/tenant-scope.ts';

/** Operator and station staff: the operator's room; an agent's head office: its agent; branch staff: their branch. Everyone: dashboard articles. */
export function roomsOf(principal: Principal): Room[] {
  const scope = tenantScopeOf(principal);
  if (scope.agentId === null) return ['operator', 'everyone'];
  if (scope.agentSubGroupId === null) return [`agent:${scope.agentId}`, 'everyone'];
  return [`branch:${scope.agentSubGroupId}`, 'everyone'];
}
