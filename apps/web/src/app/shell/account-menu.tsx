import { Button, Menu, Text } from '@mantine/core';
import { IconApi, IconChevronDown, IconKey, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayOpenMenuEntry } from '@sagano/domain/auth/menu-access';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { useLogout } from '../../features/auth/api/logout.ts';
import { roleLabelKey, useCurrentUser } from '../../lib/current-user.ts';
import { notifySuccess } from '../../lib/notify.ts';

export function AccountMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const user = useCurrentUser();
  const logout = useLogout();
  // The API reference (served by the server at /v1/docs) is for those who connect systems: the
  // back office and agent administrators. The server opens it to any signed-in account.
  const mayReadApiReference = !user.totp_setup_required && (capabilitiesOf(user).backOffice || user.role === 'agentAdmin' || user.role === 'groupAdmin');

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          // The name begins with the e-mail shown on the button (WCAG 2.5.3: the visible label is in the name).
          aria-label={t('header.accountMenuOf', { email: user.email })}
          leftSection={<IconUserCircle size={20} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          px="xs"
        >
          <Text size="sm" visibleFrom="sm" maw={220} truncate="end">
            {user.email}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.signedInAs')}</Menu.Label>
        <Text size="sm" px="sm" fw={600} data-testid="account-email" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
        <Text size="xs" px="sm" pb="xs" c="dimmed">
          {user.name} · {t(`common:roles.${roleLabelKey(user)}`)}
        </Text>
        {/* A menu holds menu items, groups and separators only (axe: aria-required-children). */}
        <Menu.Divider role="separator" />
        {mayOpenMenuEntry(user, 'twoFactor') && (
          <Menu.Item component={Link} to="/two-factor" leftSection={<IconShieldLock size={16} aria-hidden />}>
            {t('header.twoFactor')}
          </Menu.Item>
        )}
        {mayOpenMenuEntry(user, 'changePassword') && (
          <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} aria-hidden />}>
            {t('header.changePassword')}
          </Menu.Item>
        )}
        {mayReadApiReference && (
          <Menu.Item component="a" href="/v1/docs" target="_blank" rel="noopener" leftSection={<IconApi size={16} aria-hidden />}>
            {t('header.apiReference')}
          </Menu.Item>
        )}
        <Menu.Item
          // The palette's 9: red 6 on white is 3.3:1, under the 4.5:1 text needs (WCAG 1.4.3).
          color="red.9"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate(undefined, { onSuccess: () => notifySuccess(t('loggedOut')) })}
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
