import { useMemo } from 'react';
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { SeatMap } from '../../../components/seat-map/seat-map.tsx';
import { allSeats, legendItems, otherBookings, seatViews, sweepSeats, toggleSeat } from './seat-logic.ts';
import type { SeatLabels } from './use-seat-labels.ts';

/**
 * One direction's train drawn car by car for the booking: its seats ringed (the selection), other
 * bookings lettered, free seats it may take in their type colour. With `onSelect` seats are clickable.
 */
export function SeatMapPanel({
  direction,
  labels,
  selection,
  onSelect,
  hint,
}: {
  direction: BookingSeatDirection;
  labels: SeatLabels;
  selection: ReadonlySet<string>;
  onSelect?: (next: Set<string>) => void;
  hint?: string;
}) {
  const { t } = useTranslation('seats');
  const cars = useMemo(() => [...direction.cars].sort((a, b) => a.car_number - b.car_number), [direction.cars]);
  const byId = useMemo(() => new Map(allSeats(direction).map((s) => [s.seat_id, s])), [direction]);
  const editable = Boolean(onSelect);
  const views = useMemo(
    () =>
      seatViews(
        direction,
        labels.typeById,
        labels.typeName,
        {
          mineBadge: t('map.mineBadge'),
          mineNote: t('map.mineNote'),
          otherNote: (id) => t('map.otherNote', { id }),
          unavailableNote: t('map.unavailable'),
        },
        editable,
      ),
    [direction, labels, t, editable],
  );
  const legend = useMemo(
    () =>
      legendItems(
        direction,
        labels.arrangementTypes,
        (type) => labels.label(type.name),
        (count) => t('map.free', { count }),
      ),
    [direction, labels, t],
  );
  const others = useMemo(() => otherBookings(direction), [direction]);
  const title = `${labels.directionName(direction)} ${labels.trainLine(direction)}`;

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        {labels.time(direction)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      <SeatMap
        cars={cars}
        seats={views}
        selected={selection}
        legend={legend}
        label={t('assign.mapLabel', { direction: title })}
        onSeatClick={onSelect ? (id) => onSelect(toggleSeat(selection, byId.get(id))) : undefined}
        onSeatsSweep={onSelect ? (ids) => onSelect(sweepSeats(selection, ids.map((id) => byId.get(id)))) : undefined}
      />
      <Group gap="md" mt="xs" wrap="wrap">
        <Text size="xs">
          {t('map.mineBadge')} {t('map.keyMine')}
        </Text>
        <Text size="xs">{t('map.keySelected')}</Text>
        <Text size="xs">{t('map.keyUnavailable')}</Text>
      </Group>
      {others.length > 0 && (
        <Group gap="xs" mt={6} wrap="wrap" aria-label={t('map.keyOthers')} role="list">
          <Text size="xs" fw={700}>
            {t('map.keyOthers')}
          </Text>
          {others.map((o) => (
            <Anchor key={o.bookingId} component={Link} to={`/bookings/${o.bookingId}`} size="xs" role="listitem">
              {t('map.otherBooking', { badge: o.badge, id: o.bookingId, count: o.seats })}
            </Anchor>
          ))}
        </Group>
      )}
    </Paper>
  );
}
