import { use } from 'react';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';
import { paymentStatusColor } from '../../../components/payment-status-colors.ts';
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
 * A badge whose words wrap onto more lines instead of being cut (a narrow list column):
 * the whole label always reads.
 */
const WRAPPING = { root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 } } as const;

/**
 * Status and sub status in words (colour only repeats what the words say). Agents see the status
 * only: the sub status is the operator's own progress. Badges keep their whole words (a narrow
 * table scrolls instead of cutting 「枠確保済」 to 「枠…」); with `wrapLabels` long words wrap instead.
 */
export function BookingStatusBadges({ status, subStatus, wrapLabels = false }: { status: BookingStatus; subStatus: BookingSubStatus; wrapLabels?: boolean }) {
  const { t } = useTranslation('bookings');
  const agent = use(CurrentUserContext)?.kind === 'AGENT';
  const fit = wrapLabels ? { styles: WRAPPING } : { miw: 'max-content' };
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLORS[status]} variant="filled" radius="sm" {...fit}>
        {t(`status.${status}`)}
      </Badge>
      {subStatus !== 'INITIAL' && !agent && (
        <Badge color={subStatus.endsWith('NOT_AVAILABLE') ? 'red' : 'gray'} variant="light" radius="sm" {...fit}>
          {t(`subStatus.${subStatus}`)}
        </Badge>
      )}
    </Group>
  );
}

export function PaymentStatusBadge({ status, wrapLabel = false }: { status: (typeof PAYMENT_STATUSES)[number]; wrapLabel?: boolean }) {
  const { t } = useTranslation('bookings');
  return (
    <Badge color={paymentStatusColor(status)} variant="light" radius="sm" {...(wrapLabel ? { styles: WRAPPING } : { miw: 'max-content' })}>
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}
