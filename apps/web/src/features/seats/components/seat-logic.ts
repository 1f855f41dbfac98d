import type { BookingSeat, BookingSeatCar, BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
import type { SeatView } from '../../../components/seat-map/seat-map.tsx';
import type { SeatMapLegendItem } from '../../../components/seat-map/seat-map-legend.tsx';

export type Direction = BookingSeatDirection['direction'];

/** Outbound (down, Saga → Kameoka) before return, as on the seat sheet PDF. */
export function sortDirections<T extends { direction: Direction }>(directions: readonly T[]): T[] {
  return [...directions].sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'down' ? -1 : 1));
}

/** Places the direction needs: ordinary seats and wheelchair places. */
export const neededPlaces = (d: Pick<BookingSeatDirection, 'needed_seats' | 'needed_wheelchair_places'>) =>
  d.needed_seats + d.needed_wheelchair_places;

/** Seats a hand-picked assignment must name: everything needed, less the participants standing. */
export const requiredSelection = (d: Pick<BookingSeatDirection, 'needed_seats' | 'needed_wheelchair_places'>, standing: number) =>
  Math.max(0, neededPlaces(d) - Math.max(0, standing));

/** The booking may hold the seat by hand: its own, or free and of its allotment (or a wheelchair place). */
export const isPickable = (seat: Pick<BookingSeat, 'mine' | 'assignable' | 'taken_by'>) => seat.mine || (seat.assignable && seat.taken_by === null);

export const allSeats = (d: Pick<BookingSeatDirection, 'cars'>): BookingSeat[] => d.cars.flatMap((c) => c.seats);

/** Click: the seat in or out of the selection (seats the booking cannot take stay out). */
export function toggleSeat(selection: ReadonlySet<string>, seat: BookingSeat | undefined): Set<string> {
  const next = new Set(selection);
  if (!seat) return next;
  if (next.has(seat.seat_id)) next.delete(seat.seat_id);
  else if (isPickable(seat)) next.add(seat.seat_id);
  return next;
}

/** Drag: the pickable seats passed over are added; when all of them were chosen already, they are taken out. */
export function sweepSeats(selection: ReadonlySet<string>, seats: readonly (BookingSeat | undefined)[]): Set<string> {
  const next = new Set(selection);
  const pickable = seats.filter((s): s is BookingSeat => s !== undefined && (isPickable(s) || next.has(s.seat_id)));
  if (pickable.length === 0) return next;
  const remove = pickable.every((s) => next.has(s.seat_id));
  for (const s of pickable) {
    if (remove) next.delete(s.seat_id);
    else if (isPickable(s)) next.add(s.seat_id);
  }
  return next;
}

export function sameSeats(a: Iterable<string>, b: Iterable<string>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** What a hand-picked selection changes against the current assignment. */
export function selectionDiff(assigned: readonly string[], selection: ReadonlySet<string>) {
  const current = new Set(assigned);
  return {
    added: [...selection].filter((id) => !current.has(id)).length,
    removed: assigned.filter((id) => !selection.has(id)).length,
  };
}

/** Spreadsheet-like short names for the other bookings of the train: A, B, … Z, AA, AB … */
export function letterName(index: number): string {
  let n = index;
  let name = '';
  do {
    name = String.fromCharCode(65 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return name;
}

export interface OtherBooking {
  bookingId: string;
  badge: string;
  seats: number;
}

/** The other bookings seated on the train, lettered in train order (car, row, letter). */
export function otherBookings(d: Pick<BookingSeatDirection, 'cars'>): OtherBooking[] {
  const byId = new Map<string, OtherBooking>();
  const cars = [...d.cars].sort((a, b) => a.car_number - b.car_number);
  for (const seat of cars.flatMap((c) => [...c.seats].sort((a, b) => a.row - b.row || a.letter.localeCompare(b.letter)))) {
    if (!seat.taken_by || seat.mine) continue;
    const known = byId.get(seat.taken_by);
    if (known) known.seats += 1;
    else byId.set(seat.taken_by, { bookingId: seat.taken_by, badge: letterName(byId.size), seats: 1 });
  }
  return [...byId.values()];
}

export interface SeatViewTexts {
  /** The badge on this booking's seats. */
  mineBadge: string;
  mineNote: string;
  otherNote: (bookingId: string) => string;
  unavailableNote: string;
}

/**
 * How each seat is drawn for the booking: its own seats ringed with a badge, other bookings' seats
 * in their type colour marked assigned with the booking's letter, free seats it may take in their
 * type colour, everything else greyed out and disabled. Only pickable seats are clickable when editing.
 */
export function seatViews(
  d: Pick<BookingSeatDirection, 'cars'>,
  types: ReadonlyMap<number, Pick<ArrangementType, 'color_hex'>>,
  typeName: (id: number) => string,
  texts: SeatViewTexts,
  editable: boolean,
): Record<string, SeatView> {
  const badges = new Map(otherBookings(d).map((o) => [o.bookingId, o.badge]));
  const views: Record<string, SeatView> = {};
  for (const seat of allSeats(d)) {
    const fill = types.get(seat.arrangement_type_id)?.color_hex;
    const name = typeName(seat.arrangement_type_id);
    if (seat.mine) {
      views[seat.seat_id] = { fill, typeName: name, state: 'assigned', badge: texts.mineBadge, note: texts.mineNote, disabled: !editable };
    } else if (seat.taken_by) {
      views[seat.seat_id] = { fill, typeName: name, state: 'assigned', badge: badges.get(seat.taken_by), note: texts.otherNote(seat.taken_by), disabled: true };
    } else if (seat.assignable) {
      views[seat.seat_id] = { fill, typeName: name, state: 'free', disabled: !editable };
    } else {
      views[seat.seat_id] = { typeName: name, note: texts.unavailableNote, disabled: true };
    }
  }
  return views;
}

/** The colour key: the types of the seats drawn in colour, with the free seats the booking may still take. */
export function legendItems(
  d: Pick<BookingSeatDirection, 'cars'>,
  types: readonly Pick<ArrangementType, 'arrangement_type_id' | 'color_hex' | 'name'>[],
  label: (type: Pick<ArrangementType, 'name'>) => string,
  freeText: (count: number) => string,
): SeatMapLegendItem[] {
  const shown = new Set<number>();
  const free = new Map<number, number>();
  for (const seat of allSeats(d)) {
    if (!seat.mine && !seat.taken_by && !seat.assignable) continue;
    shown.add(seat.arrangement_type_id);
    if (!seat.mine && !seat.taken_by) free.set(seat.arrangement_type_id, (free.get(seat.arrangement_type_id) ?? 0) + 1);
  }
  return types
    .filter((type) => shown.has(type.arrangement_type_id))
    .map((type) => ({ key: type.arrangement_type_id, label: label(type), colorHex: type.color_hex, count: freeText(free.get(type.arrangement_type_id) ?? 0) }));
}

/** A seat's short name within its car (3A). */
export const seatShortName = (seat: Pick<BookingSeat, 'row' | 'letter'>) => `${seat.row}${seat.letter}`;

export interface CarSeats {
  car: BookingSeatCar;
  seats: BookingSeat[];
}

/** The seats named, grouped by car in train order, each car's seats by row and letter. */
export function seatsByCar(d: Pick<BookingSeatDirection, 'cars'>, seatIds: Iterable<string>): CarSeats[] {
  const wanted = new Set(seatIds);
  return [...d.cars]
    .sort((a, b) => a.car_number - b.car_number)
    .map((car) => ({
      car,
      seats: car.seats.filter((s) => wanted.has(s.seat_id)).sort((a, b) => a.row - b.row || a.letter.localeCompare(b.letter)),
    }))
    .filter((c) => c.seats.length > 0);
}

/** Counts of a set of seats: ordinary and wheelchair places. */
export function placeCounts(d: Pick<BookingSeatDirection, 'cars'>, seatIds: Iterable<string>) {
  const wanted = new Set(seatIds);
  let seats = 0;
  let wheelchair = 0;
  for (const seat of allSeats(d)) {
    if (!wanted.has(seat.seat_id)) continue;
    if (seat.is_wheelchair) wheelchair += 1;
    else seats += 1;
  }
  return { seats, wheelchair, total: seats + wheelchair };
}

/** Same-day release is for the service day only (dates as yyyy-MM-dd in Asia/Tokyo). */
export const isServiceDay = (serviceDay: string, today: string) => serviceDay === today;
