import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { calculateAmount, freeCountPlanProblem, freeCountPlanProblems, freeQuantityFor, type PricedUnit, type UnitPrice } from './pricing.ts';

// A slice of the demo units: normal segment adult/child, supporter adult, free adult/child.
const units: PricedUnit[] = [
  { id: 1, segment: 'NORMAL', annotation: 'NORMAL', fare_type: 'ADULT', count_inclusive: true, auto_calculated: false },
  { id: 2, segment: 'NORMAL', annotation: 'NORMAL', fare_type: 'CHILD', count_inclusive: true, auto_calculated: false },
  { id: 7, segment: 'NORMAL', annotation: 'SUPPORTER', fare_type: 'ADULT', count_inclusive: true, auto_calculated: false },
  { id: 9, segment: 'NORMAL', annotation: 'FREE', fare_type: 'ADULT', count_inclusive: true, auto_calculated: true },
  { id: 10, segment: 'NORMAL', annotation: 'FREE', fare_type: 'CHILD', count_inclusive: true, auto_calculated: true },
];
const prices = new Map<number, UnitPrice>([
  [1, { price_e6: 800 * E6, decrement_fee_e6: 220 * E6 }],
  [2, { price_e6: 400 * E6, decrement_fee_e6: 220 * E6 }],
  [7, { price_e6: 440 * E6, decrement_fee_e6: 220 * E6 }],
]);
const plans = [
  { min: 15, max: 50, free_quantity: 1 },
  { min: 51, max: 100, free_quantity: 2 },
];

describe('calculateAmount', () => {
  it('prices each unit per direction', () => {
    const r = calculateAmount({ units, prices, freeCountPlans: plans, items: [{ unit_id: 1, quantity: 10 }, { unit_id: 2, quantity: 3 }], directions: 1 });
    expect(r.ok && r.value).toMatchObject({ participant_quantity: 13, free_quantity: 0, total_amount: (8000 + 1200) * E6 });
    const round = calculateAmount({ units, prices, freeCountPlans: plans, items: [{ unit_id: 1, quantity: 10 }], directions: 2 });
    expect(round.ok && round.value).toMatchObject({ direction_amounts: [8000 * E6, 8000 * E6], total_amount: 16000 * E6 });
  });

  it('makes the most expensive participants free under the free count plan', () => {
    const r = calculateAmount({ units, prices, freeCountPlans: plans, items: [{ unit_id: 2, quantity: 40 }, { unit_id: 1, quantity: 20 }, { unit_id: 7, quantity: 1 }], directions: 1 });
    if (!r.ok) throw new Error('refused');
    expect(r.value.free_quantity).toBe(2); // 61 participants
    expect(r.value.unit_quantity_items).toEqual([
      { unit_id: 1, quantity: 20, calculated_quantity: 18, unit_price: 800 * E6, subtotal_amount: 18 * 800 * E6 },
      { unit_id: 2, quantity: 40, calculated_quantity: 40, unit_price: 400 * E6, subtotal_amount: 40 * 400 * E6 },
      { unit_id: 7, quantity: 1, calculated_quantity: 1, unit_price: 440 * E6, subtotal_amount: 440 * E6 },
      { unit_id: 9, quantity: 0, calculated_quantity: 2, unit_price: 0, subtotal_amount: 0 },
    ]);
    expect(r.value.total_amount).toBe((14400 + 16000 + 440) * E6);
  });

  it('spills free places over to the next most expensive unit', () => {
    const r = calculateAmount({ units, prices, freeCountPlans: [{ min: 1, max: 99, free_quantity: 3 }], items: [{ unit_id: 1, quantity: 1 }, { unit_id: 2, quantity: 5 }], directions: 1 });
    if (!r.ok) throw new Error('refused');
    expect(r.value.unit_quantity_items.map((i) => [i.unit_id, i.calculated_quantity])).toEqual([[1, 0], [2, 3], [9, 1], [10, 2]]);
  });

  it('refuses unknown, unpriced or empty requests and ignores asked-for FREE units', () => {
    expect(calculateAmount({ units, prices, freeCountPlans: plans, items: [{ unit_id: 99, quantity: 1 }], directions: 1 })).toEqual({ ok: false, problem: { kind: 'unknown_unit', unit_id: 99 } });
    expect(calculateAmount({ units, prices: new Map(), freeCountPlans: plans, items: [{ unit_id: 1, quantity: 1 }], directions: 1 })).toEqual({ ok: false, problem: { kind: 'unpriced_unit', unit_id: 1 } });
    expect(calculateAmount({ units, prices, freeCountPlans: plans, items: [{ unit_id: 9, quantity: 5 }], directions: 1 })).toEqual({ ok: false, problem: { kind: 'no_participants' } });
  });
});

describe('items that are not participants (LUGGAGE, CHANGE_HANDLE_FEE)', () => {
  const withItems: PricedUnit[] = [
    ...units,
    { id: 41, segment: 'NORMAL', annotation: 'NORMAL', fare_type: 'LUGGAGE', count_inclusive: false, auto_calculated: false },
    { id: 42, segment: 'NORMAL', annotation: 'NORMAL', fare_type: 'CHANGE_HANDLE_FEE', count_inclusive: false, auto_calculated: false },
  ];
  const itemPrices = new Map<number, UnitPrice>([...prices, [41, { price_e6: 1000 * E6, decrement_fee_e6: 0 }], [42, { price_e6: 300 * E6, decrement_fee_e6: 0 }]]);

  it('prices them per piece and direction without counting them as participants or making them free', () => {
    // 15 adults make one free; the luggage costs more than an adult but is not a person.
    const r = calculateAmount({ units: withItems, prices: itemPrices, freeCountPlans: plans, items: [{ unit_id: 1, quantity: 15 }, { unit_id: 41, quantity: 2 }, { unit_id: 42, quantity: 15 }], directions: 2 });
    if (!r.ok) throw new Error('refused');
    expect(r.value).toMatchObject({ participant_quantity: 15, free_quantity: 1 });
    expect(r.value.unit_quantity_items).toEqual([
      { unit_id: 1, quantity: 15, calculated_quantity: 14, unit_price: 800 * E6, subtotal_amount: 14 * 800 * E6 },
      { unit_id: 41, quantity: 2, calculated_quantity: 2, unit_price: 1000 * E6, subtotal_amount: 2000 * E6 },
      { unit_id: 42, quantity: 15, calculated_quantity: 15, unit_price: 300 * E6, subtotal_amount: 4500 * E6 },
      { unit_id: 9, quantity: 0, calculated_quantity: 1, unit_price: 0, subtotal_amount: 0 },
    ]);
    expect(r.value.direction_amounts).toEqual([(11200 + 2000 + 4500) * E6, (11200 + 2000 + 4500) * E6]);
  });

  it('refuses a request of items alone: there must be participants', () => {
    expect(calculateAmount({ units: withItems, prices: itemPrices, freeCountPlans: plans, items: [{ unit_id: 41, quantity: 3 }], directions: 1 })).toEqual({ ok: false, problem: { kind: 'no_participants' } });
  });
});

describe('free count plans', () => {
  it('finds the plan for a count', () => {
    expect(freeQuantityFor(14, plans)).toBe(0);
    expect(freeQuantityFor(15, plans)).toBe(1);
    expect(freeQuantityFor(100, plans)).toBe(2);
  });
  it('flags bad and overlapping ranges', () => {
    expect(freeCountPlanProblems(plans)).toEqual([]);
    expect(freeCountPlanProblems([{ min: 10, max: 5, free_quantity: 1 }])).toEqual([0]);
    expect(freeCountPlanProblems([{ min: 1, max: 20, free_quantity: 1 }, { min: 20, max: 30, free_quantity: 2 }])).toEqual([0, 1]);
    expect(freeCountPlanProblems([{ min: 0, max: 3, free_quantity: 1 }])).toEqual([0]);
  });
});

describe('freeCountPlanProblem', () => {
  const others = [{ min: 15, max: 50, free_quantity: 1 }];
  it('names the rule a plan breaks and the field it is about, first the numbers, then the order, then the overlap', () => {
    expect(freeCountPlanProblem({ min: 51, max: 60, free_quantity: 2 }, others)).toBeNull();
    expect(freeCountPlanProblem({ min: Number.NaN, max: 60, free_quantity: 2 }, others)).toEqual({ kind: 'not_whole', field: 'min' });
    expect(freeCountPlanProblem({ min: 51, max: 60, free_quantity: -1 }, others)).toEqual({ kind: 'not_whole', field: 'free_quantity' });
    expect(freeCountPlanProblem({ min: 0, max: 10, free_quantity: 0 }, [])).toEqual({ kind: 'min_below_one', field: 'min' });
    expect(freeCountPlanProblem({ min: 70, max: 60, free_quantity: 2 }, others)).toEqual({ kind: 'min_above_max', field: 'max' });
    expect(freeCountPlanProblem({ min: 51, max: 60, free_quantity: 61 }, others)).toEqual({ kind: 'free_above_max', field: 'free_quantity' });
    expect(freeCountPlanProblem({ min: 40, max: 60, free_quantity: 2 }, others)).toEqual({ kind: 'overlap', field: 'min', other: { min: 15, max: 50 } });
  });

  it('agrees with the list rule on which plans may be saved', () => {
    const cases = [
      { min: 51, max: 60, free_quantity: 2 },
      { min: 40, max: 60, free_quantity: 2 },
      { min: 0, max: 3, free_quantity: 0 },
      { min: 5, max: 4, free_quantity: 0 },
      { min: 1, max: 4, free_quantity: 5 },
    ];
    for (const plan of cases) expect(freeCountPlanProblem(plan, others) === null).toBe(!freeCountPlanProblems([plan, ...others]).includes(0));
  });
});

