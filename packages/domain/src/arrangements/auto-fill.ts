/**
 * The automatic fill of an arrangement pattern "by car number, seat range and total"
 * (spec 000 §2), and the completeness rule of a pattern (spec 000 §5). Pure: the editing screen
 * runs it, the server checks the same rule.
 */

export interface FillSeat {
  seat_id: string;
  seat_group_id: string | null;
  row: number;
  letter: string;
  is_wheelchair?: boolean;
}

export interface FillCar {
  logical_car_id: number;
  car_number: number;
  seats: readonly FillSeat[];
}

/** seat_id → arrangement_type_id. */
export type SeatAssignment = Readonly<Record<string, number>>;

export interface AutoFillRequest {
  car_number: number;
  /** First seat of the range as row and letter ("1A"); the car's first seat when omitted. */
  from_seat?: string;
  /** Last seat of the range ("16D"); the car's last seat when omitted. */
  to_seat?: string;
  /** How many seats of the range to give the type; the whole range when omitted. */
  total?: number;
  arrangement_type_id: number;
}

export type AutoFillError = 'UNKNOWN_CAR' | 'UNKNOWN_FROM_SEAT' | 'UNKNOWN_TO_SEAT' | 'EMPTY_RANGE' | 'BAD_TOTAL';

export type AutoFillResult =
  | { ok: true; assignment: Record<string, number>; changed: string[]; shortfall: number }
  | { ok: false; error: AutoFillError };

/** Seats in the order a passenger reads them: row by row, A to D. */
export function seatOrder<S extends FillSeat>(seats: readonly S[]): S[] {
  return [...seats].sort((a, b) => a.row - b.row || a.letter.localeCompare(b.letter));
}

/** "12C" for a seat (row and letter), the label staff use. */
export const seatLabel = (seat: Pick<FillSeat, 'row' | 'letter'>) => `${seat.row}${seat.letter}`;

function indexOfLabel(ordered: readonly FillSeat[], label: string | undefined, fallback: number): number | undefined {
  if (label === undefined || label.trim() === '') return fallback;
  const wanted = label.trim().toUpperCase();
  const i = ordered.findIndex((s) => seatLabel(s).toUpperCase() === wanted || s.seat_id.toUpperCase() === wanted);
  return i < 0 ? undefined : i;
}

/**
 * Gives `arrangement_type_id` to the seats of one car between `from_seat` and `to_seat`. With a
 * `total`, whole boxes of four (seat groups entirely in the range) are filled first, in seat
 * order, so a group sits together; the remaining count then takes single seats in seat order.
 * `shortfall` is how many of `total` did not fit in the range.
 */
export function autoFill(cars: readonly FillCar[], current: SeatAssignment, request: AutoFillRequest): AutoFillResult {
  const car = cars.find((c) => c.car_number === request.car_number);
  if (!car) return { ok: false, error: 'UNKNOWN_CAR' };
  const ordered = seatOrder(car.seats);
  const from = indexOfLabel(ordered, request.from_seat, 0);
  if (from === undefined) return { ok: false, error: 'UNKNOWN_FROM_SEAT' };
  const to = indexOfLabel(ordered, request.to_seat, ordered.length - 1);
  if (to === undefined) return { ok: false, error: 'UNKNOWN_TO_SEAT' };
  if (from > to) return { ok: false, error: 'EMPTY_RANGE' };
  const range = ordered.slice(from, to + 1);
  const total = request.total ?? range.length;
  if (!Number.isInteger(total) || total < 1) return { ok: false, error: 'BAD_TOTAL' };

  let chosen: FillSeat[];
  if (total >= range.length) {
    chosen = range;
  } else {
    const inRange = new Set(range.map((s) => s.seat_id));
    const groupSeats = new Map<string, FillSeat[]>();
    for (const seat of ordered) {
      if (!seat.seat_group_id) continue;
      const list = groupSeats.get(seat.seat_group_id) ?? [];
      list.push(seat);
      groupSeats.set(seat.seat_group_id, list);
    }
    const wholeBoxes = [...groupSeats.values()].filter((seats) => seats.length > 1 && seats.every((s) => inRange.has(s.seat_id)));
    const picked = new Set<string>();
    for (const box of wholeBoxes) {
      if (picked.size + box.length > total) break;
      for (const s of box) picked.add(s.seat_id);
    }
    for (const seat of range) {
      if (picked.size >= total) break;
      picked.add(seat.seat_id);
    }
    chosen = range.filter((s) => picked.has(s.seat_id));
  }

  const assignment: Record<string, number> = { ...current };
  const changed: string[] = [];
  for (const seat of chosen) {
    if (assignment[seat.seat_id] !== request.arrangement_type_id) changed.push(seat.seat_id);
    assignment[seat.seat_id] = request.arrangement_type_id;
  }
  return { ok: true, assignment, changed, shortfall: Math.max(0, total - range.length) };
}

/** Seats of the train that have no arrangement type yet (a pattern is complete when empty). */
export function unassignedSeats(cars: readonly FillCar[], assignment: SeatAssignment): string[] {
  return cars.flatMap((car) => seatOrder(car.seats).filter((s) => assignment[s.seat_id] === undefined).map((s) => s.seat_id));
}

/** Seats per arrangement type. */
export function countByType(assignment: SeatAssignment): Map<number, number> {
  const counts = new Map<number, number>();
  for (const typeId of Object.values(assignment)) counts.set(typeId, (counts.get(typeId) ?? 0) + 1);
  return counts;
}
