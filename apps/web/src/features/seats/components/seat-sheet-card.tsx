import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { placeCounts, requiredSelection, seatShortName, seatsByCar } from './seat-logic.ts';
import type { SeatLabels } from './use-seat-labels.ts';

/** One train of the seat sheet: the booking's seats car by car, wheelchair places (スロープ要), standing, total. */
export function SeatSheetCard({ direction, labels, slope }: { direction: BookingSeatDirection; labels: SeatLabels; slope: number }) {
  const { t } = useTranslation('seats');
  const cars = seatsByCar(direction, direction.assigned_seat_ids);
  const counts = placeCounts(direction, direction.assigned_seat_ids);
  const wheelchairs = cars.flatMap((c) => c.seats.filter((s) => s.is_wheelchair).map((s) => t('carSeat', { car: c.car.car_number, seat: seatShortName(s) })));
  const title = `${labels.directionName(direction)} ${labels.trainLine(direction)}`;
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid={`sheet-${direction.direction}`}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {labels.time(direction)}
      </Text>
      {cars.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sheet.noSeats')}
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>{t('sheet.columns.car')}</Table.Th>
              <Table.Th>{t('sheet.columns.seats')}</Table.Th>
              <Table.Th w={90} ta="right">
                {t('sheet.columns.count')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cars.map(({ car, seats }) => (
              <Table.Tr key={car.logical_car_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t('car', { car: car.car_number })}
                  {car.is_rich && (
                    <Badge ml={6} size="xs" color="yellow" variant="light">
                      {t('sheet.rich')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    {seats.map((s) => (
                      <Text key={s.seat_id} size="sm" ff="monospace" component="span" display="inline-flex" style={{ alignItems: 'center', gap: 2 }}>
                        {s.is_wheelchair && <IconWheelchair size={14} aria-label={t('sheet.wheelchair')} />}
                        {seatShortName(s)}
                      </Text>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{t('seats', { count: seats.length })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('sheet.wheelchair')}</Table.Th>
              <Table.Td colSpan={2}>
                {wheelchairs.length === 0 ? t('sheet.wheelchairNone') : wheelchairs.join(' / ')}
                {slope > 0 && direction.needed_wheelchair_places > 0 && (
                  <Badge ml={8} color="orange" variant="light">
                    {t('sheet.slope', { count: slope })}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
            {direction.standing > 0 && (
              <Table.Tr>
                <Table.Th>{t('sheet.standing')}</Table.Th>
                <Table.Td colSpan={2}>{t('people', { count: direction.standing })}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>{t('sheet.total')}</Table.Th>
              <Table.Td colSpan={2} data-testid={`sheet-total-${direction.direction}`}>
                {t('sheet.totalValue', { count: counts.total, total: requiredSelection(direction, direction.standing) })}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Paper>
  );
}
