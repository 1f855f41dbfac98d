/** The "back to the booking" link above the seat screens. */
import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToBooking({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('seats');
  return (
    <Anchor component={Link} to={`/bookings/${bookingId}`} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} aria-hidden />
      {t('backToDetail')}
    </Anchor>
  );
}
