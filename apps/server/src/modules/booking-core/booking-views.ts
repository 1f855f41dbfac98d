/**
 * What every booking flow reads of a booking beside its steps: the booking as the caller may
 * see it, its mail data (the booking answer templates' MailBooking) and the group's own page.
 */
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { type Principal, canSee } from '../auth/index.ts';
import type { MailBooking } from './booking-mail-templates.ts';
import { loadBooking, type BookingAggregate } from './bookings.repository.ts';

const STATION_NAMES: Record<number, string> = { 1: 'トロッコ嵯峨', 2: 'トロッコ嵐山', 3: 'トロッコ保津峡', 4: 'トロッコ亀岡' };

export function toMailBooking(a: BookingAggregate): MailBooking {
  const applicant = a.booking.applicant as { name: string };
  return {
    bookingId: a.booking.bookingId,
    groupName: a.booking.groupName,
    applicantName: applicant.name,
    agentName: a.agent.nameJa,
    participants: a.booking.participantQuantity,
    totalAmountE6: a.booking.totalAmountE6,
    services: a.services.map((s) => ({
      direction: s.direction,
      serviceDate: s.serviceDate,
      names: s.names,
      from: STATION_NAMES[s.fromStationId] ?? String(s.fromStationId),
      to: STATION_NAMES[s.toStationId] ?? String(s.toStationId),
      departure: s.departureHhmm,
      arrival: s.arrivalHhmm,
    })),
  };
}

/** The group's own page: booking id + token, no login (the voucher's QR code and the voucher mail). */
export function customerUrl(publicUrl: string, bookingId: string, token: string): string {
  return `${publicUrl}/customer/bookings/${bookingId}?token=${encodeURIComponent(token)}`;
}

/** The booking as read for the caller; one it may not see is "not found". */
export async function loadVisible(executor: Executor, principal: Principal, bookingId: string): Promise<BookingAggregate> {
  const aggregate = await loadBooking(executor, bookingId);
  if (!aggregate || !canSee(principal, aggregate.booking)) throw notFound('booking');
  return aggregate;
}
