/**
 * The read-only parts of a booking's page (spec 000 §2 booking detail): the section frame, a
 * labelled field, the trains, the participants with their prices, and the change an agent asked
 * for. The page (app/routes/booking-detail.tsx) composes them with the steps it offers.
 */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { formatYen } from '../../../lib/yen.ts';
import { ChangeComparison } from './change-decision.tsx';
import { PriceItemsTable } from './price-items-table.tsx';
import type { BookingLabels } from './use-booking-labels.ts';

export function BookingSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function BookingField({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

export function BookingTrains({ booking, labels }: { booking: BookingResponse; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label={t('detail.sections.trains')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.legColumns.direction')}</Table.Th>
            <Table.Th>{t('detail.legColumns.date')}</Table.Th>
            <Table.Th>{t('detail.legColumns.train')}</Table.Th>
            <Table.Th>{t('detail.legColumns.segment')}</Table.Th>
            <Table.Th>{t('detail.legColumns.time')}</Table.Th>
            <Table.Th>{t('detail.legColumns.held')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.main_params.service_order.services.map((leg) => (
            <Table.Tr key={leg.direction}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`directionShort.${leg.direction}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{leg.service_day}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{labels.label(leg.service_name)}</Table.Td>
              {/* The leg names its stations (spec 000 §3 "Service leg"); the shell's station list when it does not. */}
              <Table.Td>
                {t('detail.segment', {
                  from: leg.from_station_name.length > 0 ? labels.label(leg.from_station_name) : labels.stationName(leg.from_station_id),
                  to: leg.to_station_name.length > 0 ? labels.label(leg.to_station_name) : labels.stationName(leg.to_station_id),
                })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('detail.time', { departure: leg.departure_hhmm ?? '—', arrival: leg.arrival_hhmm ?? '—' })}</Table.Td>
              <Table.Td data-testid={`held-${leg.direction}`} style={{ whiteSpace: 'nowrap' }}>
                {leg.held_group} / {leg.held_wheelchair} / {leg.held_standing}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BookingParticipants({ booking, labels }: { booking: BookingResponse; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  const group = booking.main_params.participant_group;
  const slope = group.wheel_chairs.filter((w) => w.need_slope).length;
  return (
    <Stack gap="xs">
      <PriceItemsTable
        label={t('detail.sections.participants')}
        items={group.unit_quantity_items}
        labels={labels}
        footerLabel={t('detail.participants', { count: group.participant_quantity })}
        total={booking.main_params.total_amount}
        totalTestId="booking-total"
        extraRows={group.unit_quantity_items
          .filter((item) => item.decrement_fee > 0)
          .map((item) => (
            <Table.Tr key={`decrement-${item.unit_id}`}>
              <Table.Td>{t('detail.decrementFee', { unit: labels.unitName(item.unit_id) })}</Table.Td>
              <Table.Td ta="right">{item.decrement_quantity}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{formatYen(item.decrement_fee)}</Table.Td>
            </Table.Tr>
          ))}
      />
      <Text size="sm">{group.wheel_chairs.length === 0 ? t('detail.noWheelchairs') : t('detail.wheelchairs', { count: group.wheel_chairs.length, slope })}</Text>
    </Stack>
  );
}

/** What the agent asked to change: side by side with the booking (the server's summary), with the agent's note. */
export function PendingChange({ booking, labels }: { booking: BookingResponse; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  const change = booking.pending_change!;
  if (booking.pending_change_summary) {
    return (
      <Stack gap="xs" data-testid="pending-change">
        <ChangeComparison summary={booking.pending_change_summary} labels={labels} />
        {change.note && <BookingField label={t('changeSummary.note')} value={change.note} />}
      </Stack>
    );
  }
  const legs = [change.service_order.down_service, change.service_order.up_service].filter((l) => l != null);
  const people = change.participant_group.unit_quantity_items.filter((i) => i.quantity > 0);
  return (
    <Stack gap="xs" data-testid="pending-change">
      {legs.map((leg) => (
        <Text key={`${leg.service_date}-${leg.service_id}`} size="sm">
          {leg.service_date} {t('detail.segment', { from: labels.stationName(leg.from_station_id), to: labels.stationName(leg.to_station_id) })}
        </Text>
      ))}
      <Text size="sm">
        {people.map((i) => `${labels.unitName(i.unit_id)} ${i.quantity}`).join(' / ')}
        {change.participant_group.wheel_chairs.length > 0 && ` / ${t('detail.wheelchairs', { count: change.participant_group.wheel_chairs.length, slope: change.participant_group.wheel_chairs.filter((w) => w.need_slope).length })}`}
      </Text>
      {change.note && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{change.note}</Text>}
    </Stack>
  );
}
