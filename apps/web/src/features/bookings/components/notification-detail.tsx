/**
 * The line under a notification's kind that says what it is about: the change asked for or made
 * (trains before → after, headcount, wheelchairs, the difference), the reason given, or the
 * agent's wishes with a request for seats.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import { formatYen } from '../../../lib/yen.ts';

export function NotificationDetail({ detail }: { detail: NotificationRow['detail'] }) {
  const { t, i18n } = useTranslation('notifications');
  if (!detail) return null;
  const parts: string[] = [];
  const s = detail.change_summary;
  if (s) {
    for (const leg of s.legs) {
      const direction = t(`detail.direction.${leg.direction}`);
      const train = (l: typeof leg.before) => (l ? `${l.service_date} ${labelText(l.service_name, i18n.language)}` : t('detail.none'));
      if (leg.train_changed) parts.push(t('detail.train', { direction, before: train(leg.before), after: train(leg.after) }));
      else if (leg.segment_changed) parts.push(t('detail.segment', { direction }));
    }
    if (s.participant_quantity.before !== s.participant_quantity.after) parts.push(t('detail.participants', s.participant_quantity));
    if (s.wheelchairs.before !== s.wheelchairs.after) parts.push(t('detail.wheelchairs', s.wheelchairs));
    const d = s.amounts.difference_amount;
    if (d !== 0) parts.push(d > 0 ? t('detail.pay', { amount: formatYen(d) }) : t('detail.refund', { amount: formatYen(-d) }));
    if (parts.length === 0) parts.push(t('detail.detailsOnly'));
  }
  if (detail.reason) parts.push(t('detail.reason', { reason: detail.reason }));
  if (detail.message) parts.push(t('detail.message', { message: detail.message }));
  return (
    <Text size="xs" fw={400} style={{ whiteSpace: 'normal' }} data-testid="notification-detail">
      {parts.join(t('detail.separator'))}
    </Text>
  );
}
