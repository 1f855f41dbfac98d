import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { PageHeader } from '../../components/page-header.tsx';
import { roleLabelKey, useCurrentUser } from '../../lib/current-user.ts';
import { PortalHome } from '../components/portal-home.tsx';
import { MessageBoard } from '../../features/messages/components/message-board.tsx';

/** The landing screen: a greeting, the agent portal's home for agent staff, and the operator's articles (read-only but for the back office). */
export function Component() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useCurrentUser();
  const role = t(`common:roles.${roleLabelKey(user)}`);

  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="md" maw={960}>
        <Card withBorder padding="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Title order={2} size="h4" data-testid="dashboard-welcome">
                {t('welcome', { name: user.name || user.email })}
              </Title>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </Stack>
            <Badge size="lg" variant="light" aria-label={t('role', { role })}>
              {role}
            </Badge>
          </Group>
        </Card>
        {capabilitiesOf(user).agentPortal && <PortalHome />}
        <MessageBoard canEdit={capabilitiesOf(user).backOffice} />
      </Stack>
    </>
  );
}
