import { describe, expect, it } from 'vitest';
import { countedUnits, revisionViews } from './history-changes.ts';

const leg = { direction: 'down', service_date: '2026-05-01', service_id: 3, from_station_id: 1, to_station_id: 4 };
const base = { created_at: '2026-04-01T00:00:00Z', created_by: 'staff@example.com', confirm_note: '', status: null, sub_status: null };

describe('revision views', () => {
  it('marks what changed since the previous revision', () => {
    const views = revisionViews([
      { ...base, status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', type: 'UPDATE', revision: 2, service_order: [leg], participant_group: { participant_quantity: 10, unit_quantity_items: [{ unit_id: 1, quantity: 10 }] }, payment: { total_amount: 8_000e6, status: 'PAYMENT_PENDING' } },
      { ...base, status: 'SUBMITTED', sub_status: 'INITIAL', type: 'CREATE', revision: 1, service_order: [leg], participant_group: { participant_quantity: 10, unit_quantity_items: [{ unit_id: 1, quantity: 10 }] }, payment: { total_amount: 8_000e6 } },
    ]);
    expect(views.map((v) => v.revision)).toEqual([1, 2]);
    expect(views[0]!.changed).toEqual({ trains: true, participants: true, amount: true, payment: true, status: true });
    expect(views[1]!.changed).toEqual({ trains: false, participants: false, amount: false, payment: true, status: true });
    expect(views[1]).toMatchObject({ status: 'RESERVED', subStatus: 'SAGANO_ALLOTMENT_CONFIRMED' });
    expect(views[1]!.paymentStatus).toBe('PAYMENT_PENDING');
  });
  it('shows a change decline reason on the revision that declined, and a voucher override on its own revision', () => {
    const people = { participant_quantity: 10, unit_quantity_items: [{ unit_id: 1, quantity: 10 }] };
    const views = revisionViews([
      { ...base, status: 'RESERVED', sub_status: 'SAGANO_SEAT_TABLE_SENT', type: 'UPDATE', revision: 1, service_order: [leg], participant_group: people, payment: null, voucher_override_unpaid_reason: '現地払いの確約あり' },
      { ...base, status: 'MODIFICATION_SUBMITTED', sub_status: 'SAGANO_SEAT_TABLE_SENT', type: 'UPDATE', revision: 2, service_order: [leg], participant_group: people, payment: null },
      { ...base, status: 'NOT_MODIFIED', sub_status: 'SAGANO_SEAT_TABLE_SENT', type: 'UPDATE', revision: 3, service_order: [leg], participant_group: people, payment: null, modification_decline_reason: '満席のため' },
      { ...base, status: 'NOT_MODIFIED', sub_status: 'SAGANO_SEAT_TABLE_SENT', type: 'UPDATE', revision: 4, service_order: [leg], participant_group: people, payment: null, modification_decline_reason: '満席のため' },
    ]);
    expect(views.map((v) => v.changeDeclined)).toEqual([null, null, '満席のため', null]);
    expect(views.map((v) => v.voucherOverride)).toEqual(['現地払いの確約あり', null, null, null]);
  });
  it('tolerates snapshots it cannot read', () => {
    const [view] = revisionViews([{ ...base, type: 'CREATE', revision: 1, service_order: 'x', participant_group: null, payment: undefined }]);
    expect(view).toMatchObject({ legs: null, participants: null, amount: null });
  });
  it('counts people as they were priced: free places on the free unit, empty units left out', () => {
    const participants = {
      participant_quantity: 20,
      unit_quantity_items: [
        { unit_id: 1, quantity: 20, calculated_quantity: 19 },
        { unit_id: 2, quantity: 0, calculated_quantity: 0 },
        { unit_id: 9, quantity: 0, calculated_quantity: 1 },
      ],
    };
    expect(countedUnits(participants)).toEqual([
      { unit_id: 1, quantity: 19 },
      { unit_id: 9, quantity: 1 },
    ]);
    // A snapshot without calculated quantities shows what was entered.
    expect(countedUnits({ participant_quantity: 3, unit_quantity_items: [{ unit_id: 1, quantity: 3 }] })).toEqual([{ unit_id: 1, quantity: 3 }]);
  });
});
