import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { formatYen } from '../../../lib/yen.ts';

/** Whether the booking's account has anything to show: money came in, went back or is owed back. */
const hasMoney = (p: PaymentDetail) => p.booking_money.received_amount > 0 || p.booking_money.refunded_amount > 0 || p.booking_money.owed_back_amount > 0 || p.refunds.length > 0;

/**
 * Which payment the booking's payment section is about, and what is said around it. Once the
 * booking is cancelled that is the cancellation fee (or nothing), not the fare that is no longer
 * due; the booking's account (what was paid and went back) is shown with the fee, or on its own
 * when there is no fee. A waived fare owes nothing; a fare priced but not yet asked for (INITED)
 * is said to be billed once the booking is confirmed. The payments feature draws the payment
 * (`renderPayment`, with the payments not drawn whose refunds it lists) and the account alone
 * (`renderAccount`); the screen that composes both features puts them in.
 */
export function PaymentCard({
  booking,
  renderPayment,
  renderAccount,
}: {
  booking: BookingResponse;
  renderPayment: (payment: PaymentDetail, related: readonly PaymentDetail[]) => ReactNode;
  renderAccount: (payments: readonly PaymentDetail[]) => ReactNode;
}) {
  const { t } = useTranslation('bookings');
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });
  const fare = booking.main_params.payment;
  const cancellation = booking.status === 'CANCELLED' ? booking.main_params.cancellation : null;
  if (cancellation) {
    const owed = cancellation.payment;
    if (owed && owed.total_amount > 0) {
      return (
        <Stack gap="sm" data-testid="payment-card">
          {renderPayment(owed, fare ? [fare] : [])}
        </Stack>
      );
    }
    const account = [fare, owed].filter((p): p is PaymentDetail => p !== null);
    return (
      <Stack gap="sm" data-testid="payment-card">
        <Text size="sm" data-testid="payment-owed">
          {t('detail.nothingOwed')}
        </Text>
        {account.some(hasMoney) && renderAccount(account)}
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
  // Priced when submitted, asked for once confirmed: the amount, and no payment to act on yet.
  if (fare.status === 'INITED') {
    return (
      <Stack gap={0} data-testid="payment-card">
        <Text size="xs" c="dimmed">
          {t('detail.fareNotBilled')}
        </Text>
        <Text size="sm" data-testid="payment-not-billed">
          {yen(fare.total_amount)}
        </Text>
        <Text size="sm">
          {t('detail.fareNotBilledNote')}
        </Text>
      </Stack>
    );
  }
  return <div data-testid="payment-card">{renderPayment(fare, [])}</div>;
}
