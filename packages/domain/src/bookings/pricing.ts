/**
 * Pricing a group (DESIGN §6): unit prices from the plan in force on the service date, the free
 * count plan turning the most expensive participants free, priced per direction. Units that are
 * not participants (count_inclusive false: LUGGAGE, CHANGE_HANDLE_FEE) are priced the same way,
 * per piece and direction, but neither count towards the group nor ride free. Amounts are
 * integers on the millionth scale (price_e6).
 */
export interface PricedUnit {
  id: number;
  segment: string;
  annotation: string;
  fare_type: string;
  count_inclusive: boolean;
  auto_calculated: boolean;
}

export interface UnitPrice {
  price_e6: number;
  decrement_fee_e6: number;
}

export interface FreeCountPlan {
  min: number;
  max: number;
  free_quantity: number;
}

export interface UnitQuantity {
  unit_id: number;
  quantity: number;
}

export interface UnitQuantityPriceItem {
  unit_id: number;
  quantity: number;
  calculated_quantity: number;
  unit_price: number;
  subtotal_amount: number;
}

export interface AmountCalculation {
  participant_quantity: number;
  free_quantity: number;
  unit_quantity_items: UnitQuantityPriceItem[];
  /** One entry per direction of the trip (one way: 1, round trip: 2). */
  direction_amounts: number[];
  total_amount: number;
}

export type PricingProblem = { kind: 'unknown_unit'; unit_id: number } | { kind: 'unpriced_unit'; unit_id: number } | { kind: 'no_participants' };

export function freeQuantityFor(participants: number, plans: readonly FreeCountPlan[]): number {
  const plan = plans.find((p) => participants >= p.min && participants <= p.max);
  return plan ? Math.min(plan.free_quantity, participants) : 0;
}

/** Why a free count plan is refused, for the screens to say which rule (and on which field). */
export type FreeCountPlanProblem =
  | { kind: 'not_whole'; field: 'min' | 'max' | 'free_quantity' }
  | { kind: 'min_below_one'; field: 'min' }
  | { kind: 'min_above_max'; field: 'max' }
  | { kind: 'free_above_max'; field: 'free_quantity' }
  | { kind: 'overlap'; field: 'min'; other: { min: number; max: number } };

/** The first rule `plan` breaks among `others` (the other plans), or null when it may be saved. */
export function freeCountPlanProblem(plan: FreeCountPlan, others: readonly FreeCountPlan[]): FreeCountPlanProblem | null {
  for (const field of ['min', 'max', 'free_quantity'] as const) {
    if (!Number.isInteger(plan[field]) || plan[field] < 0) return { kind: 'not_whole', field };
  }
  if (plan.min < 1) return { kind: 'min_below_one', field: 'min' };
  if (plan.min > plan.max) return { kind: 'min_above_max', field: 'max' };
  if (plan.free_quantity > plan.max) return { kind: 'free_above_max', field: 'free_quantity' };
  const other = others.find((q) => plan.min <= q.max && q.min <= plan.max);
  return other ? { kind: 'overlap', field: 'min', other: { min: other.min, max: other.max } } : null;
}

/** Free count plans must not overlap, and each needs 0 < min ≤ max and 0 ≤ free ≤ max: the indexes of those that break a rule. */
export function freeCountPlanProblems(plans: readonly FreeCountPlan[]): number[] {
  return plans.flatMap((p, i) => (freeCountPlanProblem(p, plans.filter((_, j) => j !== i)) ? [i] : []));
}

export function calculateAmount(input: {
  units: readonly PricedUnit[];
  prices: ReadonlyMap<number, UnitPrice>;
  freeCountPlans: readonly FreeCountPlan[];
  items: readonly UnitQuantity[];
  directions: number;
}): { ok: true; value: AmountCalculation } | { ok: false; problem: PricingProblem } {
  const unitById = new Map(input.units.map((u) => [u.id, u]));
  const quantities = new Map<number, number>();
  for (const item of input.items) {
    const unit = unitById.get(item.unit_id);
    if (!unit) return { ok: false, problem: { kind: 'unknown_unit', unit_id: item.unit_id } };
    if (unit.auto_calculated || item.quantity === 0) continue; // FREE units are calculated, never asked for
    if (!input.prices.has(unit.id)) return { ok: false, problem: { kind: 'unpriced_unit', unit_id: unit.id } };
    quantities.set(unit.id, (quantities.get(unit.id) ?? 0) + item.quantity);
  }
  const participants = [...quantities].reduce((n, [id, q]) => n + (unitById.get(id)!.count_inclusive ? q : 0), 0);
  if (participants === 0) return { ok: false, problem: { kind: 'no_participants' } };

  const free = freeQuantityFor(participants, input.freeCountPlans);
  // The most expensive participants ride free first (adults before children at equal price);
  // items that are not participants (luggage, a handling fee: count_inclusive false) are never free.
  const order = [...quantities.keys()].filter((id) => unitById.get(id)!.count_inclusive).sort((a, b) => {
    const pa = input.prices.get(a)!.price_e6;
    const pb = input.prices.get(b)!.price_e6;
    if (pa !== pb) return pb - pa;
    const fa = unitById.get(a)!.fare_type === 'ADULT' ? 0 : 1;
    const fb = unitById.get(b)!.fare_type === 'ADULT' ? 0 : 1;
    return fa - fb || a - b;
  });
  const taken = new Map<number, number>();
  let left = free;
  for (const id of order) {
    if (left === 0) break;
    const t = Math.min(left, quantities.get(id)!);
    taken.set(id, t);
    left -= t;
  }

  const items: UnitQuantityPriceItem[] = [];
  const freeByUnit = new Map<number, number>();
  for (const id of [...quantities.keys()].sort((a, b) => a - b)) {
    const quantity = quantities.get(id)!;
    const t = taken.get(id) ?? 0;
    const price = input.prices.get(id)!.price_e6;
    items.push({ unit_id: id, quantity, calculated_quantity: quantity - t, unit_price: price, subtotal_amount: price * (quantity - t) });
    if (t > 0) {
      const unit = unitById.get(id)!;
      const freeUnit = input.units.find((u) => u.auto_calculated && u.segment === unit.segment && u.fare_type === unit.fare_type);
      if (freeUnit) freeByUnit.set(freeUnit.id, (freeByUnit.get(freeUnit.id) ?? 0) + t);
    }
  }
  for (const [id, q] of [...freeByUnit].sort((a, b) => a[0] - b[0])) {
    items.push({ unit_id: id, quantity: 0, calculated_quantity: q, unit_price: 0, subtotal_amount: 0 });
  }
  const perDirection = items.reduce((n, i) => n + i.subtotal_amount, 0);
  const directionAmounts = Array.from({ length: input.directions }, () => perDirection);
  return {
    ok: true,
    value: {
      participant_quantity: participants,
      free_quantity: free,
      unit_quantity_items: items,
      direction_amounts: directionAmounts,
      total_amount: perDirection * input.directions,
    },
  };
}
