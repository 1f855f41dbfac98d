import { Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderRow, ServiceOrderSort } from '@sagano/domain/bookings/booking-schemas';
import type { ListSort } from '../api/booking-list-query.ts';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { shortWeekday } from '../../../lib/calendar-grid.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { BookingStatusBadges, PaymentStatusBadge } from './status-badges.tsx';
import type { BookingLabels } from './use-booking-labels.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';

/** One booking of the list with its trains (a round trip has two, outbound first). */
export type BookingListItem = ServiceOrderRow & { legs: ServiceOrderRow[] };

/** Joins the search's rows (one per train, a booking's trains next to each other) into one item per booking. */
export function groupByBooking(rows: readonly ServiceOrderRow[]): BookingListItem[] {
  const items: BookingListItem[] = [];
  for (const row of rows) {
    const last = items.at(-1);
    if (last?.id === row.id) last.legs.push(row);
    else items.push({ ...row, legs: [row] });
  }
  return items;
}

/** The booking's unread notifications in the caller's inbox (the row's `notifications`), when there are any. */
function UnreadBadge({ item }: { item: ServiceOrderRow }) {
  const { t } = useTranslation('bookings');
  const unread = item.notifications.filter((n) => !n.is_read).length;
  if (unread === 0) return null;
  return (
    <Badge size="xs" color="red" variant="light" mt={4} data-testid={`booking-unread-${item.booking_id}`} style={{ textTransform: 'none' }}>
      {t('list.unreadNotifications', { count: unread })}
    </Badge>
  );
}

/** A date as the list shows it: 11/25（水） this year, 2027/01/05（火） otherwise. */
function compactDay(date: string, language: string, thisYear: string): string {
  const [y, m, d] = date.split('-');
  const day = y === thisYear ? `${m}/${d}` : `${y}/${m}/${d}`;
  const weekday = shortWeekday(date, language);
  return language === 'ja' ? `${day}（${weekday}）` : `${day} (${weekday})`;
}

/** A timestamp as the list shows it, in Tokyo: 11/24 10:05 this year, 2025/11/24 10:05 otherwise. */
function compactDateTime(value: string, thisYear: string): string {
  const full = formatDateTime(value); // yyyy-MM-dd HH:mm:ss
  const [date = '', time = ''] = full.split(' ');
  const [y, m, d] = date.split('-');
  return `${y === thisYear ? `${m}/${d}` : `${y}/${m}/${d}`} ${time.slice(0, 5)}`;
}

/**
 * The booking list: one row per booking with each of its trains (date, train, time, segment);
 * on a phone, one card per booking. Sortable headers are buttons; the sort is the caller's (the address).
 */
export function BookingTable({
  rows,
  labels,
  sort,
  onSort,
}: {
  rows: ServiceOrderRow[];
  labels: BookingLabels;
  sort: ListSort;
  onSort: (sort: ServiceOrderSort) => void;
}) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  const agentName = useAgentName();
  const navigate = useNavigate();
  // Read at the first render (no server rendering here): reading it in an effect rendered a phone's list twice, as a table and then as cards.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const items = groupByBooking(rows);
  const thisYear = tokyoToday().slice(0, 4);
  const day = (date: string) => compactDay(date, i18n.language, thisYear);

  const trainLine = (leg: ServiceOrderRow) => (
    <>
      {labels.label(leg.service_name)}
      {leg.departure_time && ` ${leg.departure_time}`}
    </>
  );
  const segment = (leg: ServiceOrderRow) => `${labels.stationName(leg.from_station_id)} → ${labels.stationName(leg.to_station_id)}`;

  if (phone) {
    return (
      <Stack gap="sm" aria-label={t('list.title')}>
        {items.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('common:status.noResults')}
          </Text>
        )}
        {items.map((item) => (
          <Card
            key={item.id}
            withBorder
            padding="sm"
            data-testid={`booking-card-${item.booking_id}`}
            component={Link}
            to={`/bookings/${item.booking_id}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Text ff="monospace" fw={600} data-field="booking-id">
                  {item.booking_id}
                </Text>
                <Text size="sm" fw={500} data-field="group">
                  {item.group_name}
                </Text>
              </Stack>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-field="people">
                {t('list.peopleCount', { count: item.participant_quantity })}
              </Text>
            </Group>
            <Stack gap={2} mt={6} data-field="trains">
              {item.legs.map((leg) => (
                <Text size="sm" key={leg.direction}>
                  <Text span fw={500} data-field="service-date">
                    {day(leg.service_date)}
                  </Text>{' '}
                  {trainLine(leg)}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {segment(leg)}
                  </Text>
                </Text>
              ))}
            </Stack>
            <Group gap={4} mt={6} data-field="status">
              <BookingStatusBadges status={item.status} subStatus={item.sub_status} wrapLabels />
              {item.payment_info && <PaymentStatusBadge status={item.payment_info.status} />}
              <UnreadBadge item={item} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  const sortHeader = (key: ServiceOrderSort, label: ReactNode, props: { ta?: 'right' } = {}) => {
    const active = sort.sort === key;
    const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'} {...props}>
        <UnstyledButton onClick={() => onSort(key)} fz="sm" fw={700} data-sort={key}>
          <Group gap={4} wrap="nowrap">
            <span>{label}</span>
            <Icon size={14} aria-hidden stroke={1.5} opacity={active ? 1 : 0.45} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('list.title')} highlightOnHover verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {sortHeader('booking_id', t('list.columns.bookingId'))}
            {sortHeader('service_date', t('list.columns.serviceDate'))}
            <Table.Th>{t('list.columns.trainAndSegment')}</Table.Th>
            {sortHeader('group_name', t('list.columns.group'))}
            <Table.Th>{t('list.columns.agent')}</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t('list.columns.people')}
            </Table.Th>
            {sortHeader('status', t('list.columns.status'))}
            <Table.Th>{t('list.columns.payment')}</Table.Th>
            {sortHeader('submitted_at', t('list.columns.submittedAt'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && <TableEmptyRow colSpan={9}>{t('common:status.noResults')}</TableEmptyRow>}
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              data-testid={`booking-row-${item.booking_id}`}
              style={{ cursor: 'pointer' }}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                void navigate(`/bookings/${item.booking_id}`);
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={`/bookings/${item.booking_id}`} ff="monospace" size="sm" aria-label={t('list.openBooking', { id: item.booking_id })}>
                  {item.booking_id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={4}>
                  {item.legs.map((leg) => (
                    <Text size="sm" key={leg.direction} data-service-date={leg.service_date} lh={1.45}>
                      {day(leg.service_date)}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  {item.legs.map((leg) => (
                    <div key={leg.direction} data-testid={`booking-train-${leg.direction}`}>
                      <Text size="sm" lh={1.45} style={{ whiteSpace: 'nowrap' }}>
                        {trainLine(leg)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {segment(leg)}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{item.group_name}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`groupType.${item.group_type}`)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{agentName(item.agent.name, item.agent.name_en)}</Text>
                  <Text size="xs" c="dimmed">
                    {agentName(item.agent_sub_group_name, item.agent_sub_group_name_en)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {item.participant_quantity}
              </Table.Td>
              <Table.Td miw={96}>
                <BookingStatusBadges status={item.status} subStatus={item.sub_status} wrapLabels />
                <UnreadBadge item={item} />
              </Table.Td>
              <Table.Td>{item.payment_info ? <PaymentStatusBadge status={item.payment_info.status} wrapLabel /> : <Text size="xs" c="dimmed">—</Text>}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="xs" c="dimmed">
                  {compactDateTime(item.submitted_at, thisYear)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
