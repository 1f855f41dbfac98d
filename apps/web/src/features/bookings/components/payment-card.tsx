import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { formatYen } from '../../../lib/yen.ts';

/**
 * Which payment the booking's payment section is about, and what is said around it. Once the
 * booking is cancelled that is the cancellation fee (or nothing), not the fare that is no longer
 * due; a fare already paid is said beside it. A waived fare owes nothing. The payment itself is
 * drawn by `renderPayment` (the payments feature's panel, put in by the screen that composes them).
 */
export function PaymentCard({ booking, renderPayment }: { booking: BookingResponse; renderPayment: (payment: PaymentDetail) => ReactNode }) {
  const { t } = useTranslation('bookings');
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });
  const fare = booking.main_params.payment;
  const cancellation = booking.status === 'CANCELLED' ? booking.main_params.cancellation : null;
  if (cancellation) {
    const owed = cancellation.payment;
    return (
      <Stack gap="sm" data-testid="payment-card">
        {owed && owed.total_amount > 0 ? (
          renderPayment(owed)
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
  return <div data-testid="payment-card">{renderPayment(fare)}</div>;
}
