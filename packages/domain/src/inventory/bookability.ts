import type { ServiceStatus } from './inventory-schemas.ts';

/**
 * Why a running train takes no booking on a day: suspended (運休), sales on hold (運行保留 /
 * 販売停止中), or no seats built for the day yet. The submission refuses the same trains
 * (SERVICE_SUSPENDED, SALES_ON_HOLD, SERVICE_NOT_RUNNING); the booking form and the seat
 * inquiry show them marked, not offered.
 */
export const UNBOOKABLE_REASONS = ['SUSPENDED', 'PENDING', 'NO_INVENTORY'] as const;
export type UnbookableReason = (typeof UNBOOKABLE_REASONS)[number];

export function unbookableReason(train: { status: ServiceStatus; has_inventory: boolean }): UnbookableReason | null {
  if (train.status === 'suspended') return 'SUSPENDED';
  if (train.status === 'pending') return 'PENDING';
  if (!train.has_inventory) return 'NO_INVENTORY';
  return null;
}
