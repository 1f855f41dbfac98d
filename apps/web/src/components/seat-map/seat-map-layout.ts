import type { Car, Seat } from '@sagano/domain/reference/reference-schemas';

/** A block of rows drawn together: the two facing rows of a box of four. */
export interface SeatBlock {
  rows: number[];
  seats: Seat[];
  /** Each seat group of the block with the rows and letter columns it covers (the tray behind it). */
  groups: { id: string; rowFrom: number; rowTo: number; colFrom: number; colTo: number }[];
}

export interface CarLayout {
  /** Letters left of the aisle, then right of it (A B | C D). */
  left: string[];
  right: string[];
  blocks: SeatBlock[];
}

/** Grid column of a letter: 1 is the row number, the aisle sits between the two sides. */
export function columnOf(layout: Pick<CarLayout, 'left' | 'right'>, letter: string): number {
  const l = layout.left.indexOf(letter);
  if (l >= 0) return 2 + l;
  return 3 + layout.left.length + layout.right.indexOf(letter);
}

/**
 * How a car is drawn: rows that share a seat group (a facing box) form one block; letters are
 * split at the aisle, the first half on the left. Works for any layout /v1/trains describes.
 */
export function carLayout(car: Pick<Car, 'seats'>): CarLayout {
  const letters = [...new Set(car.seats.map((s) => s.letter))].sort();
  const half = Math.ceil(letters.length / 2);
  const left = letters.slice(0, half);
  const right = letters.slice(half);
  const rows = [...new Set(car.seats.map((s) => s.row))].sort((a, b) => a - b);
  const blocks: SeatBlock[] = [];
  let current: { rows: number[]; groupIds: Set<string> } | undefined;
  const raw: { rows: number[]; groupIds: Set<string> }[] = [];
  for (const row of rows) {
    const ids = car.seats.filter((s) => s.row === row && s.seat_group_id).map((s) => s.seat_group_id!);
    if (current && ids.some((id) => current!.groupIds.has(id))) {
      current.rows.push(row);
      for (const id of ids) current.groupIds.add(id);
    } else {
      current = { rows: [row], groupIds: new Set(ids) };
      raw.push(current);
    }
  }
  const layout = { left, right };
  for (const block of raw) {
    const seats = car.seats.filter((s) => block.rows.includes(s.row)).sort((a, b) => a.row - b.row || a.letter.localeCompare(b.letter));
    const groups = [...block.groupIds].map((id) => {
      const members = seats.filter((s) => s.seat_group_id === id);
      const cols = members.map((s) => columnOf(layout, s.letter));
      const rowIdx = members.map((s) => block.rows.indexOf(s.row) + 1);
      return { id, rowFrom: Math.min(...rowIdx), rowTo: Math.max(...rowIdx), colFrom: Math.min(...cols), colTo: Math.max(...cols) };
    });
    blocks.push({ rows: block.rows, seats, groups });
  }
  return { left, right, blocks };
}
