import { Burger, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconTrain } from '@tabler/icons-react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { AccountMenu } from './account-menu.tsx';

/** The spec's "click the title": forget this tab's stored state (e.g. a half-done booking flow) and start again. */
function restart(): void {
  sessionStorage.clear();
  window.location.reload();
}

export function AppHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigation = useNavigation();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('header.closeNavigation') : t('header.openNavigation')}
        />
        <UnstyledButton onClick={restart} title={t('header.titleHint')} aria-label={t('common:appTitle')} miw={0}>
          <Group gap={8} wrap="nowrap">
            <IconTrain size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text fw={700} size="md" visibleFrom="sm" truncate="end">
              {t('common:appTitle')}
            </Text>
            <Text fw={700} size="md" hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('common:appTitleShort')}
            </Text>
          </Group>
        </UnstyledButton>
        {/* role="status": a label on a plain span is not allowed (axe aria-prohibited-attr). */}
        {navigation.state !== 'idle' && <Loader size="xs" role="status" aria-label={t('header.loading')} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        <AccountMenu />
      </Group>
    </Group>
  );
}
