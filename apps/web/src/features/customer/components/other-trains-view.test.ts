import { describe, expect, it } from 'vitest';
import type { SearchInventoryService } from '@sagano/domain/inventory/inventory-schemas';
import { freeOnSegment, otherTrainRows } from './other-trains-view.ts';

const train = (service_id: number, departure: string, vacant: number, available: boolean, level: SearchInventoryService['allotment_level'] = 'SUFFICIENT'): SearchInventoryService => ({
  service_id,
  service_names: [{ language_id: 'ja', text: `${service_id}号` }],
  direction: 'down',
  departure_hhmm: departure,
  arrival_hhmm: null,
  vacant_seats: vacant,
  allotment_level: level,
  is_available: available,
});

describe('the trains of a leg as the group reads them', () => {
  it('takes the tightest leg of the segment for free places', () => {
    const counters = [
      { leg: 1, capacity: 4, held: 1 },
      { leg: 2, capacity: 4, held: 3 },
      { leg: 3, capacity: 4, held: 0 },
    ];
    expect(freeOnSegment(counters, 1, 4)).toBe(1);
    expect(freeOnSegment(counters, 3, 4)).toBe(4);
    expect(freeOnSegment(counters, 4, 3)).toBe(4);
    expect(freeOnSegment([{ leg: 1, capacity: 4, held: 0 }], 1, 3)).toBe(0);
    expect(freeOnSegment(counters, 2, 2)).toBe(0);
  });

  it('orders by departure, marks the booked train, and says whether the group fits', () => {
    const rows = otherTrainRows(
      [train(3, '11:00', 0, false, 'SOLD_OUT'), train(1, '09:00', 40, true), train(2, '10:00', 5, false, 'FEW'), train(4, '12:00', 0, false, null)],
      { serviceId: 3, fromStationId: 1, toStationId: 4 },
      { seats: 20, wheelchairs: 0 },
    );
    expect(rows.map((r) => [r.service.service_id, r.booked, r.fit, r.wheelchairPlaces])).toEqual([
      [1, false, 'fits', null],
      [2, false, 'tooFew', null],
      // The group's own train: its seats are its own, even when the rest is sold out.
      [3, true, 'fits', null],
      [4, false, 'notOnSale', null],
    ]);
  });

  it('a group with wheelchairs needs the wheelchair places too', () => {
    const counters = [
      { service_id: 1, counters: [1, 2, 3].map((leg) => ({ leg, capacity: 2, held: leg === 2 ? 2 : 0 })) },
      { service_id: 2, counters: [1, 2, 3].map((leg) => ({ leg, capacity: 2, held: 0 })) },
    ];
    const rows = otherTrainRows([train(1, '09:00', 40, true), train(2, '10:00', 40, true)], { serviceId: 9, fromStationId: 1, toStationId: 4 }, { seats: 20, wheelchairs: 1 }, counters);
    expect(rows.map((r) => [r.fit, r.wheelchairPlaces])).toEqual([
      ['tooFew', 0],
      ['fits', 2],
    ]);
  });
});
