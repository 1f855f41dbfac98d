import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';

const STATUS_COLORS: Record<BookingStatus, string> = {
  SUBMITTED: 'blue',
  MODIFICATION_SUBMITTED: 'blue',
  CANCELLATION_SUBMITTED: 'orange',
  RESERVED: 'teal',
  NOT_RESERVED: 'red',
  MODIFIED: 'teal',
  NOT_MODIFIED: 'gray',
  CANCELLATION_PENDING: 'orange',
  CANCELLED: 'gray',
  WAITLIST: 'violet',
};

/** Status and sub status in words (colour only repeats what the words say). */
export function BookingStatusBadges({ status, subStatus }: { status: BookingStatus; subStatus: BookingSubStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLORS[status]} variant="filled" radius="sm">
        {t(`status.${status}`)}
      </Badge>
      {subStatus !== 'INITIAL' && (
        <Badge color={subStatus.endsWith('NOT_AVAILABLE') ? 'red' : 'gray'} variant="light" radius="sm">
          {t(`subStatus.${subStatus}`)}
        </Badge>
      )}
    </Group>
  );
}

export function PaymentStatusBadge({ status }: { status: (typeof PAYMENT_STATUSES)[number] }) {
  const { t } = useTranslation('bookings');
  const color = status === 'PAYMENT_CONFIRMED' || status === 'COUPON_CONFIRMED' ? 'teal' : status === 'PAYMENT_PENDING' ? 'orange' : 'gray';
  return (
    <Badge color={color} variant="light" radius="sm">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}
