import { exactYenOf } from '@sagano/domain/money/yen-e6';
import { priceableUnits } from '@sagano/domain/pricing/pricing-plan-rules';
import type { PricingPlanBody, PricingPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import { yenInputToE6 } from '../../../lib/yen.ts';

export type Segment = PricingPlanBody['segment'];

/** What the plan form edits: yen as typed, per unit. */
export interface PlanFormValues {
  name: string;
  segment: Segment;
  service_date_from: string;
  service_date_to: string;
  prices: Record<string, { price: number | string; fee: number | string }>;
}

/** The form's start: the plan's prices in yen, or empty cells for every priced unit of the segment. */
export function planFormValues(plan: PricingPlanResponse | null, segment: Segment, units: readonly Unit[]): PlanFormValues {
  const prices: PlanFormValues['prices'] = {};
  for (const unit of priceableUnits(units, plan?.segment ?? segment)) {
    const priced = plan?.units.find((u) => u.unit_id === unit.id);
    prices[unit.id] = priced ? { price: exactYenOf(priced.price_e6), fee: exactYenOf(priced.decrement_fee_e6) } : { price: '', fee: '' };
  }
  return {
    name: plan?.name ?? '',
    segment: plan?.segment ?? segment,
    service_date_from: plan?.service_date_from ?? '',
    service_date_to: plan?.service_date_to ?? '',
    prices,
  };
}

/** Field errors by path, as message keys: the screen translates them. */
export function planFormProblems(values: PlanFormValues): Record<string, 'name' | 'required' | 'dateOrder' | 'price'> {
  const problems: Record<string, 'name' | 'required' | 'dateOrder' | 'price'> = {};
  if (!values.name.trim()) problems.name = 'name';
  if (!values.service_date_from) problems.service_date_from = 'required';
  if (!values.service_date_to) problems.service_date_to = 'required';
  if (values.service_date_from && values.service_date_to && values.service_date_from > values.service_date_to) problems.service_date_to = 'dateOrder';
  for (const [unitId, cell] of Object.entries(values.prices)) {
    if (yenInputToE6(cell.price) === null) problems[`prices.${unitId}.price`] = 'price';
    if (yenInputToE6(cell.fee) === null) problems[`prices.${unitId}.fee`] = 'price';
  }
  return problems;
}

/** The API body of valid form values (prices ×1,000,000). */
export function planBody(values: PlanFormValues): PricingPlanBody {
  return {
    name: values.name.trim(),
    segment: values.segment,
    service_date_from: values.service_date_from,
    service_date_to: values.service_date_to,
    units: Object.entries(values.prices).map(([unitId, cell]) => ({
      unit_id: Number(unitId),
      price_e6: yenInputToE6(cell.price)!,
      decrement_fee_e6: yenInputToE6(cell.fee)!,
    })),
  };
}
