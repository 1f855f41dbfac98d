import type { BookingSeat, BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import type { SeatView } from '../../../components/seat-map/seat-map.tsx';

/** How a seat looks to the group: its own choice, free for it, taken by others, or not for this group. */
export type SeatKind = 'mine' | 'free' | 'taken' | 'unavailable';

/** Fill colours of the seat map (text and border are derived with enough contrast by the map). */
export const SEAT_COLORS: Record<SeatKind, string> = {
  mine: '#1c7ed6',
  free: '#b2f2bb',
  taken: '#adb5bd',
  unavailable: '#f1f3f5',
};

/** The group may hold this seat: one of its own, or free and offered to it. */
export function isSelectable(seat: BookingSeat): boolean {
  return seat.mine || (seat.assignable && seat.taken_by === null);
}

export function seatKind(seat: BookingSeat, selected: boolean): SeatKind {
  if (selected) return 'mine';
  if (isSelectable(seat)) return 'free';
  if (seat.taken_by !== null) return 'taken';
  return 'unavailable';
}

export function seatsById(direction: BookingSeatDirection): Map<string, BookingSeat> {
  return new Map(direction.cars.flatMap((car) => car.seats.map((seat) => [seat.seat_id, seat] as const)));
}

/** A click on a seat: a chosen one is dropped, a selectable one is taken, anything else changes nothing. */
export function toggleSeat(selection: readonly string[], seat: BookingSeat): string[] {
  if (selection.includes(seat.seat_id)) return selection.filter((id) => id !== seat.seat_id);
  if (!isSelectable(seat)) return [...selection];
  return [...selection, seat.seat_id];
}

/** Keeps the chosen seats that are still there and still selectable (after the map was reloaded). */
export function pruneSelection(selection: readonly string[], direction: BookingSeatDirection): string[] {
  const seats = seatsById(direction);
  return selection.filter((id) => {
    const seat = seats.get(id);
    return seat !== undefined && isSelectable(seat);
  });
}

/** Seat ids in car, row, letter order (unknown ids last, as given). */
export function orderSeatIds(ids: readonly string[], direction: BookingSeatDirection): string[] {
  const seats = seatsById(direction);
  const rank = (id: string) => {
    const s = seats.get(id);
    return s ? [s.car_number, s.row, s.letter] : [Number.MAX_SAFE_INTEGER, 0, ''];
  };
  return [...ids].sort((a, b) => {
    const [ca, ra, la] = rank(a) as [number, number, string];
    const [cb, rb, lb] = rank(b) as [number, number, string];
    return ca - cb || ra - rb || la.localeCompare(lb);
  });
}

export function sameSeats(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

export function wheelchairCount(ids: readonly string[], direction: BookingSeatDirection): number {
  const seats = seatsById(direction);
  return ids.filter((id) => seats.get(id)?.is_wheelchair).length;
}

/** Where the count stands: more seats to choose, too many chosen, or just right. */
export function selectionProgress(selected: number, required: number): { kind: 'more' | 'fewer' | 'ready'; n: number } {
  if (selected < required) return { kind: 'more', n: required - selected };
  if (selected > required) return { kind: 'fewer', n: selected - required };
  return { kind: 'ready', n: 0 };
}

/** Per seat, how the map draws it: chosen seats in the group's colour, others free, taken (disabled) or unavailable (disabled). */
export function buildSeatViews(
  direction: BookingSeatDirection,
  selected: ReadonlySet<string>,
  names: Record<SeatKind, string>,
): Record<string, SeatView> {
  const views: Record<string, SeatView> = {};
  for (const car of direction.cars) {
    for (const seat of car.seats) {
      const kind = seatKind(seat, selected.has(seat.seat_id));
      views[seat.seat_id] = {
        fill: SEAT_COLORS[kind],
        typeName: names[kind],
        disabled: kind === 'taken' || kind === 'unavailable',
      };
    }
  }
  return views;
}

/** The chosen seats as "car n: 1A, 1B" groups, for the confirmation and warnings. */
export function seatsOf(ids: readonly string[], direction: BookingSeatDirection): BookingSeat[] {
  const seats = seatsById(direction);
  return ids.map((id) => seats.get(id)).filter((s): s is BookingSeat => s !== undefined);
}
