import { useEffect, useRef, useState } from 'react';
import { Badge, Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visibleMenuGroups, type MenuGroupKey } from '@sagano/domain/auth/menu-access';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { useUnreadCount } from '../../features/bookings/api/get-unread-count.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { BUILT_MENU_ENTRIES } from './menu-entries.ts';

/** Names the agent portal gives some entries and groups (an agent books from the seat inquiry). */
type BuiltKey = (typeof BUILT_MENU_ENTRIES)[number]['key'];
const AGENT_ENTRY_NAMES: Partial<Record<BuiltKey, 'searchAllotments' | 'payments' | 'monthlyReport'>> = { searchAllotments: 'searchAllotments', payments: 'payments', monthlyReport: 'monthlyReport' };
const AGENT_GROUP_NAMES: Partial<Record<MenuGroupKey, 'groupManager' | 'sales' | 'account'>> = { groupManager: 'groupManager', sales: 'sales', account: 'account' };

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const groups = visibleMenuGroups(user, BUILT_MENU_ENTRIES);
  const caps = capabilitiesOf(user);
  const portal = caps.agentPortal;
  const hasInbox = groups.some((g) => g.entries.some((e) => e.key === 'notifications'));
  // The notifications entry carries the inbox's unread count (live events refresh it through the notifications root).
  const unread = useUnreadCount(hasInbox && (caps.backOffice || caps.agentPortal)).data?.total ?? 0;
  const groupName = (group: MenuGroupKey) => {
    const agentName = portal ? AGENT_GROUP_NAMES[group] : undefined;
    return agentName ? t(`nav.agentGroups.${agentName}`) : t(`nav.groups.${group}`);
  };
  const entryName = (key: BuiltKey) => {
    const agentName = portal ? AGENT_ENTRY_NAMES[key] : undefined;
    return agentName ? t(`nav.agentEntries.${agentName}`) : t(`nav.entries.${key}`);
  };

  // The menu is longer than a laptop screen for the back office: a visible scrollbar and a fade at
  // the bottom edge say there is more below, until the end is reached. An observer of the menu's
  // last line tells, without making the browser lay the page out at mount to measure it.
  const viewport = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  useEffect(() => {
    const root = viewport.current;
    const target = end.current;
    if (!root || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setMoreBelow(entry ? !entry.isIntersecting : false), { root, rootMargin: '0px 0px 4px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return (
    <Box pos="relative" h="100%">
    <ScrollArea component="nav" aria-label={t('nav.label')} h="100%" type="auto" viewportRef={viewport}>
      <Stack gap="md" p="sm">
        {groups.map(({ group, entries }) => (
          <Stack key={group} gap={2} role="group" aria-labelledby={group === 'main' ? undefined : `nav-group-${group}`}>
            {group !== 'main' && (
              <Text id={`nav-group-${group}`} size="xs" fw={700} c="dimmed" px="sm" pb={4}>
                {groupName(group)}
              </Text>
            )}
            {entries.map((entry) => {
              const active = isActive(pathname, entry.path);
              return (
                <NavLink
                  key={entry.key}
                  component={Link}
                  to={entry.path}
                  label={entryName(entry.key)}
                  rightSection={
                    entry.key === 'notifications' && unread > 0 ? (
                      <Badge size="sm" color="red" variant="filled" data-testid="unread-badge" aria-label={t('nav.unread', { count: unread })}>
                        {unread > 99 ? '99+' : unread}
                      </Badge>
                    ) : undefined
                  }
                  leftSection={<entry.icon size={18} stroke={1.6} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
      <div ref={end} aria-hidden style={{ height: 1 }} />
    </ScrollArea>
    {moreBelow && (
      <Box
        aria-hidden
        data-testid="sidebar-more-below"
        pos="absolute"
        left={0}
        right={0}
        bottom={0}
        h={40}
        style={{ pointerEvents: 'none', background: 'linear-gradient(to bottom, transparent, var(--mantine-color-body))' }}
      />
    )}
    </Box>
  );
}
