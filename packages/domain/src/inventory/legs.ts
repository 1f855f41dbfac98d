/**
 * Legs of the line (DESIGN §2): leg 1 = Saga–Arashiyama (stations 1–2), leg 2 = Arashiyama–
 * Hozukyo (2–3), leg 3 = Hozukyo–Kameoka (3–4). A segment covers the legs between its stations,
 * whichever way the train runs; legs are always listed ascending (the lock order of DESIGN §4).
 */
export const LEGS = [1, 2, 3] as const;
export const STATION_IDS = [1, 2, 3, 4] as const;

export function legsBetween(fromStationId: number, toStationId: number): number[] {
  const low = Math.min(fromStationId, toStationId);
  const high = Math.max(fromStationId, toStationId);
  if (low === high || low < 1 || high > STATION_IDS.length) return [];
  const legs: number[] = [];
  for (let leg = low; leg < high; leg++) legs.push(leg);
  return legs;
}

/** Whether a segment runs in the direction's order (down 1→4, up 4→1). */
export function segmentFitsDirection(direction: 'down' | 'up', fromStationId: number, toStationId: number): boolean {
  return direction === 'down' ? fromStationId < toStationId : fromStationId > toStationId;
}

/** The PostgreSQL int4range literal of a set of contiguous legs, e.g. legs 2,3 → "[2,4)". */
export function legRangeLiteral(legs: readonly number[]): string {
  if (legs.length === 0) throw new Error('no legs');
  return `[${Math.min(...legs)},${Math.max(...legs) + 1})`;
}
