import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { compareChange, seatOutcome, trainsDiffer, type ChangeComparisonInput } from './change-comparison.ts';
import { reprice } from './modification.ts';
import type { AmountCalculation } from './pricing.ts';

const ADULT = 1;
const CHILD = 2;
const fees = new Map([[ADULT, 300 * E6], [CHILD, 150 * E6]]);
const name = (n: number) => [{ language_id: 'ja' as const, text: `${n}号` }, { language_id: 'en' as const, text: `No. ${n}` }];
const leg = (direction: 'down' | 'up', service_id: number, date = '2026-04-10', from = 1, to = 4) => ({ direction, service_date: date, service_id, service_name: name(service_id), from_station_id: from, to_station_id: to });
const details = { applicant: { name: 'A', email: 'a@example.com', phone_number: '075' }, tour_conductor: null, group: { name: 'G', group_type: 'NORMAL' }, note: '' };

function calc(adults: number, children: number, directions = 1): AmountCalculation {
  const items = [
    ...(adults > 0 ? [{ unit_id: ADULT, quantity: adults, calculated_quantity: adults, unit_price: 800 * E6, subtotal_amount: adults * 800 * E6 }] : []),
    ...(children > 0 ? [{ unit_id: CHILD, quantity: children, calculated_quantity: children, unit_price: 400 * E6, subtotal_amount: children * 400 * E6 }] : []),
  ];
  const per = items.reduce((n, i) => n + i.subtotal_amount, 0);
  return { participant_quantity: adults + children, free_quantity: 0, unit_quantity_items: items, direction_amounts: Array(directions).fill(per), total_amount: per * directions };
}

/** A booking of 20 adults and 5 children on train 5, changed to `adults`/`children` on `legs`. */
function input(adults: number, children: number, legs = [leg('down', 5)], overrides: Partial<ChangeComparisonInput['before']> = {}): ChangeComparisonInput {
  const before = {
    legs: [leg('down', 5)],
    units: [{ unit_id: ADULT, quantity: 20 }, { unit_id: CHILD, quantity: 5 }],
    wheelchairs: [{ need_slope: true }],
    participant_quantity: 25,
    details,
    total_amount: (20 * 800 + 5 * 400) * E6,
    holds_allotments: true,
    holds_standing: false,
    ...overrides,
  };
  const units = [...(adults > 0 ? [{ unit_id: ADULT, quantity: adults }] : []), ...(children > 0 ? [{ unit_id: CHILD, quantity: children }] : [])];
  return {
    before,
    after: { legs, units, wheelchairs: [{ need_slope: true }], participant_quantity: adults + children, details },
    repricing: reprice([{ unit_id: ADULT, record_largest_calculated_quantity: 20 }, { unit_id: CHILD, record_largest_calculated_quantity: 5 }], calc(adults, children, legs.length), fees, legs.length),
  };
}

describe('comparing a change with the booking', () => {
  it('a headcount change on the same train: counts before → after, decrement fee, refund difference, seats kept', () => {
    const s = compareChange(input(17, 5));
    expect(s.trains_changed).toBe(false);
    expect(s.legs).toEqual([{ direction: 'down', before: expect.objectContaining({ service_id: 5 }), after: expect.objectContaining({ service_id: 5 }), train_changed: false, segment_changed: false }]);
    expect(s.units).toEqual([
      { unit_id: ADULT, before_quantity: 20, after_quantity: 17, decrement_quantity: 3, decrement_fee: 900 * E6 },
      { unit_id: CHILD, before_quantity: 5, after_quantity: 5, decrement_quantity: 0, decrement_fee: 0 },
    ]);
    expect(s.participant_quantity).toEqual({ before: 25, after: 22 });
    expect(s.amounts).toEqual({
      before_total_amount: 18000 * E6,
      fare_amount: (17 * 800 + 5 * 400) * E6,
      decrement_fee_amount: 900 * E6,
      after_total_amount: (17 * 800 + 5 * 400 + 900) * E6,
      difference_amount: (17 * 800 + 5 * 400 + 900 - 18000) * E6,
    });
    expect(s.amounts.difference_amount).toBeLessThan(0);
    expect(s.seats).toBe('KEPT');
    expect(s.other_changes).toEqual([]);
  });

  it('a train change names both trains and gives the seats up; more people cost more, no fee', () => {
    const s = compareChange(input(22, 5, [leg('down', 9)]));
    expect(s.trains_changed).toBe(true);
    expect(s.legs[0]).toMatchObject({ before: { service_id: 5, service_name: name(5) }, after: { service_id: 9, service_name: name(9) }, train_changed: true, segment_changed: false });
    expect(s.amounts.decrement_fee_amount).toBe(0);
    expect(s.amounts.difference_amount).toBe(2 * 800 * E6);
    expect(s.seats).toBe('RELEASED');
  });

  it('a segment or date change is a train change; a direction added is listed with nothing before', () => {
    expect(compareChange(input(20, 5, [leg('down', 5, '2026-04-10', 2, 4)])).legs[0]).toMatchObject({ train_changed: false, segment_changed: true });
    expect(compareChange(input(20, 5, [leg('down', 5, '2026-04-11')])).legs[0]).toMatchObject({ train_changed: true });
    const round = compareChange(input(20, 5, [leg('down', 5), leg('up', 12)]));
    expect(round.trains_changed).toBe(true);
    expect(round.legs[1]).toMatchObject({ direction: 'up', before: null, after: { service_id: 12 }, train_changed: true });
  });

  it('nothing but the note changes: seats unchanged, the difference is zero, the note is named', () => {
    const i = input(20, 5);
    const s = compareChange({ ...i, after: { ...i.after, details: { ...details, note: '団体名の読みを訂正' } } });
    expect(s).toMatchObject({ seats: 'UNCHANGED', trains_changed: false, other_changes: ['note'], amounts: { difference_amount: 0 } });
  });

  it('a unit dropped entirely still shows with its fee; wheelchairs before → after', () => {
    const i = input(20, 0);
    const s = compareChange({ ...i, after: { ...i.after, wheelchairs: [] } });
    expect(s.units.find((u) => u.unit_id === CHILD)).toEqual({ unit_id: CHILD, before_quantity: 5, after_quantity: 0, decrement_quantity: 5, decrement_fee: 750 * E6 });
    expect(s.wheelchairs).toEqual({ before: 1, after: 0 });
    expect(s.wheelchair_slopes).toEqual({ before: 1, after: 0 });
  });
});

describe('what a change does to the seats', () => {
  it('follows the rule writeChange applies', () => {
    expect(seatOutcome({ trainsChanged: false, countsChanged: false, holdsAllotments: true, holdsStanding: false })).toBe('UNCHANGED');
    expect(seatOutcome({ trainsChanged: false, countsChanged: true, holdsAllotments: true, holdsStanding: false })).toBe('KEPT');
    expect(seatOutcome({ trainsChanged: false, countsChanged: true, holdsAllotments: true, holdsStanding: true })).toBe('RELEASED');
    expect(seatOutcome({ trainsChanged: false, countsChanged: true, holdsAllotments: false, holdsStanding: false })).toBe('RELEASED');
    expect(seatOutcome({ trainsChanged: true, countsChanged: false, holdsAllotments: true, holdsStanding: false })).toBe('RELEASED');
  });

  it('trains differ regardless of order', () => {
    expect(trainsDiffer([leg('down', 5), leg('up', 12)], [leg('up', 12), leg('down', 5)])).toBe(false);
    expect(trainsDiffer([leg('down', 5)], [leg('down', 5), leg('up', 12)])).toBe(true);
  });
});
