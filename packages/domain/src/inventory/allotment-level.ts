/** How the seat inquiry sums up the group seats left on a segment (DESIGN §4). */
export const ALLOTMENT_LEVELS = ['SUFFICIENT', 'FEW', 'SOLD_OUT'] as const;
export type AllotmentLevel = (typeof ALLOTMENT_LEVELS)[number];

export const SEAT_INQUIRY_TAGS = ['HAS_BOOKING', 'GROUP_ARRANGEMENT_INSUFFICIENT', 'HAS_WAITLISTING_BOOKING'] as const;
export type SeatInquiryTag = (typeof SEAT_INQUIRY_TAGS)[number];

/** Below this many vacant group seats a train counts as FEW (configurable, default 30). */
export const DEFAULT_FEW_THRESHOLD = 30;

export function allotmentLevel(vacantSeats: number, fewThreshold = DEFAULT_FEW_THRESHOLD): AllotmentLevel {
  if (vacantSeats <= 0) return 'SOLD_OUT';
  return vacantSeats < fewThreshold ? 'FEW' : 'SUFFICIENT';
}

/** A day (or a direction of a day) is as good as its best train: one train with room is enough to book. */
export function bestLevel(levels: readonly AllotmentLevel[]): AllotmentLevel | null {
  if (levels.length === 0) return null;
  if (levels.includes('SUFFICIENT')) return 'SUFFICIENT';
  if (levels.includes('FEW')) return 'FEW';
  return 'SOLD_OUT';
}
