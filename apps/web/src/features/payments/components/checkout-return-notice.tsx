import { useEffect, useState } from 'react';
import { Alert, Loader } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { owedE6 } from '@sagano/domain/payments/money-terms';

/** How often, and how long, the booking is asked again after the provider's page sent the agent back. */
export const RETURN_POLL_MS = 2_000;
export const RETURN_POLL_LIMIT_MS = 30_000;

/**
 * Whether a card payment of the booking still waits for its money: the gateway's webhook, not
 * the return to this page, confirms a payment, so the page waits until none does.
 */
export function awaitingCard(payments: readonly (PaymentDetail | null | undefined)[]): boolean {
  return payments.some((p) => {
    if (!p || p.payment_method !== 'ONLINE_CREDIT_CARD') return false;
    const fare = p.status === 'PAYMENT_PENDING' && owedE6({ totalE6: p.total_amount, paidE6: p.paid_amount }) > 0;
    const d = p.discrepancy;
    const extra = d !== null && d.direction === 'EXTRA' && d.status === 'PAYMENT_PENDING' && owedE6({ totalE6: d.total_amount, paidE6: d.paid_amount }) > 0;
    return fare || extra;
  });
}

/**
 * Back from the card provider's page (?payment=returned): says the payment is being confirmed
 * and asks for the booking again every 2 s, for 30 s at most, until no card payment waits;
 * then says it is confirmed, or that it takes longer (reload later).
 */
export function CheckoutReturnNotice({ payments, refetch, onDismiss }: { payments: readonly (PaymentDetail | null | undefined)[]; refetch: () => unknown; onDismiss: () => void }) {
  const { t } = useTranslation('payments');
  const waiting = awaitingCard(payments);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= RETURN_POLL_LIMIT_MS) {
        clearInterval(timer);
        setTimedOut(true);
        return;
      }
      void refetch();
    }, RETURN_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  if (!waiting)
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} withCloseButton closeButtonLabel={t('returned.dismiss')} onClose={onDismiss} data-testid="payment-returned">
        {t('returned.confirmed')}
      </Alert>
    );
  return (
    <Alert
      color={timedOut ? 'yellow' : 'blue'}
      variant="light"
      icon={timedOut ? <IconClockHour4 size={18} aria-hidden /> : <Loader size={16} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('returned.dismiss')}
      onClose={onDismiss}
      role="status"
      data-testid="payment-returned"
    >
      {timedOut ? t('returned.notYet') : t('returned.checking')}
    </Alert>
  );
}
