import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@sagano/domain/mail/outbox-schemas';

const COLORS: Record<OutboxStatus, string> = { PENDING: 'yellow', SENT: 'teal', FAILED: 'red' };

export function MailStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation('mails');
  return (
    <Badge size="sm" variant="light" color={COLORS[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
