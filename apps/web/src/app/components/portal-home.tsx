import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarSearch, IconTicket } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '@sagano/domain/bookings/booking-constants';
import type { BookingStatus } from '@sagano/domain/bookings/booking-state';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { TableEmptyRow } from '../../components/table-empty-row.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useAgentName } from '../../lib/agent-name.ts';
import { useNotifications } from '../../features/bookings/api/get-notifications.ts';
import { searchServiceOrders } from '../../features/bookings/api/search-service-orders.ts';
import { agentScopeOf, useOwnAgent, useOwnGroup } from '../../lib/own-agent.ts';
import { portalKeys } from '../../features/portal/api/portal-keys.ts';
import { groupName } from '../../features/portal/components/staff-groups.ts';

/** The statuses an agent follows; the last two wait for the agent's answer or the operator's. */
const COUNTED: readonly BookingStatus[] = ['SUBMITTED', 'RESERVED', 'MODIFICATION_SUBMITTED', 'CANCELLATION_SUBMITTED', 'CANCELLATION_PENDING'];
/** Waiting for the agent: the fee the operator quoted must be agreed to. */
const NEEDS_AGENT: readonly BookingStatus[] = ['CANCELLATION_PENDING'];
const LATEST_NOTIFICATIONS = 5;

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The list filtered to a status, travelling from today (the dates are written so the list keeps them). */
export function bookingsLink(status: BookingStatus, today: string): string {
  return `/bookings?${new URLSearchParams({ service_from: today, service_to: '', status }).toString()}`;
}

/** How many of the caller's booked trains, from today, have each status (the server scopes to the agent or branch). */
function useStatusCounts(today: string) {
  return useQueries({
    queries: COUNTED.map((status) => ({
      queryKey: portalKeys.bookingCount(status, today),
      queryFn: () => searchServiceOrders({ status: [status], service_date_from: today, page: 1, per_page: 1 }),
    })),
  });
}

/** Where the user works: the agent (head office staff) or the branch. */
function Workplace() {
  const { t, i18n } = useTranslation('portal');
  const user = useCurrentUser();
  const scope = agentScopeOf(user);
  const agent = useOwnAgent(scope);
  const branch = useOwnGroup(scope);
  const agentName = useAgentName();
  if (scope?.kind === 'headOffice' && agent.data) {
    const name = agentName(agent.data.name_ja, agent.data.name_en);
    return (
      <Text size="sm" data-testid="portal-workplace">
        {t('home.agentNamed', { name })}
      </Text>
    );
  }
  if (scope?.kind === 'branch' && branch.data) {
    return (
      <Text size="sm" data-testid="portal-workplace">
        {t('home.branchNamed', { name: groupName(branch.data, i18n.language), agent: agentName(branch.data.agent.name_ja, branch.data.agent.name_en) })}
      </Text>
    );
  }
  return null;
}

/** The agent portal's home: where you work, your bookings by status, the latest notifications, where to book. */
export function PortalHome() {
  const { t } = useTranslation(['portal', 'bookings', 'notifications', 'common']);
  const today = tokyoToday();
  const counts = useStatusCounts(today);
  const notifications = useNotifications('booking', 1);
  const latest = (notifications.data?.notifications ?? []).slice(0, LATEST_NOTIFICATIONS);

  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Workplace />
          <Title order={2} size="h5">
            {t('home.quickTitle')}
          </Title>
          <Group gap="sm">
            <Button component={Link} to="/search-allotments" leftSection={<IconCalendarSearch size={18} aria-hidden />}>
              {t('home.searchAllotments')}
            </Button>
            <Button component={Link} to="/bookings" variant="default" leftSection={<IconTicket size={18} aria-hidden />}>
              {t('home.bookings')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="portal-counts-title">
        <Title order={2} size="h5" mb="sm" id="portal-counts-title">
          {t('home.countsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {COUNTED.map((status, i) => {
            const answer = counts[i]?.data;
            const count = answer ? `${answer.total}${answer.total_capped ? '+' : ''}` : t('home.countUnavailable');
            const label = t(`bookings:status.${status}`);
            const attention = NEEDS_AGENT.includes(status) && (answer?.total ?? 0) > 0;
            return (
              <UnstyledButton
                key={status}
                component={Link}
                to={bookingsLink(status, today)}
                data-testid={`portal-count-${status}`}
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)', padding: 'var(--mantine-spacing-sm)' }}
              >
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {count}
                </Text>
                {attention && (
                  <Badge color="orange" size="xs" variant="light">
                    {t('home.needsAction')}
                  </Badge>
                )}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          {t('home.countsNote')}
        </Text>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="portal-notifications-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5" id="portal-notifications-title">
            {t('home.notificationsTitle')}
          </Title>
          <Anchor component={Link} to="/notifications" size="sm">
            {t('home.allNotifications')}
          </Anchor>
        </Group>
        <Table aria-labelledby="portal-notifications-title" verticalSpacing="xs">
          <Table.Tbody>
            {latest.length === 0 && <TableEmptyRow colSpan={3}>{notifications.isPending ? t('common:status.loading') : t('home.noNotifications')}</TableEmptyRow>}
            {latest.map((row) => (
              <Table.Tr key={row.notification_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }} w={170}>
                  <Text size="sm">{formatDateTime(row.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{isKind(row.kind) ? t(`notifications:kinds.${row.kind}`) : t('notifications:otherKind')}</Text>
                  {row.group_name && (
                    <Text size="xs" c="dimmed">
                      {row.group_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {row.booking_id && (
                    <Anchor component={Link} to={`/bookings/${row.booking_id}`} ff="monospace" size="sm">
                      {row.booking_id}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}
