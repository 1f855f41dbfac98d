import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { formatYen } from '../../../lib/yen.ts';
import { PaymentStatusBadge } from './status-badges.tsx';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value || '—'}
      </Text>
    </Stack>
  );
}

/**
 * What the booking owes. Once it is cancelled that is the cancellation fee (or nothing), not the
 * fare that is no longer due; a fare already paid is said beside it. A waived fare owes nothing.
 */
export function PaymentCard({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });
  const fare = booking.main_params.payment;
  const cancellation = booking.status === 'CANCELLED' ? booking.main_params.cancellation : null;
  if (cancellation) {
    const owed = cancellation.payment;
    return (
      <Stack gap="sm" data-testid="payment-card">
        {owed && owed.total_amount > 0 ? (
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('detail.cancellationOwed')} value={<span data-testid="payment-owed">{yen(owed.total_amount)}</span>} />
            <Field label={t('detail.paymentFields.status')} value={<PaymentStatusBadge status={owed.status} />} />
            <Field label={t('detail.paymentFields.method')} value={t(`paymentMethod.${owed.payment_method}`)} />
            <Field label={t('detail.paymentFields.dueDate')} value={owed.due_date} />
            <Field label={t('detail.paymentFields.paid')} value={yen(owed.paid_amount)} />
          </SimpleGrid>
        ) : (
          <Text size="sm" data-testid="payment-owed">
            {t('detail.nothingOwed')}
          </Text>
        )}
        {fare && fare.paid_amount > 0 && (
          <Text size="sm" c="dimmed">
            {t('detail.farePaidBefore', { amount: yen(fare.paid_amount) })}
          </Text>
        )}
      </Stack>
    );
  }
  if (!fare) {
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noPayment')}
      </Text>
    );
  }
  // A refused booking (also by a suspension) owes nothing: the fare is waived, not shown as if due.
  if (fare.status === 'NO_NEED_TO_PAY' && fare.paid_amount === 0) {
    return (
      <Text size="sm" data-testid="payment-owed">
        {t('detail.nothingToPay')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={2} spacing="sm" data-testid="payment-card">
      <Field label={t('detail.paymentFields.status')} value={<PaymentStatusBadge status={fare.status} />} />
      <Field label={t('detail.paymentFields.method')} value={t(`paymentMethod.${fare.payment_method}`)} />
      <Field label={t('detail.paymentFields.total')} value={t('form.yen', { amount: formatYen(fare.total_amount) })} />
      <Field label={t('detail.paymentFields.paid')} value={t('form.yen', { amount: formatYen(fare.paid_amount) })} />
      <Field label={t('detail.paymentFields.dueDate')} value={fare.due_date} />
    </SimpleGrid>
  );
}
