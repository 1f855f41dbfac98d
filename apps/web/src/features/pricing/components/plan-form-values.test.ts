import { describe, expect, it } from 'vitest';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import { planBody, planFormProblems, planFormValues } from './plan-form-values.ts';

const unit = (id: number, segment: 'NORMAL' | 'SCHOOL', annotation: Unit['annotation'], fare_type: Unit['fare_type']): Unit => ({
  id,
  display_order: id,
  name_label: [{ language_id: 'ja', text: `区分${id}` }],
  segment,
  annotation,
  fare_type,
  count_inclusive: true,
  auto_calculated: annotation === 'FREE',
});
const units = [unit(1, 'NORMAL', 'NORMAL', 'ADULT'), unit(2, 'NORMAL', 'NORMAL', 'CHILD'), unit(3, 'NORMAL', 'FREE', 'ADULT'), unit(4, 'SCHOOL', 'NORMAL', 'ADULT')];

describe('the pricing plan form', () => {
  it('starts a new plan with an empty cell per priced unit of the segment', () => {
    expect(planFormValues(null, 'NORMAL', units).prices).toEqual({ 1: { price: '', fee: '' }, 2: { price: '', fee: '' } });
  });

  it('shows a stored plan in yen and sends it back on the millionth scale', () => {
    const values = planFormValues(
      { id: 7, name: '一般', segment: 'NORMAL', service_date_from: '2026-01-01', service_date_to: '2026-12-31', updated_at: '', units: [{ unit_id: 1, price_e6: 800e6, decrement_fee_e6: 220e6 }, { unit_id: 2, price_e6: 400e6, decrement_fee_e6: 220e6 }] },
      'SCHOOL',
      units,
    );
    expect(values.segment).toBe('NORMAL');
    expect(values.prices[1]).toEqual({ price: 800, fee: 220 });
    expect(planFormProblems(values)).toEqual({});
    values.prices[2] = { price: '1,200', fee: 0 };
    expect(planBody(values).units).toEqual([
      { unit_id: 1, price_e6: 800e6, decrement_fee_e6: 220e6 },
      { unit_id: 2, price_e6: 1200e6, decrement_fee_e6: 0 },
    ]);
  });

  it('names each problem', () => {
    const values = planFormValues(null, 'NORMAL', units);
    values.service_date_from = '2026-12-31';
    values.service_date_to = '2026-01-01';
    values.prices[1] = { price: '８００', fee: 220 };
    expect(planFormProblems(values)).toEqual({ name: 'name', service_date_to: 'dateOrder', 'prices.1.price': 'price', 'prices.2.price': 'price', 'prices.2.fee': 'price' });
  });
});
