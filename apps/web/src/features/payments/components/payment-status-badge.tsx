import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@sagano/domain/payments/payment-state';
import { paymentStatusColor } from '../../../components/payment-status-colors.ts';

/**
 * A payment's status in words (colour only repeats them). Money owed back reads as a refund:
 * a refund discrepancy waiting is 返金待ち, not 入金待ち.
 */
export function PaymentStatusBadge({ status, refund = false }: { status: PaymentStatus; refund?: boolean }) {
  const { t } = useTranslation('payments');
  const label = refund && (status === 'PAYMENT_PENDING' || status === 'PAYMENT_CONFIRMED') ? t(`refundStatus.${status}`) : t(`status.${status}`);
  return (
    <Badge color={paymentStatusColor(status, refund)} variant="light" radius="sm" miw="max-content" data-testid="payment-status">
      {label}
    </Badge>
  );
}

/** 期限超過: a payment still waiting for money after its due date. */
export function OverdueBadge() {
  const { t } = useTranslation('payments');
  return (
    <Badge color="red" variant="filled" radius="sm" miw="max-content" data-testid="payment-overdue">
      {t('panel.overdue')}
    </Badge>
  );
}
