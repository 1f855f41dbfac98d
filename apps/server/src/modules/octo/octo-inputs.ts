/**
 * The OCTO requests as this server reads them (the routes' schemas check their shape), and the
 * pure steps from the standard's fields to ours: contact to applicant, unit items to
 * participants, a date range checked, the caller's agent.
 */
import { daysBetween } from '@sagano/domain/common/business-date';
import type { OctoContactRow, OctoUnitItemRow } from '../../db/schema.ts';
import type { Principal } from '../auth/index.ts';
import { badRequest, OctoError } from './octo-errors.ts';

/** The standard's request bodies as this server reads them (checked by the routes' schemas). */
export interface OctoUnitItemInput {
  uuid?: string | undefined;
  unitId: string;
  resellerReference?: string | undefined;
}
export interface OctoContactInput {
  fullName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  emailAddress?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  locales?: string[] | undefined;
  country?: string | null | undefined;
  notes?: string | null | undefined;
}
export interface ReserveInput {
  uuid?: string | undefined;
  productId: string;
  optionId: string;
  availabilityId?: string | undefined;
  expirationMinutes?: number | undefined;
  notes?: string | null | undefined;
  unitItems?: OctoUnitItemInput[] | undefined;
  resellerReference?: string | undefined;
  contact?: OctoContactInput | undefined;
}
export type UpdateInput = Partial<ReserveInput>;
export interface ConfirmInput {
  resellerReference?: string | undefined;
  contact?: OctoContactInput | undefined;
  unitItems?: OctoUnitItemInput[] | undefined;
}
export interface AvailabilityInput {
  productId: string;
  optionId: string;
  localDateStart?: string | undefined;
  localDateEnd?: string | undefined;
  availabilityIds?: string[] | undefined;
}

/** The longest date range an availability call may ask for (days). */
const MAX_RANGE_DAYS = 366;

/** The contact as kept on the hold: the fields sent replace those kept, the others stay. */
export function contactRow(c: OctoContactInput | undefined, before: OctoContactRow | null): OctoContactRow | null {
  if (!c) return before;
  const pick = <K extends keyof OctoContactInput>(k: K, row: keyof OctoContactRow) => (c[k] !== undefined ? (c[k] as string | null) : ((before?.[row] as string | null | undefined) ?? null));
  return {
    full_name: pick('fullName', 'full_name'),
    first_name: pick('firstName', 'first_name'),
    last_name: pick('lastName', 'last_name'),
    email_address: pick('emailAddress', 'email_address'),
    phone_number: pick('phoneNumber', 'phone_number'),
    locales: c.locales ?? before?.locales ?? [],
    country: pick('country', 'country'),
    notes: pick('notes', 'notes'),
  };
}

/** The contact's name as the applicant's: the full name, else first and last. */
export function applicantName(c: OctoContactRow | null): string {
  const full = c?.full_name?.trim();
  if (full) return full;
  return [c?.first_name, c?.last_name].filter((x) => x && x.trim()).join(' ').trim();
}

/** OCTO's country (ISO 3166-1 alpha-2, sometimes alpha-3) as the booking's (alpha-3, or OTHER). */
export function countryCode(country: string | null | undefined): string {
  const c = (country ?? '').trim().toUpperCase();
  if (c === 'JP' || c === 'JPN') return 'JPN';
  return /^[A-Z]{3}$/.test(c) ? c : 'OTHER';
}

/** The unit items counted per unit, as a booking's participants. */
export function unitQuantities(items: readonly OctoUnitItemRow[]): { unit_id: number; quantity: number }[] {
  const counts = new Map<number, number>();
  for (const i of items) counts.set(i.unit_id, (counts.get(i.unit_id) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([unit_id, quantity]) => ({ unit_id, quantity }));
}

/** The date range an availability call asks for, checked: both ends, in order, at most a year. */
export function rangeOf(input: AvailabilityInput): { from: string; to: string } {
  const from = input.localDateStart;
  const to = input.localDateEnd;
  if (from === undefined || to === undefined) throw badRequest('localDateStart and localDateEnd are required (or availabilityIds)');
  if (to < from) throw badRequest('localDateEnd must not be before localDateStart');
  if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`ask for at most ${MAX_RANGE_DAYS} days at once`);
  return { from, to };
}

/** The caller's agent: only an agent's API key books over OCTO (FORBIDDEN otherwise). */
export function agentOf(principal: Principal): number {
  if (principal.user.kind !== 'AGENT' || principal.user.agent_id === null) throw new OctoError('FORBIDDEN', 'only an agent\'s API key books over OCTO');
  return principal.user.agent_id;
}
