import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Seats as one line per car: "2号車 1A、1B" / "Car 2: 1A, 1B"; standing places last. */
export function SeatLines({ cars, standing = 0, size = 'sm' }: { cars: readonly { car: number; seats: readonly string[] }[]; standing?: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('customer');
  return (
    <Stack gap={2}>
      {cars.map(({ car, seats }) => (
        <Text key={car} size={size} fw={500}>
          {t('trains.carSeats', { car, seats: seats.join(t('trains.seatSeparator')) })}
        </Text>
      ))}
      {standing > 0 && (
        <Text size={size} fw={500}>
          {t('trains.standing', { n: standing })}
        </Text>
      )}
    </Stack>
  );
}
