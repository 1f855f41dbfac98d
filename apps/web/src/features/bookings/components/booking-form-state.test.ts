import { describe, expect, it } from 'vitest';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
import {
  BOOKING_FORM_KEY,
  emptyForm,
  formFromSearchParams,
  invalidQuantityUnits,
  isSubmittable,
  belowMinimum,
  legsOverCapacity,
  legsTooSmall,
  loadForm,
  participantCount,
  pastDates,
  missingTrains,
  returnBeforeOutbound,
  saveForm,
  toCreateBody,
  toUpdateBody,
  tripLegs,
  withCallerAgent,
  withPickedTrain,
} from './booking-form-state.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const unit = (id: number, segment: 'NORMAL' | 'SCHOOL', annotation: Unit['annotation'], fare: 'ADULT' | 'CHILD'): Unit => ({
  id,
  display_order: id,
  name_label: [{ language_id: 'ja', text: `unit ${id}` }],
  segment,
  annotation,
  fare_type: fare,
  count_inclusive: true,
  auto_calculated: annotation === 'FREE',
});
// A day before every date of these drafts.
const TODAY = '2026-04-20';
const UNITS = [unit(1, 'NORMAL', 'NORMAL', 'ADULT'), unit(2, 'NORMAL', 'NORMAL', 'CHILD'), unit(9, 'NORMAL', 'FREE', 'ADULT'), unit(11, 'SCHOOL', 'NORMAL', 'ADULT')];

function filled() {
  const state = formFromSearchParams(new URLSearchParams('date=2026-05-01&trip=round&from=1&to=4&down_service_id=3&up_service_id=12'), 'create');
  return {
    ...state,
    agent_id: 7,
    applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
    group: { ...state.group, name: '桜ヶ丘町内会' },
    quantities: { '1': 20, '2': 3, '9': 4, '11': 5 },
  };
}

describe('the stored booking form', () => {
  it('tells empty storage from invalid data', () => {
    const storage = memoryStorage();
    expect(loadForm(storage)).toEqual({ kind: 'empty' });
    storage.setItem(BOOKING_FORM_KEY, '{not json');
    expect(loadForm(storage)).toEqual({ kind: 'invalid' });
    storage.setItem(BOOKING_FORM_KEY, JSON.stringify({ form_id: 'x', trip: 'triangle' }));
    expect(loadForm(storage)).toEqual({ kind: 'invalid' });
    const state = emptyForm('create', 'web-1');
    saveForm(storage, state);
    expect(loadForm(storage)).toEqual({ kind: 'ok', state });
  });

  it('reads the seat inquiry choice from the address, ignoring bad values', () => {
    const state = formFromSearchParams(new URLSearchParams('date=2026-05-01&trip=round&from=2&to=4&down_service_id=3'), 'o');
    expect(state).toMatchObject({ trip: 'round', service_date: '2026-05-01', from_station_id: 2, to_station_id: 4, down_service_id: 3, up_service_id: null });
    const bad = formFromSearchParams(new URLSearchParams('date=May&from=9&to=x&down_service_id=-1'), 'o');
    expect(bad).toMatchObject({ trip: 'single', service_date: '', from_station_id: null, to_station_id: null, down_service_id: null });
  });

  it('derives the legs: the outbound direction from the stations, the return reversed', () => {
    expect(tripLegs({ trip: 'single', from_station_id: 4, to_station_id: 2 })).toEqual([{ direction: 'up', from: 4, to: 2, index: 0 }]);
    expect(tripLegs({ trip: 'round', from_station_id: 1, to_station_id: 4 })).toEqual([
      { direction: 'down', from: 1, to: 4, index: 0 },
      { direction: 'up', from: 4, to: 1, index: 1 },
    ]);
    expect(tripLegs({ trip: 'single', from_station_id: 2, to_station_id: 2 })).toEqual([]);
  });

  it('builds the create body: segment units only, FREE never sent, one idempotency id per form', () => {
    const state = filled();
    const body = toCreateBody(state, UNITS);
    expect(body.participant_group.unit_quantity_items).toEqual([
      { unit_id: 1, quantity: 20 },
      { unit_id: 2, quantity: 3 },
    ]);
    expect(body.service_order).toEqual({
      down_service: { service_date: '2026-05-01', service_id: 3, from_station_id: 1, to_station_id: 4 },
      up_service: { service_date: '2026-05-01', service_id: 12, from_station_id: 4, to_station_id: 1 },
    });
    expect(body.external_idempotent_id).toBe(state.form_id);
    expect(body.tour_conductor).toBeNull();
    expect(toCreateBody(state, UNITS).external_idempotent_id).toBe(body.external_idempotent_id);
    expect(isSubmittable(state, UNITS, TODAY)).toBe(true);
  });

  it('sends the return leg on its own date, never before the outbound date', () => {
    const state = { ...filled(), return_date: '2026-05-03' };
    expect(toCreateBody(state, UNITS).service_order).toEqual({
      down_service: { service_date: '2026-05-01', service_id: 3, from_station_id: 1, to_station_id: 4 },
      up_service: { service_date: '2026-05-03', service_id: 12, from_station_id: 4, to_station_id: 1 },
    });
    expect(isSubmittable(state, UNITS, TODAY)).toBe(true);
    expect(returnBeforeOutbound({ ...state, return_date: '2026-04-30' })).toBe(true);
    expect(isSubmittable({ ...state, return_date: '2026-04-30' }, UNITS, TODAY)).toBe(false);
    // A one-way trip ignores a return date left over from a round trip.
    expect(returnBeforeOutbound({ ...state, trip: 'single', return_date: '2026-04-30' })).toBe(false);
    // Older drafts without a return date still load.
    const storage = memoryStorage();
    const { return_date: _dropped, ...old } = state;
    storage.setItem(BOOKING_FORM_KEY, JSON.stringify(old));
    expect(loadForm(storage)).toMatchObject({ kind: 'ok', state: { return_date: '' } });
  });

  it('is not submittable with a missing train, no agent or no participants', () => {
    const state = filled();
    expect(missingTrains({ ...state, up_service_id: null })).toEqual(['up']);
    expect(isSubmittable({ ...state, up_service_id: null }, UNITS, TODAY)).toBe(false);
    expect(isSubmittable({ ...state, agent_id: null }, UNITS, TODAY)).toBe(false);
    expect(isSubmittable({ ...state, quantities: { '9': 3 } }, UNITS, TODAY)).toBe(false);
    expect(isSubmittable({ ...state, applicant: { ...state.applicant, email: 'nope' } }, UNITS, TODAY)).toBe(false);
  });
});

describe('what the form refuses before submission', () => {
  it('a date before today is refused, the outbound and return dates each', () => {
    const state = { ...filled(), return_date: '2026-05-03' };
    expect(pastDates(state, '2026-05-01')).toEqual([]);
    expect(pastDates(state, '2026-05-02')).toEqual(['service_date']);
    expect(pastDates(state, '2026-05-04')).toEqual(['service_date', 'return_date']);
    expect(isSubmittable(state, UNITS, '2026-05-02')).toBe(false);
    expect(pastDates({ ...state, trip: 'single' }, '2026-05-04')).toEqual(['service_date']);
  });

  it('a count typed as text that is not a whole number in range is kept as typed and blocks the request', () => {
    const state = { ...filled(), quantities: { '1': '-5', '2': 3 } };
    expect(invalidQuantityUnits(state, UNITS)).toEqual([1]);
    expect(toCreateBody(state, UNITS).participant_group.unit_quantity_items[0]!.quantity).toBeNaN();
    expect(isSubmittable(state, UNITS, TODAY)).toBe(false);
    expect(isSubmittable({ ...filled(), wheel_chair_text: '-1' }, UNITS, TODAY)).toBe(false);
  });

  it('says which trains the group does not fit on; wheelchair users need no group seat', () => {
    const state = filled(); // 23 people
    expect(legsTooSmall(state, UNITS, [{ direction: 'down', vacant: 23 }, { direction: 'up', vacant: 22 }])).toEqual([{ direction: 'up', vacant: 22 }]);
    expect(legsTooSmall({ ...state, wheel_chairs: [{ need_slope: false }] }, UNITS, [{ direction: 'up', vacant: 22 }])).toEqual([]);
    expect(legsTooSmall({ ...state, quantities: {} }, UNITS, [{ direction: 'up', vacant: 0 }])).toEqual([]);
  });

  it('says which trains could never carry the group (over their whole group capacity), and a group below the minimum', () => {
    const state = filled(); // 23 people
    const legs = [{ direction: 'down', vacant: 0, capacity: 23 }, { direction: 'up', vacant: 30, capacity: 22 }] as const;
    expect(legsOverCapacity(state, UNITS, legs)).toEqual([legs[1]]);
    expect(legsOverCapacity({ ...state, wheel_chairs: [{ need_slope: false }] }, UNITS, legs)).toEqual([]);
    expect(legsOverCapacity(state, UNITS, [{ direction: 'down', vacant: 0 }])).toEqual([]);
    expect(participantCount(state, UNITS)).toBe(23);
    expect(belowMinimum(state, UNITS, 24)).toBe(true);
    expect(belowMinimum(state, UNITS, 23)).toBe(false);
    expect(belowMinimum(state, UNITS, null)).toBe(false);
    expect(belowMinimum({ ...state, quantities: {} }, UNITS, 8)).toBe(false);
  });
});

describe('withCallerAgent', () => {
  const operator = { kind: 'OPERATOR', agent_id: null, agent_sub_group_id: null } as const;
  const headOffice = { kind: 'AGENT', agent_id: 7, agent_sub_group_id: null } as const;
  const branch = { kind: 'AGENT', agent_id: 7, agent_sub_group_id: 12 } as const;

  it('leaves an operator\'s draft as it is', () => {
    const state = { ...emptyForm('create', 'web-1'), agent_id: 3, agent_sub_group_id: 5 };
    expect(withCallerAgent(state, operator)).toBe(state);
  });

  it('books for the agent\'s own agent, and a branch user for their branch', () => {
    const state = emptyForm('create', 'web-1');
    expect(withCallerAgent(state, headOffice)).toMatchObject({ agent_id: 7, agent_sub_group_id: null });
    expect(withCallerAgent(state, branch)).toMatchObject({ agent_id: 7, agent_sub_group_id: 12 });
  });

  it('keeps a branch the head office chose, but never another agent\'s', () => {
    expect(withCallerAgent({ ...emptyForm('create', 'web-1'), agent_id: 7, agent_sub_group_id: 13 }, headOffice)).toMatchObject({ agent_id: 7, agent_sub_group_id: 13 });
    expect(withCallerAgent({ ...emptyForm('create', 'web-1'), agent_id: 3, agent_sub_group_id: 5 }, headOffice)).toMatchObject({ agent_id: 7, agent_sub_group_id: null });
    expect(withCallerAgent({ ...emptyForm('create', 'web-1'), agent_id: 7, agent_sub_group_id: 13 }, branch)).toMatchObject({ agent_id: 7, agent_sub_group_id: 12 });
  });
});

describe('a change draft with the train picked in the seat inquiry', () => {
  const booking = (trip: 'single' | 'round', returnDate = '') => ({
    ...emptyForm('update'),
    trip,
    service_date: '2027-06-10',
    return_date: returnDate,
    from_station_id: 1,
    to_station_id: 4,
    down_service_id: 3,
    up_service_id: trip === 'round' ? 8 : null,
    update_of: '27061001',
  });
  const picked = (query: string) => new URLSearchParams(query);

  it('moves the outbound train and its day; the stations stay', () => {
    const next = withPickedTrain(booking('single'), picked('date=2027-06-12&down_service_id=5'));
    expect(next).toMatchObject({ service_date: '2027-06-12', down_service_id: 5, from_station_id: 1, to_station_id: 4, update_of: '27061001' });
  });

  it('a same-day return keeps its day when the outbound moves; a return picked moves only the return', () => {
    expect(withPickedTrain(booking('round'), picked('date=2027-06-12&down_service_id=5'))).toMatchObject({ service_date: '2027-06-12', return_date: '2027-06-10', down_service_id: 5, up_service_id: 8 });
    expect(withPickedTrain(booking('round'), picked('date=2027-06-10&down_service_id=5'))).toMatchObject({ service_date: '2027-06-10', return_date: '', down_service_id: 5 });
    expect(withPickedTrain(booking('round', '2027-06-11'), picked('date=2027-06-12&up_service_id=9'))).toMatchObject({ service_date: '2027-06-10', return_date: '2027-06-12', up_service_id: 9, down_service_id: 3 });
    expect(withPickedTrain(booking('round', '2027-06-11'), picked('date=2027-06-10&up_service_id=9'))).toMatchObject({ return_date: '', up_service_id: 9 });
  });

  it('an address without a valid day, or naming a direction the booking does not travel, changes nothing', () => {
    const single = booking('single');
    expect(withPickedTrain(single, picked('down_service_id=5'))).toBe(single);
    expect(withPickedTrain(single, picked('date=2027-13-40x&down_service_id=5'))).toBe(single);
    expect(withPickedTrain(single, picked('date=2027-06-12&up_service_id=5'))).toBe(single);
    expect(withPickedTrain(single, picked('date=2027-06-12&down_service_id=abc'))).toBe(single);
  });
});

describe('the people\'s versions on a change draft', () => {
  it('survive a stored and restored draft and go with the change, never with a new booking', () => {
    const storage = memoryStorage();
    const draft = {
      ...filled(),
      applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222', version: 3 },
      tour_conductor: { name: '田中 一郎', phone_number: '090-1111-2222', version: 2 },
      update_of: '26050101',
    };
    saveForm(storage, draft);
    const restored = loadForm(storage);
    if (restored.kind !== 'ok') throw new Error('the draft did not come back');
    const change = toUpdateBody(restored.state, UNITS);
    expect(change.applicant).toMatchObject({ name: '中村 さくら', version: 3 });
    expect(change.tour_conductor).toMatchObject({ name: '田中 一郎', version: 2 });
    const created = toCreateBody(restored.state, UNITS);
    expect(created.applicant).not.toHaveProperty('version');
    expect(created.tour_conductor).not.toHaveProperty('version');
  });
});
