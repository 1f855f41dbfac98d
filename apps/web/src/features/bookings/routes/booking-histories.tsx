import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-constants';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useBooking } from '../api/get-booking.ts';
import { countedUnits, revisionViews } from '../components/history-changes.ts';
import { formatYen } from '../../../lib/yen.ts';
import { BookingStatusBadges } from '../components/status-badges.tsx';
import { useBookingLabels } from '../components/use-booking-labels.ts';
import { useListSeparator } from '../../../lib/list-separator.ts';
import { ListTable } from '../../../components/list-table.tsx';

const TYPE_COLORS = { CREATE: 'blue', UPDATE: 'orange', CANCEL: 'red' } as const;

/** /bookings/{bookingId}/histories: every revision (新規 / 変更 / 取消) with time, who and what changed. */
export function Component() {
  const { t } = useTranslation('bookings');
  const separator = useListSeparator();
  const { bookingId = '' } = useParams();
  const { data: booking } = useBooking(bookingId);
  const labels = useBookingLabels();
  if (!booking) return null;
  const views = revisionViews(booking.main_param_histories).reverse();
  const mark = (changed: boolean, text: string) => (
    <Text size="sm" fw={changed ? 700 : 400} c={changed ? undefined : 'dimmed'}>
      {text}
    </Text>
  );

  return (
    <>
      <PageHeader title={t('histories.title', { id: booking.booking_id })} />
      <Anchor component={Link} to={`/bookings/${booking.booking_id}`} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('histories.backToDetail')}
      </Anchor>
      <Paper withBorder p="md">
        <ListTable
          minWidth={800} aria-label={t('histories.title', { id: booking.booking_id })} verticalSpacing="sm"
          head={
            <>
              <Table.Th />
              <Table.Th>{t('histories.trains')}</Table.Th>
              <Table.Th>{t('histories.participants')}</Table.Th>
              <Table.Th ta="right">{t('histories.amount')}</Table.Th>
              <Table.Th>{t('histories.status')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('histories.payment')}</Table.Th>
            </>
          }
        >
          {views.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" size="sm">
                  {t('histories.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {views.map((v) => (
            <Table.Tr key={v.revision} data-testid={`history-${v.revision}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={2}>
                  <Group gap={6}>
                    <Badge color={TYPE_COLORS[v.type]} variant="light">
                      {t(`histories.types.${v.type}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t('histories.revision', { revision: v.revision })}
                    </Text>
                  </Group>
                  <Text size="xs">{formatDateTime(v.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('histories.by', { name: v.created_by || t('histories.system') })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {(v.legs ?? []).map((leg) =>
                  mark(
                    v.changed.trains,
                    `${leg.service_date} ${leg.service_name?.length ? labels.label(leg.service_name) : `#${leg.service_id}`} ${labels.stationName(leg.from_station_id)} → ${labels.stationName(leg.to_station_id)}`,
                  ),
                )}
              </Table.Td>
              <Table.Td>
                {v.participants &&
                  mark(
                    v.changed.participants,
                    `${t('detail.participants', { count: v.participants.participant_quantity })} (${countedUnits(v.participants)
                      .map((i) => `${labels.unitName(i.unit_id)} ${i.quantity}`)
                      .join(separator)})`,
                  )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {v.amount !== null && mark(v.changed.amount, t('form.yen', { amount: formatYen(v.amount) }))}
              </Table.Td>
              {/* Full strength whether or not the status changed: a faded badge fell below 4.5:1 contrast. */}
              <Table.Td>
                {v.status && v.subStatus ? <BookingStatusBadges status={v.status} subStatus={v.subStatus} /> : '—'}
                {v.declined && (
                  <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="history-declined">
                    {t(v.declined.declined_by === 'AGENT' ? 'declineCancellation.historyAgent' : 'declineCancellation.historyOperator', { reason: v.declined.reason })}
                  </Text>
                )}
                {v.changeDeclined && (
                  <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="history-change-declined">
                    {t('histories.changeDeclined', { reason: v.changeDeclined })}
                  </Text>
                )}
                {v.voucherOverride && (
                  <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="history-voucher-override">
                    {t('histories.voucherOverride', { reason: v.voucherOverride })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {v.paymentStatus && (PAYMENT_STATUSES as readonly string[]).includes(v.paymentStatus)
                  ? mark(v.changed.payment, t(`paymentStatus.${v.paymentStatus as (typeof PAYMENT_STATUSES)[number]}`))
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Paper>
    </>
  );
}
