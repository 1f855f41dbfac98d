import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { isServiceDay, seatShortName, seatsByCar } from './seat-logic.ts';
import type { SeatLabels } from './use-seat-labels.ts';

/**
 * 当日解放 for one train: on the service day staff tick the booking's seats nobody will use and
 * release them (they go back on sale). Other days, or when the booking may not release, it says why.
 */
export function SameDayRelease({
  direction,
  labels,
  today,
  allowed,
  releasing,
  onRelease,
}: {
  direction: BookingSeatDirection;
  labels: SeatLabels;
  /** yyyy-MM-dd in Asia/Tokyo. */
  today: string;
  /** flags.can_release_seats */
  allowed: boolean;
  releasing: boolean;
  onRelease: (seatIds: string[], done: () => void) => void;
}) {
  const { t } = useTranslation(['seats', 'common']);
  const [picked, setPicked] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const cars = seatsByCar(direction, direction.assigned_seat_ids);
  // Seats released meanwhile drop out of the selection.
  const selection = picked.filter((id) => direction.assigned_seat_ids.includes(id));
  const onDay = isServiceDay(direction.service_day, today);
  const enabled = onDay && allowed && direction.assigned_seat_ids.length > 0;
  const name = labels.directionName(direction);
  const names = seatsByCar(direction, selection).flatMap((c) => c.seats.map((s) => t('carSeat', { car: c.car.car_number, seat: seatShortName(s) })));
  const all = selection.length === direction.assigned_seat_ids.length && selection.length > 0;

  return (
    <Paper withBorder p="md" component="section" aria-label={`${t('release.title')} ${name}`} data-testid={`release-${direction.direction}`}>
      <Title order={3} size="h6" mb={4}>
        {t('release.heading', { direction: name, date: direction.service_day })}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('release.description')}
      </Text>
      {!onDay && (
        <Alert color="gray" variant="light" mb="sm">
          {t('release.notToday', { date: direction.service_day })}
        </Alert>
      )}
      {onDay && !allowed && (
        <Alert color="gray" variant="light" mb="sm">
          {t('release.notAllowed')}
        </Alert>
      )}
      {cars.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sheet.noSeats')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Checkbox
            label={t('release.selectAll')}
            checked={all}
            indeterminate={selection.length > 0 && !all}
            disabled={!enabled}
            onChange={() => setPicked(all ? [] : [...direction.assigned_seat_ids])}
          />
          <Checkbox.Group value={selection} onChange={setPicked}>
            <Stack gap={6}>
              {cars.map(({ car, seats }) => (
                <Group key={car.logical_car_id} gap="sm" align="flex-start" wrap="nowrap">
                  <Text size="sm" fw={600} w={70} style={{ flexShrink: 0 }}>
                    {t('car', { car: car.car_number })}
                  </Text>
                  <Group gap="sm" wrap="wrap">
                    {seats.map((s) => (
                      <Checkbox
                        key={s.seat_id}
                        value={s.seat_id}
                        label={seatShortName(s)}
                        aria-label={t('carSeat', { car: car.car_number, seat: seatShortName(s) })}
                        disabled={!enabled}
                        size="xs"
                      />
                    ))}
                  </Group>
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('release.selected', { count: selection.length })}
            </Text>
            <Button color="red" variant="light" leftSection={<IconLockOpen size={16} aria-hidden />} disabled={!enabled || selection.length === 0} onClick={() => setAsking(true)}>
              {t('release.submit')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={asking}
        title={t('release.confirmTitle')}
        message={t('release.confirmMessage', { direction: name, seats: names.join(' / '), count: selection.length })}
        confirmLabel={t('release.confirm')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={releasing}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          onRelease(selection, () => {
            setAsking(false);
            setPicked([]);
          })
        }
      />
    </Paper>
  );
}
