import { use } from 'react';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';
import { CurrentUserContext } from '../../../lib/current-user.ts';

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

/**
 * Status and sub status in words (colour only repeats what the words say). Agents see the status
 * only: the sub status is the operator's own progress. Badges keep their whole words (a narrow
 * table scrolls instead of cutting 「枠確保済」 to 「枠…」).
 */
export function BookingStatusBadges({ status, subStatus }: { status: BookingStatus; subStatus: BookingSubStatus }) {
  const { t } = useTranslation('bookings');
  const agent = use(CurrentUserContext)?.kind === 'AGENT';
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLORS[status]} variant="filled" radius="sm" miw="max-content">
        {t(`status.${status}`)}
      </Badge>
      {subStatus !== 'INITIAL' && !agent && (
        <Badge color={subStatus.endsWith('NOT_AVAILABLE') ? 'red' : 'gray'} variant="light" radius="sm" miw="max-content">
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
    <Badge color={color} variant="light" radius="sm" miw="max-content">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}
