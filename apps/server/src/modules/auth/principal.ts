import { API_KEY_OPERATOR_PREFIX } from '@sagano/domain/auth/api-key-schemas';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import { agentRole, operatorRole, type Role } from '@sagano/domain/auth/roles';
import type { AccountWithProfile } from './accounts.repository.ts';

/** The signed-in caller of a request. */
export interface Principal {
  accountId: string;
  sessionId: string;
  csrfToken: string;
  viaCookie: boolean;
  expiresAt: Date;
  user: SessionUser;
  /** Set when the caller is an agent's system with an API key (it acts as staff of the key's branch). */
  apiKey?: { id: number; name: string } | undefined;
}

export function roleOf(account: AccountWithProfile): Role {
  if (account.kind === 'AGENT') return agentRole(account.staffType ?? 'STAFF', account.groupIsRoot ?? false);
  return operatorRole(account.userGroup ?? 'STATION', account.userType ?? 'STAFF');
}

export function sessionUserOf(account: AccountWithProfile): SessionUser {
  const role = roleOf(account);
  const isBranch = role === 'groupAdmin' || role === 'groupStaff';
  return {
    uid: account.id,
    email: account.email,
    name: account.name,
    language_code: account.languageCode,
    kind: account.kind,
    role,
    user_group: account.userGroup,
    user_type: account.userType,
    agent_id: account.agentId,
    agent_sub_group_id: isBranch ? account.groupId : null,
    staff_type: account.staffType,
    agent_type: account.agentType,
    totp_enrolled: account.totpEnrolledAt !== null,
    totp_setup_required: account.kind === 'AGENT' && account.agentRequiresTotp && account.totpEnrolledAt === null,
  };
}

/** How the operation log names the caller. */
export function operatorLabel(principal: Principal | null | undefined, fallback = 'anonymous'): string {
  if (principal?.apiKey) return `${API_KEY_OPERATOR_PREFIX}${principal.apiKey.name}`;
  return principal ? principal.user.email : fallback;
}
