/**
 * Re-pricing a confirmed booking whose participants change (DESIGN §6): the new fares, plus a
 * decrement fee for each participant removed below the largest count the unit ever had
 * (record_largest_calculated_quantity), per direction. Amounts on the millionth scale.
 */
import type { AmountCalculation, UnitQuantityPriceItem } from './pricing.ts';

export interface PreviousUnit {
  unit_id: number;
  record_largest_calculated_quantity: number;
}

export interface ModifiedUnitItem extends UnitQuantityPriceItem {
  decrement_quantity: number;
  decrement_fee: number;
  final_remained_quantity: number;
  record_largest_calculated_quantity: number;
}

export interface Repricing {
  unit_quantity_price_items: ModifiedUnitItem[];
  fare_amount: number;
  decrement_fee_amount: number;
  total_amount: number;
}

/**
 * The booking's new price: `next` is the plain calculation of the new participants; units that
 * disappear entirely still owe their decrement fee.
 */
export function reprice(previous: readonly PreviousUnit[], next: AmountCalculation, decrementFeeE6: ReadonlyMap<number, number>, directions: number): Repricing {
  const before = new Map(previous.map((p) => [p.unit_id, p.record_largest_calculated_quantity]));
  const ids = [...new Set([...next.unit_quantity_items.map((i) => i.unit_id), ...before.keys()])].sort((a, b) => a - b);
  const items = ids.map((id): ModifiedUnitItem => {
    const item = next.unit_quantity_items.find((i) => i.unit_id === id) ?? { unit_id: id, quantity: 0, calculated_quantity: 0, unit_price: 0, subtotal_amount: 0 };
    const largest = before.get(id) ?? 0;
    const decrement = Math.max(0, largest - item.calculated_quantity);
    const fee = decrement * (decrementFeeE6.get(id) ?? 0) * directions;
    return {
      ...item,
      decrement_quantity: decrement,
      decrement_fee: fee,
      final_remained_quantity: item.calculated_quantity,
      record_largest_calculated_quantity: Math.max(largest, item.calculated_quantity),
    };
  });
  const decrementFees = items.reduce((n, i) => n + i.decrement_fee, 0);
  return { unit_quantity_price_items: items, fare_amount: next.total_amount, decrement_fee_amount: decrementFees, total_amount: next.total_amount + decrementFees };
}

export interface ChangePreview {
  previous_total_amount: number;
  fare_amount: number;
  decrement_fee_amount: number;
  total_amount: number;
  difference_amount: number;
  decrement_items: { unit_id: number; decrement_quantity: number; decrement_fee: number }[];
}

/** What a change costs against the booking's current total: the form shows it before the change is sent. */
export function previewChange(previousTotalAmount: number, repricing: Repricing): ChangePreview {
  return {
    previous_total_amount: previousTotalAmount,
    fare_amount: repricing.fare_amount,
    decrement_fee_amount: repricing.decrement_fee_amount,
    total_amount: repricing.total_amount,
    difference_amount: repricing.total_amount - previousTotalAmount,
    decrement_items: repricing.unit_quantity_price_items
      .filter((i) => i.decrement_quantity > 0)
      .map((i) => ({ unit_id: i.unit_id, decrement_quantity: i.decrement_quantity, decrement_fee: i.decrement_fee })),
  };
}
