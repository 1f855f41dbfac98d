/**
 * The group's link: a booking number and its booking_token open that one booking's own calls
 * without signing in (DESIGN §10 "Seats, seat tables, vouchers and documents"). A wrong token
 * answers exactly as an unknown booking does (404), so a link reveals nothing but its booking.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { LinkedBooking } from '../inventory/index.ts';
import { readLinkedBooking } from './customer-access.repository.ts';

/** Constant-time comparison of the customer's token with the booking's (digests of equal length). */
export function tokenMatches(given: string, actual: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(actual).digest();
  return a.equals(b);
}

/** The booking the link opens; 404 for an unknown booking or a wrong token alike (inventory's OpenBookingLink port). */
export async function bookingOfLink(executor: Executor, bookingId: string, token: string): Promise<LinkedBooking> {
  const row = await readLinkedBooking(executor, bookingId);
  if (!row || !tokenMatches(token, row.booking_token)) throw notFound('booking');
  return { bookingId, status: row.status, services: row.services ?? [] };
}
