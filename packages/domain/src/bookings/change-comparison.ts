/**
 * A booking change compared with the booking as it stands (DESIGN §5): built once on the server,
 * shown on the booking, in the approval dialog, in the notification and in the mails.
 */
import type { ChangeSeatOutcome, ChangeSummary, ChangeSummaryLeg } from './change-summary-schema.ts';
import { CHANGE_OTHER_FIELDS } from './change-summary-schema.ts';
import type { Repricing } from './modification.ts';

type Direction = 'down' | 'up';
type Leg = ChangeSummaryLeg & { direction: Direction };

/** One side of the comparison: the booking now, or the booking as the change would make it. */
export interface ComparedBooking {
  legs: readonly Leg[];
  units: readonly { unit_id: number; quantity: number }[];
  wheelchairs: readonly { need_slope: boolean }[];
  participant_quantity: number;
  /** applicant, tour_conductor, group and note, compared as values. */
  details: Record<(typeof CHANGE_OTHER_FIELDS)[number], unknown>;
}

export interface ChangeComparisonInput {
  before: ComparedBooking & { total_amount: number; holds_allotments: boolean; holds_standing: boolean };
  after: ComparedBooking;
  /** The change re-priced (reprice in modification.ts): fares, decrement fees and the new total. */
  repricing: Repricing;
}

const legKey = (l: Leg) => `${l.direction}|${l.service_date}|${l.service_id}|${l.from_station_id}|${l.to_station_id}`;

/** Whether the trains differ: date, train or segment of any direction, or a direction added or dropped. */
export function trainsDiffer(before: readonly Leg[], after: readonly Leg[]): boolean {
  return before.map(legKey).sort().join() !== after.map(legKey).sort().join();
}

/**
 * What a change does to the seats (writeChange follows it): a change of trains gives them up; a
 * headcount change on the same trains keeps the seats of those who remain, unless the booking
 * holds standing places or holds nothing; no change of trains or counts leaves them alone.
 */
export function seatOutcome(p: { trainsChanged: boolean; countsChanged: boolean; holdsAllotments: boolean; holdsStanding: boolean }): ChangeSeatOutcome {
  if (!p.trainsChanged && !p.countsChanged) return 'UNCHANGED';
  return p.holdsAllotments && !p.trainsChanged && !p.holdsStanding ? 'KEPT' : 'RELEASED';
}

const plainLeg = (l: Leg | undefined): ChangeSummaryLeg | null =>
  l ? { service_date: l.service_date, service_id: l.service_id, service_name: l.service_name, from_station_id: l.from_station_id, to_station_id: l.to_station_id } : null;

const stable = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x)) ?? 'null';

/** The change side by side with the booking: trains, counts, wheelchairs, money and seats. */
export function compareChange({ before, after, repricing }: ChangeComparisonInput): ChangeSummary {
  const trainsChanged = trainsDiffer(before.legs, after.legs);
  const directions = (['down', 'up'] as const).filter((d) => before.legs.some((l) => l.direction === d) || after.legs.some((l) => l.direction === d));
  const legs = directions.map((direction) => {
    const b = before.legs.find((l) => l.direction === direction);
    const a = after.legs.find((l) => l.direction === direction);
    return {
      direction,
      before: plainLeg(b),
      after: plainLeg(a),
      train_changed: !b || !a || b.service_date !== a.service_date || b.service_id !== a.service_id,
      segment_changed: !b || !a || b.from_station_id !== a.from_station_id || b.to_station_id !== a.to_station_id,
    };
  });
  const quantityOf = (list: readonly { unit_id: number; quantity: number }[], id: number) => list.filter((u) => u.unit_id === id).reduce((n, u) => n + u.quantity, 0);
  const ids = [...new Set([...before.units.map((u) => u.unit_id), ...after.units.map((u) => u.unit_id), ...repricing.unit_quantity_price_items.map((i) => i.unit_id)])].sort((x, y) => x - y);
  const units = ids
    .map((unit_id) => {
      const priced = repricing.unit_quantity_price_items.find((i) => i.unit_id === unit_id);
      return {
        unit_id,
        before_quantity: quantityOf(before.units, unit_id),
        after_quantity: quantityOf(after.units, unit_id),
        decrement_quantity: priced?.decrement_quantity ?? 0,
        decrement_fee: priced?.decrement_fee ?? 0,
      };
    })
    .filter((u) => u.before_quantity > 0 || u.after_quantity > 0 || u.decrement_fee > 0);
  const slopes = (w: readonly { need_slope: boolean }[]) => w.filter((x) => x.need_slope).length;
  const countsChanged = before.participant_quantity !== after.participant_quantity || before.wheelchairs.length !== after.wheelchairs.length;
  return {
    trains_changed: trainsChanged,
    legs,
    units,
    participant_quantity: { before: before.participant_quantity, after: after.participant_quantity },
    wheelchairs: { before: before.wheelchairs.length, after: after.wheelchairs.length },
    wheelchair_slopes: { before: slopes(before.wheelchairs), after: slopes(after.wheelchairs) },
    amounts: {
      before_total_amount: before.total_amount,
      fare_amount: repricing.fare_amount,
      decrement_fee_amount: repricing.decrement_fee_amount,
      after_total_amount: repricing.total_amount,
      difference_amount: repricing.total_amount - before.total_amount,
    },
    seats: seatOutcome({ trainsChanged, countsChanged, holdsAllotments: before.holds_allotments, holdsStanding: before.holds_standing }),
    other_changes: CHANGE_OTHER_FIELDS.filter((f) => stable(before.details[f]) !== stable(after.details[f])),
  };
}
