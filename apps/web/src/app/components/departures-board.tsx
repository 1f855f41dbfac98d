import { Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileDownload, IconWheelchair } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays } from '@sagano/domain/common/business-date';
import type { DepartureTrain } from '@sagano/domain/dashboard/dashboard-schemas';
import { BookingStatusBadges } from '../../features/bookings/components/status-badges.tsx';
import { useBookingLabels } from '../../features/bookings/components/use-booking-labels.ts';
import { useDepartures } from '../../features/dashboard/api/get-departures.ts';
import { seatTablePdfUrl } from '../../features/seats/api/seat-steps.ts';
import { PendingFrame } from '../../components/pending-frame.tsx';
import { useAgentName } from '../../lib/agent-name.ts';

export type DepartureDay = 'today' | 'tomorrow';

/**
 * A day's trains with the groups riding them (DESIGN §10 "Dashboards"): today by the server's
 * clock, or tomorrow by the switch. Each group shows its headcount, wheelchairs and, when the
 * caller may have it, the seat table.
 */
export function DeparturesBoard({ day, onDayChange, testId }: { day: DepartureDay; onDayChange: (day: DepartureDay) => void; testId: string }) {
  const { t } = useTranslation('dashboard');
  const today = useDepartures(null);
  const tomorrowDate = today.data ? addDays(today.data.date, 1) : null;
  // Tomorrow's is read too: the switch shows how many groups travel each day.
  const tomorrow = useDepartures(tomorrowDate, tomorrowDate !== null);
  const groupsIn = (answer: typeof today) => answer.data?.trains.reduce((n, train) => n + train.groups.length, 0);
  const shown = day === 'today' ? today : tomorrow;
  const dayLabel = (name: string, groups: number | undefined) => (groups === undefined ? name : t('departures.dayWithGroups', { day: name, count: groups }));
  const trains = shown.data?.trains ?? [];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} size="h5" id={`${testId}-title`}>
            {t('departures.title')}
          </Title>
          {shown.data && (
            <Text size="sm" c="dimmed" data-testid={`${testId}-date`}>
              {t('departures.dateOf', { date: shown.data.date })}
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label={t('departures.daySwitch')}
          value={day}
          onChange={(value) => onDayChange(value === 'tomorrow' ? 'tomorrow' : 'today')}
          data={[
            { value: 'today', label: dayLabel(t('departures.today'), groupsIn(today)) },
            { value: 'tomorrow', label: dayLabel(t('departures.tomorrow'), groupsIn(tomorrow)) },
          ]}
        />
      </Group>
      {shown.isPending && <Loader size="sm" />}
      {/* Another day asked and not yet answered (tomorrow's moves on at midnight): the trains
          shown are the day before's, dimmed and marked busy. */}
      <PendingFrame pending={shown.isPlaceholderData}>
        {shown.data && trains.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('departures.none')}
          </Text>
        )}
        <Stack gap="md">
          {trains.map((train) => (
            <TrainDepartures key={train.service_id} train={train} />
          ))}
        </Stack>
      </PendingFrame>
    </Card>
  );
}

function TrainDepartures({ train }: { train: DepartureTrain }) {
  const { t } = useTranslation(['dashboard', 'bookings']);
  const agentName = useAgentName();
  const labels = useBookingLabels();
  const name = labels.label(train.service_name);
  return (
    <Stack gap={4} component="article" aria-label={name} data-testid={`departure-train-${train.service_id}`}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{train.departure_time ? t('departures.trainAt', { time: train.departure_time, name }) : name}</Text>
        <Badge variant="light" color="gray">
          {t(`departures.direction.${train.direction}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('departures.trainTotals', { groups: train.groups.length, participants: train.participants, adults: train.adults, children: train.children })}
        </Text>
        {train.wheelchairs > 0 && (
          <Badge color="blue" variant="light" leftSection={<IconWheelchair size={12} aria-hidden />}>
            {t('departures.wheelchairs', { count: train.wheelchairs })}
          </Badge>
        )}
      </Group>
      <Table.ScrollContainer minWidth={820}>
        <Table withTableBorder verticalSpacing={4} aria-label={t('departures.groupsOf', { name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('departures.columns.booking')}</Table.Th>
              <Table.Th>{t('departures.columns.group')}</Table.Th>
              <Table.Th>{t('departures.columns.section')}</Table.Th>
              <Table.Th ta="right">{t('departures.columns.adults')}</Table.Th>
              <Table.Th ta="right">{t('departures.columns.children')}</Table.Th>
              <Table.Th ta="right">{t('departures.columns.participants')}</Table.Th>
              <Table.Th>{t('departures.columns.wheelchairs')}</Table.Th>
              <Table.Th>{t('departures.columns.status')}</Table.Th>
              <Table.Th>{t('departures.columns.seatTable')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {train.groups.map((g) => (
              <Table.Tr key={g.booking_id} data-booking-id={g.booking_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/bookings/${g.booking_id}`} ff="monospace" size="sm">
                    {g.booking_id}
                  </Anchor>
                </Table.Td>
                <Table.Td miw={180}>
                  <Text size="sm" fw={600}>{g.group_name}</Text>
                  <Text size="xs" c="dimmed">{agentName(g.agent_name, g.agent_name_en)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{`${labels.stationName(g.from_station_id)} → ${labels.stationName(g.to_station_id)}`}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{g.adults}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{g.children}</Table.Td>
                <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{g.participants}</Table.Td>
                <Table.Td>
                  {g.wheelchairs > 0 ? (
                    <Text size="sm">
                      {t('departures.wheelchairs', { count: g.wheelchairs })}
                      {g.wheelchair_slopes > 0 && ` ${t('departures.slopes', { count: g.wheelchair_slopes })}`}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">—</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <BookingStatusBadges status={g.status} subStatus={g.sub_status} />
                </Table.Td>
                <Table.Td>
                  {g.can_show_seat_table ? (
                    <Button
                      component="a"
                      href={seatTablePdfUrl(g.booking_id)}
                      target="_blank"
                      rel="noopener"
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconFileDownload size={14} aria-hidden />}
                      aria-label={t('departures.seatTableOf', { group: g.group_name })}
                    >
                      {t('departures.seatTable')}
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">{t('departures.seatTableNotYet')}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
