import { useState } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_APPROVAL_STATUS,
  DASHBOARD_BOOKING_FILTERS,
  DASHBOARD_COUNT_KEYS,
  type DashboardCountKey,
} from '@sagano/domain/dashboard/dashboard-counts';
import { useDashboardSummary } from '../../features/dashboard/api/get-dashboard-summary.ts';
import { DeparturesBoard, type DepartureDay } from './departures-board.tsx';

/**
 * Where each count's link goes: the filtered list that shows exactly what it counts (the booking
 * list with its dates cleared, or from today with the nearest train first; the payments list; the
 * approvals screen).
 */
export function countLink(key: DashboardCountKey, today: string): string {
  if (key === 'approvals_waiting') return `/approvals?status=${DASHBOARD_APPROVAL_STATUS}`;
  const f = DASHBOARD_BOOKING_FILTERS[key];
  if (f.overdue) return '/payments?overdue=true';
  const params = new URLSearchParams({ service_from: f.upcoming ? today : '', service_to: '' });
  if (f.status) params.set('status', f.status.join(','));
  if (f.admin_notification_msg) params.set('notification', f.admin_notification_msg);
  if (f.upcoming) {
    params.set('sort', 'service_date');
    params.set('order', 'asc');
  }
  return `/bookings?${params.toString()}`;
}

/** Counts that wait on the operator: shown in colour when there is something to do. */
const ACTION: ReadonlySet<DashboardCountKey> = new Set(['new_requests', 'changes_waiting', 'cancellations_waiting', 'approvals_waiting', 'payments_overdue']);

/** The back office's dashboard: what needs action today, each count a link to its list; today's and tomorrow's departures. */
export function OperatorDashboard() {
  const { t } = useTranslation('dashboard');
  const summary = useDashboardSummary();
  const [day, setDay] = useState<DepartureDay>('today');

  return (
    <>
      <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-todo-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5" id="dashboard-todo-title">
            {t('todo.title')}
          </Title>
          {summary.data && (
            <Text size="sm" c="dimmed">
              {t('todo.today', { date: summary.data.today })}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {DASHBOARD_COUNT_KEYS.map((key) => {
            const count = summary.data?.counts[key];
            const attention = ACTION.has(key) && (count ?? 0) > 0;
            return (
              <UnstyledButton
                key={key}
                component={Link}
                to={countLink(key, summary.data?.today ?? '')}
                data-testid={`dashboard-count-${key}`}
                style={{
                  border: `1px solid var(--mantine-color-${attention ? 'orange-4' : 'gray-3'})`,
                  background: attention ? 'var(--mantine-color-orange-light)' : undefined,
                  borderRadius: 'var(--mantine-radius-sm)',
                  padding: 'var(--mantine-spacing-sm)',
                }}
              >
                <Text size="sm" fw={600}>
                  {t(`todo.counts.${key}.label`)}
                </Text>
                {count === undefined ? (
                  <Skeleton h={32} w={48} my={2} />
                ) : (
                  <Text fw={700} fz={28} lh={1.2} c={attention ? 'orange.9' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`dashboard-count-${key}-value`}>
                    {count}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t(`todo.counts.${key}.hint`)}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Card>
      <DeparturesBoard day={day} onDayChange={setDay} testId="dashboard-departures" />
    </>
  );
}
