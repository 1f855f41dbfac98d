import { segmentFitsDirection } from '@sagano/domain/inventory/legs';
import type { Direction } from '@sagano/domain/reference/reference-schemas';

export const TRIP_TYPES = ['single', 'round'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** The seat inquiry's choice of a day, as kept in the address: trip type and stations (both or neither). */
export type SegmentChoice = { trip: TripType; from: number | null; to: number | null };

function stationParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 4 ? id : null;
}

/** Reads `trip`, `from` and `to`; a half-chosen or same-station segment counts as no segment. */
export function readSegment(params: URLSearchParams): SegmentChoice {
  const trip: TripType = params.get('trip') === 'round' ? 'round' : 'single';
  const from = stationParam(params.get('from'));
  const to = stationParam(params.get('to'));
  if (from === null || to === null || from === to) return { trip, from: null, to: null };
  return { trip, from, to };
}

export function writeSegment(choice: SegmentChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.trip === 'round') params.set('trip', 'round');
  if (choice.from !== null) params.set('from', String(choice.from));
  if (choice.to !== null) params.set('to', String(choice.to));
  return params;
}

/** One list of the day screen: which stations to ask for and which trains' direction to keep. */
export type SegmentLeg = {
  key: 'outbound' | 'return' | Direction;
  from: number | null;
  to: number | null;
  direction: Direction | null;
};

/**
 * The lists the day screen shows. Without stations: the whole line, one list per direction.
 * A single trip: the trains running that way. A round trip: the segment out and its reverse back.
 */
export function segmentLegs(choice: SegmentChoice): SegmentLeg[] {
  const { from, to } = choice;
  if (from === null || to === null) {
    return [
      { key: 'down', from: null, to: null, direction: 'down' },
      { key: 'up', from: null, to: null, direction: 'up' },
    ];
  }
  const out: Direction = segmentFitsDirection('down', from, to) ? 'down' : 'up';
  const outbound: SegmentLeg = { key: choice.trip === 'round' ? 'outbound' : out, from, to, direction: out };
  if (choice.trip === 'single') return [outbound];
  return [outbound, { key: 'return', from: to, to: from, direction: out === 'down' ? 'up' : 'down' }];
}

/**
 * The booking input for a train of the day list (the booking screens read date, trip, from, to and
 * down_service_id / up_service_id); the other leg of a round trip is chosen there.
 */
export function bookingInputLink(
  date: string,
  choice: SegmentChoice,
  row: { service_id: number; direction: Direction; from_station_id: number; to_station_id: number },
): string {
  const params = new URLSearchParams({ date });
  const segment = choice.from !== null && choice.to !== null;
  params.set('trip', segment ? choice.trip : 'single');
  params.set('from', String(segment ? choice.from : row.from_station_id));
  params.set('to', String(segment ? choice.to : row.to_station_id));
  params.set(`${row.direction}_service_id`, String(row.service_id));
  return `/bookings/create?${params.toString()}`;
}
