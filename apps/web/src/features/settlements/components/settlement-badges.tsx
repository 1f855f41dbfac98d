import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SettlementPaymentStatus } from '@sagano/domain/settlements/settlement-schemas';

const COLORS: Record<SettlementPaymentStatus, string> = { UNKNOWN: 'gray', UNPAID: 'orange', PAID: 'teal' };

/** A settlement's payment status in words (the colour only repeats them). */
export function SettlementStatusBadge({ status }: { status: SettlementPaymentStatus }) {
  const { t } = useTranslation('settlements');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" miw="max-content" tt="none" data-testid="settlement-status">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}

/** A billing period, both days included. */
export function PeriodText({ duration }: { duration: { from: string; to: string } }) {
  const { t } = useTranslation('settlements');
  return <span style={{ whiteSpace: 'nowrap' }}>{t('period', { from: duration.from, to: duration.to })}</span>;
}
