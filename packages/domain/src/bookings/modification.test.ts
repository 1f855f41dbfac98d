import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { previewChange, reprice } from './modification.ts';
import { E6 } from '../money/yen-e6.ts';
import type { AmountCalculation } from './pricing.ts';

const ADULT = 1;
const CHILD = 2;
const fees = new Map([[ADULT, 300 * E6], [CHILD, 150 * E6]]);

function calc(adults: number, children: number, directions = 1): AmountCalculation {
  const items = [
    ...(adults > 0 ? [{ unit_id: ADULT, quantity: adults, calculated_quantity: adults, unit_price: 800 * E6, subtotal_amount: adults * 800 * E6 }] : []),
    ...(children > 0 ? [{ unit_id: CHILD, quantity: children, calculated_quantity: children, unit_price: 400 * E6, subtotal_amount: children * 400 * E6 }] : []),
  ];
  const per = items.reduce((n, i) => n + i.subtotal_amount, 0);
  return { participant_quantity: adults + children, free_quantity: 0, unit_quantity_items: items, direction_amounts: Array(directions).fill(per), total_amount: per * directions };
}

describe('re-pricing a change', () => {
  it('charges the decrement fee for each participant removed, per direction', () => {
    const r = reprice([{ unit_id: ADULT, record_largest_calculated_quantity: 20 }], calc(17, 0, 2), fees, 2);
    expect(r.unit_quantity_price_items).toEqual([
      expect.objectContaining({ unit_id: ADULT, calculated_quantity: 17, decrement_quantity: 3, decrement_fee: 3 * 300 * E6 * 2, final_remained_quantity: 17, record_largest_calculated_quantity: 20 }),
    ]);
    expect(r.fare_amount).toBe(17 * 800 * E6 * 2);
    expect(r.total_amount).toBe(17 * 800 * E6 * 2 + 1800 * E6);
  });

  it('charges nothing for growth, and remembers the new largest count', () => {
    const r = reprice([{ unit_id: ADULT, record_largest_calculated_quantity: 10 }], calc(12, 2), fees, 1);
    expect(r.decrement_fee_amount).toBe(0);
    expect(r.unit_quantity_price_items.find((i) => i.unit_id === ADULT)?.record_largest_calculated_quantity).toBe(12);
    expect(r.total_amount).toBe((12 * 800 + 2 * 400) * E6);
  });

  it('a unit dropped entirely still owes its decrement fee', () => {
    const r = reprice([{ unit_id: ADULT, record_largest_calculated_quantity: 10 }, { unit_id: CHILD, record_largest_calculated_quantity: 4 }], calc(10, 0), fees, 1);
    expect(r.unit_quantity_price_items.find((i) => i.unit_id === CHILD)).toMatchObject({ quantity: 0, calculated_quantity: 0, decrement_quantity: 4, decrement_fee: 600 * E6, record_largest_calculated_quantity: 4 });
  });

  it('going down and back up never charges twice for the same places', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }), (counts) => {
        let record = [{ unit_id: ADULT, record_largest_calculated_quantity: counts[0]! }];
        for (const n of counts) {
          const r = reprice(record, calc(n, 0), fees, 1);
          expect(r.decrement_fee_amount).toBe(Math.max(0, record[0]!.record_largest_calculated_quantity - n) * 300 * E6);
          expect(r.total_amount).toBeGreaterThanOrEqual(r.fare_amount);
          record = [{ unit_id: ADULT, record_largest_calculated_quantity: r.unit_quantity_price_items[0]!.record_largest_calculated_quantity }];
        }
        expect(record[0]!.record_largest_calculated_quantity).toBe(Math.max(...counts));
      }),
    );
  });
});

describe('previewing a change', () => {
  it('shows the new total with the decrement fee and the difference the change will charge', () => {
    // 12 adults booked (9,600 yen); 10 remain: 8,000 yen of fares + 2 × 300 yen.
    const r = reprice([{ unit_id: ADULT, record_largest_calculated_quantity: 12 }], calc(10, 0), fees, 1);
    expect(previewChange(9_600 * E6, r)).toEqual({
      previous_total_amount: 9_600 * E6,
      fare_amount: 8_000 * E6,
      decrement_fee_amount: 600 * E6,
      total_amount: 8_600 * E6,
      difference_amount: -1_000 * E6,
      decrement_items: [{ unit_id: ADULT, decrement_quantity: 2, decrement_fee: 600 * E6 }],
    });
  });

  it('the previewed total is always the re-priced total, and the difference adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 2 }), (largest, adults, children, directions) => {
        const r = reprice([{ unit_id: ADULT, record_largest_calculated_quantity: largest }], calc(adults, children, directions), fees, directions);
        const p = previewChange(123 * E6, r);
        expect(p.total_amount).toBe(r.total_amount);
        expect(p.fare_amount + p.decrement_fee_amount).toBe(p.total_amount);
        expect(p.previous_total_amount + p.difference_amount).toBe(p.total_amount);
        expect(p.decrement_items.reduce((n, i) => n + i.decrement_fee, 0)).toBe(p.decrement_fee_amount);
      }),
    );
  });
});
