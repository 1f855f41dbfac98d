import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import type { useBookingSeats } from '../api/get-booking-seats.ts';

/** What the seat screens show while the seat map loads, when it fails, or when the booking has no trains. */
export function SeatsLoadState({ seats }: { seats: ReturnType<typeof useBookingSeats> }) {
  const { t } = useTranslation('seats');
  return (
    <>
      {seats.isPending && <Loader m="xl" />}
      {seats.error && (
        <Alert color="red" variant="light">
          {t('loadFailed', { message: errorMessage(seats.error) })}
        </Alert>
      )}
      {seats.data && seats.data.directions.length === 0 && (
        <Alert color="gray" variant="light">
          {t('noDirections')}
        </Alert>
      )}
    </>
  );
}
