import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderRow } from '@sagano/domain/bookings/booking-schemas';
import { formatDateTime } from '../../../lib/dates.ts';
import { BookingStatusBadges, PaymentStatusBadge } from './status-badges.tsx';
import type { BookingLabels } from './use-booking-labels.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';

/** One row per booked train: date, train, segment, group, agent, people, status and payment. */
export function BookingTable({ rows, labels }: { rows: ServiceOrderRow[]; labels: BookingLabels }) {
  const { t } = useTranslation(['bookings', 'common']);
  const agentName = useAgentName();
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label={t('list.title')} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.bookingId')}</Table.Th>
            <Table.Th>{t('list.columns.serviceDate')}</Table.Th>
            <Table.Th>{t('list.columns.train')}</Table.Th>
            <Table.Th>{t('list.columns.segment')}</Table.Th>
            <Table.Th miw={140}>{t('list.columns.group')}</Table.Th>
            <Table.Th miw={140}>{t('list.columns.agent')}</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t('list.columns.people')}
            </Table.Th>
            <Table.Th miw={130}>{t('list.columns.status')}</Table.Th>
            <Table.Th miw={110}>{t('list.columns.payment')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <TableEmptyRow colSpan={9}>{t('common:status.noResults')}</TableEmptyRow>}
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid={`booking-row-${row.booking_id}`}
              style={{ cursor: 'pointer' }}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                void navigate(`/bookings/${row.booking_id}`);
              }}
            >
              <Table.Td>
                <Stack gap={0}>
                  <Anchor component={Link} to={`/bookings/${row.booking_id}`} ff="monospace" aria-label={t('list.openBooking', { id: row.booking_id })}>
                    {row.booking_id}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(row.submitted_at).slice(0, 16)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.service_date}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {labels.label(row.service_name)}
                  </Text>
                  {row.is_round_trip && (
                    <Badge size="xs" variant="outline" color="grape" miw="max-content">
                      {t('list.roundTrip')}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                {/* Two short lines (from →, to) leave the group and agent names room not to wrap letter by letter. */}
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {labels.stationName(row.from_station_id)} →
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {labels.stationName(row.to_station_id)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{row.group_name}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`groupType.${row.group_type}`)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{agentName(row.agent.name, row.agent.name_en)}</Text>
                  <Text size="xs" c="dimmed">
                    {agentName(row.agent_sub_group_name, row.agent_sub_group_name_en)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.participant_quantity}
              </Table.Td>
              <Table.Td>
                <BookingStatusBadges status={row.status} subStatus={row.sub_status} />
              </Table.Td>
              <Table.Td>{row.payment_info ? <PaymentStatusBadge status={row.payment_info.status} /> : <Text size="xs" c="dimmed">—</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
