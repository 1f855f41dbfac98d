import { createContext, use } from 'react';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';

/** The signed-in user, provided by the shell for every screen inside it. */
export const CurrentUserContext = createContext<SessionUser | null>(null);

export function useCurrentUser(): SessionUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the signed-in shell');
  return user;
}

/** The role in words: station and train users are operator staff, named by where they work. */
export type RoleLabelKey = SessionUser['role'] | 'station' | 'train';

export function roleLabelKey(user: Pick<SessionUser, 'kind' | 'role' | 'user_group'>): RoleLabelKey {
  if (user.kind === 'OPERATOR' && user.user_group === 'STATION') return 'station';
  if (user.kind === 'OPERATOR' && user.user_group === 'TRAIN') return 'train';
  return user.role;
}
