/**
 * The OCTO supplier API's fixed values (ADR 039): what our side of a reseller's booking can be,
 * how long a hold lasts, and how ids and money are written on that API.
 */

/**
 * The state of a reseller's booking on our side. ON_HOLD: seats held on the group allotment until
 * `utc_expires_at`; EXPIRED: the hold ran out and was released; CANCELLED: cancelled while on hold
 * (released); SUBMITTED: confirmed into an ordinary booking, whose own status says the rest.
 */
export const OCTO_HOLD_STATUSES = ['ON_HOLD', 'EXPIRED', 'CANCELLED', 'SUBMITTED'] as const;
export type OctoHoldStatus = (typeof OCTO_HOLD_STATUSES)[number];

/** The channel a booking made over OCTO is marked with (the instant confirmation rules read it). */
export const OCTO_CHANNEL = 'OCTO';

/** How long a reservation holds its seats when the reseller does not say (minutes). */
export const DEFAULT_HOLD_MINUTES = 30;
/** The longest a reseller may ask a hold to last from now (minutes). */
export const MAX_HOLD_MINUTES = 24 * 60;

/** OCTO prices are integers in the currency's smallest unit: the yen has no decimals. */
export const OCTO_CURRENCY = 'JPY';
export const OCTO_CURRENCY_PRECISION = 0;

/** Our amounts are millionths of a yen; OCTO's are whole yen (rounded half up, as every printed amount). */
export function yenOfE6(amountE6: number): number {
  return Math.round(amountE6 / 1_000_000);
}

/** An option id: the group type and the direction of the whole line, e.g. `NORMAL_DOWN`. */
export function optionIdOf(groupType: string, direction: 'down' | 'up'): string {
  return `${groupType}_${direction.toUpperCase()}`;
}

/** The group type and direction an option id names, or null for anything else. */
export function parseOptionId(optionId: string, groupTypes: readonly string[]): { groupType: string; direction: 'down' | 'up' } | null {
  const match = /^([A-Z]+)_(DOWN|UP)$/.exec(optionId);
  if (!match || !groupTypes.includes(match[1]!)) return null;
  return { groupType: match[1]!, direction: match[2] === 'DOWN' ? 'down' : 'up' };
}

/** An availability id: the train's local departure as OCTO writes it, `2027-06-10T10:02:00+09:00`. */
export function availabilityIdOf(serviceDate: string, departureHhmm: string): string {
  return `${serviceDate}T${departureHhmm}:00+09:00`;
}

/** The service date and departure (HH:mm) an availability id names, or null when it is not one. */
export function parseAvailabilityId(id: string): { serviceDate: string; departureHhmm: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00\+09:00$/.exec(id);
  if (!match) return null;
  const date = new Date(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1]) return null;
  const [h, m] = match[2]!.split(':').map(Number);
  if (h! > 23 || m! > 59) return null;
  return { serviceDate: match[1]!, departureHhmm: match[2]! };
}
