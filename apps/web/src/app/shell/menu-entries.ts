import type { Icon } from '@tabler/icons-react';
import { IconDashboard, IconKey, IconListSearch, IconMail, IconUsers } from '@tabler/icons-react';
import type { MenuEntryKey } from '@sagano/domain/auth/menu-access';

export interface BuiltMenuEntry {
  key: MenuEntryKey;
  path: string;
  icon: Icon;
}

/**
 * The sidebar entries whose screens exist. Which of them a user sees is the domain's rule
 * (visibleMenuGroups); a later issue adds its screen here and nothing else changes.
 */
export const BUILT_MENU_ENTRIES = [
  { key: 'dashboard', path: '/dashboard', icon: IconDashboard },
  { key: 'operationLogs', path: '/operation-logs', icon: IconListSearch },
  { key: 'mails', path: '/mails', icon: IconMail },
  { key: 'users', path: '/users', icon: IconUsers },
  { key: 'changePassword', path: '/change-password', icon: IconKey },
] as const satisfies readonly BuiltMenuEntry[];
