import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { PageHeader } from '../../components/page-header.tsx';
import { roleLabelKey, useCurrentUser } from '../../lib/current-user.ts';
import { OperatorDashboard } from '../components/operator-dashboard.tsx';
import { PortalHome } from '../components/portal-home.tsx';
import { StationDashboard } from '../components/station-dashboard.tsx';
import { MessageBoard } from '../../features/messages/components/message-board.tsx';

/**
 * The landing screen: a greeting; what needs doing and the departures for the back office, the
 * day's trains for station staff, the portal's home for agent staff; and the operator's articles
 * (read-only but for the back office).
 */
export function Component() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useCurrentUser();
  const role = t(`common:roles.${roleLabelKey(user)}`);
  const caps = capabilitiesOf(user);

  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="md" maw={caps.agentPortal ? 960 : 1200}>
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
        {caps.backOffice && <OperatorDashboard />}
        {caps.stationOnly && <StationDashboard />}
        {caps.agentPortal && <PortalHome />}
        <MessageBoard canEdit={caps.backOffice} />
      </Stack>
    </>
  );
}
