/**
 * The whole-number fields of a booking (participants per unit, wheelchairs, priority): one range
 * each, checked the same way by the server's schemas and the web form, and every refusal says the
 * range. A count field never rewrites what was typed: a value outside the range is refused.
 */

export interface CountRange {
  min: number;
  max: number;
}

/** Participants of one unit in one request. */
export const PARTICIPANT_QUANTITY: CountRange = { min: 0, max: 2000 };
/** Wheelchairs in one group. */
export const WHEELCHAIR_COUNT: CountRange = { min: 0, max: 40 };
/** The operator's seat-assignment priority. */
export const PRIORITY: CountRange = { min: 0, max: 100 };

export function wholeNumberMessage(range: CountRange): string {
  return `enter a whole number from ${range.min} to ${range.max}`;
}


/**
 * What was typed into a count field: the number when the text is a whole number in the range
 * ('' counts as the range's minimum), else null. "-5", "3.5", "1e3" and "１０" are null.
 */
export function parseCount(text: string, range: CountRange): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return range.min;
  if (!/^-?\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= range.min && n <= range.max ? n : null;
}
