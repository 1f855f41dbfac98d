/**
 * The change handling fee (fare type CHANGE_HANDLE_FEE) is the operator's to charge: an agent's
 * booking or change request may carry the quantity the booking already has, never set, raise or
 * drop it (ADR 026 "Units").
 */
import { AppError } from '../../lib/app-error.ts';

/** Refuses (400, naming the item) an agent's request that changes a handling fee's quantity. */
export function refuseAgentFeeChange(fees: ReadonlyMap<number, number>, items: readonly { unit_id: number; quantity: number }[]): void {
  const asked = new Map<number, number>();
  items.forEach((item, i) => {
    if (!fees.has(item.unit_id)) return;
    asked.set(item.unit_id, (asked.get(item.unit_id) ?? 0) + item.quantity);
    if (asked.get(item.unit_id)! > fees.get(item.unit_id)!) {
      throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items.${i}.quantity: the change handling fee is charged by the operator`, `participant_group.unit_quantity_items.${i}.quantity`);
    }
  });
  for (const [unitId, held] of fees) {
    if ((asked.get(unitId) ?? 0) !== held) {
      throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items: the change handling fee (unit ${unitId}) is the operator's; keep its quantity ${held}`, 'participant_group.unit_quantity_items');
    }
  }
}
