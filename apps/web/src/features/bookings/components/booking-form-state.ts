import { z } from 'zod';
import type { UpdateParamsBody} from '@sagano/domain/bookings/booking-schemas';
import { CreateBookingBody, type BookingResponse, type ServiceChoice } from '@sagano/domain/bookings/booking-schemas';
import { PARTICIPANT_QUANTITY, WHEELCHAIR_COUNT, parseCount } from '@sagano/domain/bookings/counts';
import { isCountryCode } from '@sagano/domain/common/countries';
import { segmentFitsDirection } from '@sagano/domain/inventory/legs';
import { isPassengerFare, type Unit } from '@sagano/domain/reference/reference-schemas';

/** sessionStorage key of the multi-step booking form (spec 000 §2: the flow survives a reload). */
export const BOOKING_FORM_KEY = 'sagano.booking-form';

const StationId = z.number().int().min(1).max(4).nullable();
const Id = z.number().int().positive().nullable();

/** What the create/copy and confirm screens keep between steps. Loose on purpose: a draft may be half filled. */
export const BookingFormState = z.object({
  /** Sent as external_idempotent_id: one per form, so a double click or retry creates one booking. */
  form_id: z.string().min(1),
  /** Which screen started the draft (`create?…` or `copy:<id>`): a new start replaces an old draft. */
  origin: z.string(),
  trip: z.enum(['single', 'round']),
  /** The outbound date. */
  service_date: z.string(),
  /** The return date of a round trip ('' = the outbound date); a group may come back another day. */
  return_date: z.string().default(''),
  from_station_id: StationId,
  to_station_id: StationId,
  down_service_id: Id,
  up_service_id: Id,
  agent_id: Id,
  agent_sub_group_id: Id,
  /**
   * The people; on a change draft each keeps the `version` read with the booking, so a change made
   * meanwhile by someone else answers 409 BOOKING_CHANGED, also after the draft was restored.
   */
  applicant: z.object({ name: z.string(), email: z.string(), phone_number: z.string(), version: z.number().int().optional() }),
  tour_conductor: z.object({ name: z.string(), phone_number: z.string(), version: z.number().int().optional() }),
  group: z.object({
    group_type: z.enum(['NORMAL', 'SCHOOL']),
    name: z.string(),
    name_kana: z.string(),
    country_code: z.string(),
    japan_prefecture_code: z.number().int().nullable(),
  }),
  /**
   * Entered quantities by unit id (FREE units are calculated by the server, never entered): the
   * text exactly as typed (a number when it came from a booking), read with parseCount.
   */
  quantities: z.record(z.string(), z.union([z.number().int().min(0), z.string()])),
  wheel_chairs: z.array(z.object({ need_slope: z.boolean() })),
  /** The wheelchair count as typed (null until typed: the list's length); the list follows it while it is valid. */
  wheel_chair_text: z.string().nullable().default(null),
  note: z.string(),
  wait_listing: z.boolean(),
  /** The booking this draft changes (PUT /params) rather than a new request; null for a new one. */
  update_of: z.string().nullable().default(null),
});
export type BookingFormState = z.infer<typeof BookingFormState>;

export type StoredForm = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; state: BookingFormState };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads the draft: nothing stored is `empty`, unreadable or malformed data is `invalid` (spec 000 §5). */
export function loadForm(storage: KeyValueStore): StoredForm {
  const raw = storage.getItem(BOOKING_FORM_KEY);
  if (raw === null || raw.trim() === '') return { kind: 'empty' };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  const parsed = BookingFormState.safeParse(data);
  return parsed.success ? { kind: 'ok', state: parsed.data } : { kind: 'invalid' };
}

export function saveForm(storage: KeyValueStore, state: BookingFormState): void {
  storage.setItem(BOOKING_FORM_KEY, JSON.stringify(state));
}

export function clearForm(storage: KeyValueStore): void {
  storage.removeItem(BOOKING_FORM_KEY);
}

export function newFormId(): string {
  return `web-${crypto.randomUUID()}`;
}

export function emptyForm(origin: string, formId: string = newFormId()): BookingFormState {
  return {
    form_id: formId,
    origin,
    trip: 'single',
    service_date: '',
    return_date: '',
    from_station_id: null,
    to_station_id: null,
    down_service_id: null,
    up_service_id: null,
    agent_id: null,
    agent_sub_group_id: null,
    applicant: { name: '', email: '', phone_number: '' },
    tour_conductor: { name: '', phone_number: '' },
    group: { group_type: 'NORMAL', name: '', name_kana: '', country_code: 'JPN', japan_prefecture_code: null },
    quantities: {},
    wheel_chairs: [],
    wheel_chair_text: null,
    note: '',
    wait_listing: false,
    update_of: null,
  };
}

function intParam(params: URLSearchParams, key: string, min = 1, max = Number.MAX_SAFE_INTEGER): number | null {
  const value = params.get(key);
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/**
 * A new draft from the seat inquiry's choice in the address:
 * date=yyyy-MM-dd, return_date=yyyy-MM-dd (optional), trip=single|round, from, to (station ids of the outbound leg),
 * down_service_id, up_service_id.
 */
export function formFromSearchParams(params: URLSearchParams, origin: string): BookingFormState {
  const date = params.get('date') ?? '';
  return {
    ...emptyForm(origin),
    trip: params.get('trip') === 'round' ? 'round' : 'single',
    service_date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    return_date: /^\d{4}-\d{2}-\d{2}$/.test(params.get('return_date') ?? '') ? params.get('return_date')! : '',
    from_station_id: intParam(params, 'from', 1, 4),
    to_station_id: intParam(params, 'to', 1, 4),
    down_service_id: intParam(params, 'down_service_id'),
    up_service_id: intParam(params, 'up_service_id'),
  };
}

/**
 * A change draft with the train picked in the seat inquiry ("change a booking to this train"):
 * /bookings/{id}/update?date=yyyy-MM-dd&down_service_id= (or up_service_id=). That direction of the
 * booking moves to the train and its day; its stations, the other direction and everything else
 * stay. An address naming no direction the booking travels changes nothing.
 */
export function withPickedTrain(state: BookingFormState, params: URLSearchParams): BookingFormState {
  const date = params.get('date') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return state;
  for (const direction of ['down', 'up'] as const) {
    const serviceId = intParam(params, `${direction}_service_id`);
    const leg = tripLegs(state).find((l) => l.direction === direction);
    if (serviceId === null || !leg) continue;
    const picked = { ...state, [`${direction}_service_id`]: serviceId };
    if (leg.index === 1) return { ...picked, return_date: date === state.service_date ? '' : date };
    // A same-day return keeps its own day when the outbound moves.
    const returnDate = state.trip === 'round' && state.return_date === '' && date !== state.service_date ? state.service_date : state.return_date;
    return { ...picked, service_date: date, return_date: returnDate === date ? '' : returnDate };
  }
  return state;
}

/** A new draft holding a booking's request (the copy screen); a copy is a new booking with a new form id. */
export function formFromBooking(booking: BookingResponse, origin: string): BookingFormState {
  const legs = booking.main_params.service_order.services;
  const first = legs[0];
  const back = legs[1];
  const down = legs.find((l) => l.direction === 'down');
  const up = legs.find((l) => l.direction === 'up');
  const quantities: Record<string, number> = {};
  for (const item of booking.main_params.participant_group.unit_quantity_items) {
    if (item.quantity > 0) quantities[String(item.unit_id)] = item.quantity;
  }
  return {
    ...emptyForm(origin),
    trip: booking.main_params.service_order.is_round_trip ? 'round' : 'single',
    service_date: first?.service_day ?? '',
    return_date: back && back.service_day !== first?.service_day ? back.service_day : '',
    from_station_id: first?.from_station_id ?? null,
    to_station_id: first?.to_station_id ?? null,
    down_service_id: down?.service_id ?? null,
    up_service_id: up?.service_id ?? null,
    agent_id: booking.agent_id,
    agent_sub_group_id: booking.agent_sub_group_id,
    applicant: { ...booking.applicant },
    tour_conductor: { name: booking.tour_conductor?.name ?? '', phone_number: booking.tour_conductor?.phone_number ?? '', ...(booking.tour_conductor ? { version: booking.tour_conductor.version } : {}) },
    group: { ...booking.group, country_code: isCountryCode(booking.group.country_code) ? booking.group.country_code : 'OTHER' },
    quantities,
    wheel_chairs: booking.main_params.participant_group.wheel_chairs.map((w) => ({ need_slope: w.need_slope })),
    note: booking.note,
    wait_listing: booking.wait_listing,
  };
}

/** Who fills the form, as far as the agent fields go (the session user). */
export type FormCaller = { kind: 'OPERATOR' | 'AGENT'; agent_id: number | null; agent_sub_group_id: number | null };

/**
 * Agent staff book for their own agent only, and branch staff for their own branch (the server
 * refuses anything else): the draft takes both from the session. Head-office staff keep a branch
 * chosen for this agent, else none (the server then books for the head office).
 */
export function withCallerAgent(state: BookingFormState, caller: FormCaller): BookingFormState {
  if (caller.kind !== 'AGENT' || caller.agent_id === null) return state;
  const sameAgent = state.agent_id === caller.agent_id;
  const branch = caller.agent_sub_group_id ?? (sameAgent ? state.agent_sub_group_id : null);
  if (sameAgent && state.agent_sub_group_id === branch) return state;
  return { ...state, agent_id: caller.agent_id, agent_sub_group_id: branch };
}

export type TripLeg = { direction: 'down' | 'up'; from: number; to: number; /** 0: outbound, 1: return. */ index: 0 | 1 };

/** The outbound leg (direction from the stations) and, for a round trip, the reverse leg back. */
export function tripLegs(state: Pick<BookingFormState, 'trip' | 'from_station_id' | 'to_station_id'>): TripLeg[] {
  const { from_station_id: from, to_station_id: to } = state;
  if (from === null || to === null || from === to) return [];
  const out: TripLeg = { direction: segmentFitsDirection('down', from, to) ? 'down' : 'up', from, to, index: 0 };
  if (state.trip === 'single') return [out];
  return [out, { direction: out.direction === 'down' ? 'up' : 'down', from: to, to: from, index: 1 }];
}

/** The service date of a leg: the outbound date, or the return date (the outbound date when none is set). */
export function legDate(state: Pick<BookingFormState, 'service_date' | 'return_date'>, leg: Pick<TripLeg, 'index'>): string {
  return leg.index === 1 && state.return_date ? state.return_date : state.service_date;
}

/** A return date before the outbound date (the server refuses it too). */
export function returnBeforeOutbound(state: Pick<BookingFormState, 'trip' | 'service_date' | 'return_date'>): boolean {
  return state.trip === 'round' && state.return_date !== '' && state.service_date !== '' && state.return_date < state.service_date;
}

/** The units a group type may book: its segment's, without the calculated FREE ones, in display order. */
export function enterableUnits(units: readonly Unit[], groupType: 'NORMAL' | 'SCHOOL'): Unit[] {
  return units
    .filter((u) => u.segment === groupType && !u.auto_calculated && u.annotation !== 'FREE')
    .sort((a, b) => a.display_order - b.display_order);
}

/**
 * The entered quantities of the group type's units, as the API's items (zeros left out). Text
 * that is not a valid count becomes NaN, so the request stays invalid until it is corrected.
 */
export function quantityItems(state: BookingFormState, units: readonly Unit[]): { unit_id: number; quantity: number }[] {
  return enterableUnits(units, state.group.group_type)
    .map((u) => {
      const value = state.quantities[String(u.id)] ?? 0;
      return { unit_id: u.id, quantity: typeof value === 'number' ? value : (parseCount(value, PARTICIPANT_QUANTITY) ?? Number.NaN) };
    })
    .filter((item) => item.quantity !== 0);
}

/** Units whose quantity field holds text that is not a whole number in range. */
export function invalidQuantityUnits(state: BookingFormState, units: readonly Unit[]): number[] {
  return enterableUnits(units, state.group.group_type)
    .filter((u) => {
      const value = state.quantities[String(u.id)];
      return typeof value === 'string' && parseCount(value, PARTICIPANT_QUANTITY) === null;
    })
    .map((u) => u.id);
}

/** Whether the wheelchair count as typed is not a whole number in range. */
export function invalidWheelchairCount(state: Pick<BookingFormState, 'wheel_chair_text'>): boolean {
  return state.wheel_chair_text !== null && parseCount(state.wheel_chair_text, WHEELCHAIR_COUNT) === null;
}

/** The legs whose service date has passed (Asia/Tokyo `today`): 0 the outbound date, 1 the return date. */
export function pastDates(state: Pick<BookingFormState, 'trip' | 'service_date' | 'return_date'>, today: string): ('service_date' | 'return_date')[] {
  const out: ('service_date' | 'return_date')[] = [];
  if (/^\d{4}-\d{2}-\d{2}$/.test(state.service_date) && state.service_date < today) out.push('service_date');
  if (state.trip === 'round' && /^\d{4}-\d{2}-\d{2}$/.test(state.return_date) && state.return_date < today) out.push('return_date');
  return out;
}

/** A leg's free group seats for the chosen train (the booking's own seats added back when it changes its own train). */
export type LegVacancy = {
  direction: 'down' | 'up';
  vacant: number;
  /** Of which the booking being changed holds. */
  own?: number;
  /** The train's whole group allotment on the segment, whatever is taken (the seat inquiry's group_seats). */
  capacity?: number;
};

/** A unit people travel on (ADULT, CHILD): luggage and fees are items that take no seat and count no one. */
export function isPassengerUnit(unit: Pick<Unit, 'fare_type'>): boolean {
  return isPassengerFare(unit.fare_type);
}

/** The entered quantities of the units that count participants (count_inclusive), summed as typed. */
function peopleOf(state: BookingFormState, units: readonly Unit[]): number {
  const counted = new Set(units.filter((u) => u.count_inclusive).map((u) => u.id));
  return quantityItems(state, units)
    .filter((i) => counted.has(i.unit_id))
    .reduce((n, i) => n + (Number.isFinite(i.quantity) && i.quantity > 0 ? i.quantity : 0), 0);
}

/** Group seats the request needs on each train: everyone but the wheelchair users (they ride on wheelchair places). */
export function neededSeats(state: BookingFormState, units: readonly Unit[]): number {
  return Math.max(0, peopleOf(state, units) - state.wheel_chairs.length);
}

/** The legs the group does not fit on (then only a waitlist request is possible). */
export function legsTooSmall(state: BookingFormState, units: readonly Unit[], vacancies: readonly LegVacancy[]): LegVacancy[] {
  const needed = neededSeats(state, units);
  return needed === 0 ? [] : vacancies.filter((v) => v.vacant < needed);
}

/** The legs whose train could never carry the group (more group seats than its whole allotment): no waitlist serves them. */
export function legsOverCapacity(state: BookingFormState, units: readonly Unit[], vacancies: readonly LegVacancy[]): LegVacancy[] {
  const needed = neededSeats(state, units);
  return vacancies.filter((v) => v.capacity !== undefined && needed > v.capacity);
}

/** Everyone the group counts (wheelchair users included), as typed; nothing typed yet counts 0. */
export function participantCount(state: BookingFormState, units: readonly Unit[]): number {
  return peopleOf(state, units);
}

/** A group smaller than the operator's minimum (the server refuses it with GROUP_TOO_SMALL); an empty one is left to the counts' own errors. */
export function belowMinimum(state: BookingFormState, units: readonly Unit[], minimum: number | null): boolean {
  const count = participantCount(state, units);
  return minimum !== null && count > 0 && count < minimum;
}

/** The POST /v1/bookings body (not yet validated: see `validateForm`). */
export function toCreateBody(state: BookingFormState, units: readonly Unit[]): z.input<typeof CreateBookingBody> {
  const service = (direction: 'down' | 'up'): ServiceChoice | null => {
    const leg = tripLegs(state).find((l) => l.direction === direction);
    const serviceId = direction === 'down' ? state.down_service_id : state.up_service_id;
    if (!leg || serviceId === null) return null;
    return { service_date: legDate(state, leg), service_id: serviceId, from_station_id: leg.from, to_station_id: leg.to };
  };
  // A new booking starts at version 1: the versions a copy read belong to the booking it copied.
  const { version: _applicantRead, ...applicant } = state.applicant;
  const { version: _conductorRead, ...conductorData } = state.tour_conductor;
  const conductor = conductorData.name.trim() || conductorData.phone_number.trim() ? conductorData : null;
  return {
    applicant,
    tour_conductor: conductor,
    group: state.group,
    service_order: { down_service: service('down'), up_service: service('up') },
    participant_group: { unit_quantity_items: quantityItems(state, units), wheel_chairs: state.wheel_chairs },
    note: state.note,
    agent_id: state.agent_id ?? 0,
    ...(state.agent_sub_group_id !== null ? { agent_sub_group_id: state.agent_sub_group_id } : {}),
    wait_listing: state.wait_listing,
    external_idempotent_id: state.form_id,
  };
}

/** The PUT /v1/bookings/{id}/params body of a change draft: the request without agent and idempotency fields. */
export function toUpdateBody(state: BookingFormState, units: readonly Unit[]): z.input<typeof UpdateParamsBody> {
  const { applicant, tour_conductor, group, service_order, participant_group, note } = toCreateBody(state, units);
  const read = (version: number | undefined) => (version === undefined ? {} : { version });
  return {
    applicant: { ...applicant, ...read(state.applicant.version) },
    tour_conductor: tour_conductor && { ...tour_conductor, ...read(state.tour_conductor.version) },
    group,
    service_order,
    participant_group,
    note,
  };
}

/** Problems that the body schema cannot see: a leg without its train. */
export function missingTrains(state: BookingFormState): ('down' | 'up')[] {
  return tripLegs(state)
    .filter((leg) => (leg.direction === 'down' ? state.down_service_id : state.up_service_id) === null)
    .map((leg) => leg.direction);
}

/** Whether the draft is a complete, valid request; the confirm screen shows 「入力内容に不備があります。」 otherwise. */
export function isSubmittable(state: BookingFormState, units: readonly Unit[], today: string): boolean {
  if (!state.service_date || tripLegs(state).length === 0 || missingTrains(state).length > 0 || returnBeforeOutbound(state)) return false;
  if (pastDates(state, today).length > 0 || invalidQuantityUnits(state, units).length > 0 || invalidWheelchairCount(state)) return false;
  return CreateBookingBody.safeParse(toCreateBody(state, units)).success;
}
