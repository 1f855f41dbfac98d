import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AllotmentLevel, SeatInquiryTag } from '@sagano/domain/inventory/allotment-level';
import type { ServiceStatus } from '@sagano/domain/inventory/inventory-schemas';

/**
 * Colours that keep white text at ≥ 4.5:1: teal and orange by name (the theme darkens their fills;
 * teal.8 and orange.9 were 3.9 and 4.3), red in its 9.
 */
const LEVEL_COLORS: Record<AllotmentLevel, string> = { SUFFICIENT: 'teal', FEW: 'orange', SOLD_OUT: 'red.9' };

/** `muted`: a past day's level, on a tint instead of a fill (still readable: no transparency). */
export function LevelBadge({ level, muted = false, ...props }: { level: AllotmentLevel | null; muted?: boolean } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation('inventory');
  if (level === null) {
    return (
      <Badge variant="outline" color="gray" {...props}>
        {t('noInventory')}
      </Badge>
    );
  }
  return (
    <Badge variant={muted ? 'light' : 'filled'} color={muted ? LEVEL_COLORS[level].split('.')[0] : LEVEL_COLORS[level]} data-level={level} {...props}>
      {t(`levels.${level}`)}
    </Badge>
  );
}

const TAG_COLORS: Record<SeatInquiryTag, string> = {
  HAS_BOOKING: 'blue',
  GROUP_ARRANGEMENT_INSUFFICIENT: 'red',
  HAS_WAITLISTING_BOOKING: 'grape',
};

export function TagBadge({ tag }: { tag: SeatInquiryTag }) {
  const { t } = useTranslation('inventory');
  return (
    <Badge variant="light" size="sm" color={TAG_COLORS[tag]}>
      {t(`tags.${tag}`)}
    </Badge>
  );
}

const STATUS_COLORS: Partial<Record<ServiceStatus, string>> = { pending: 'orange', suspended: 'red', special: 'violet', charter: 'indigo' };

/** Only what differs from a normal day is worth a badge: on hold, suspended, special, charter. */
export function ServiceStatusBadge({ status, showOrdinary = false }: { status: ServiceStatus; showOrdinary?: boolean }) {
  const { t } = useTranslation('inventory');
  if (!showOrdinary && (status === 'ordinary' || status === 'unknown')) return null;
  return (
    <Badge variant={status === 'suspended' ? 'filled' : 'light'} size="sm" color={STATUS_COLORS[status] ?? 'gray'}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
