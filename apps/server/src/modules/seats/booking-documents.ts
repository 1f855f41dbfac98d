/**
 * The documents a group holds for its trains: when the seat table and the voucher were last
 * mailed, and whether a later change of what they print (trains, counts, seats, names...) has
 * made them outdated, so the operator's stepper says 再送が必要 and the agent sees a newer
 * version exists; and whether a prepaid voucher still waits for the fare.
 */
import { createHash } from 'node:crypto';
import { voucherAwaitsPayment } from '@sagano/domain/bookings/voucher-payment';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { Executor } from '../../db/client.ts';
import { presentBookingMoney } from '../payments/index.ts';
import type { BookingAggregate } from '../booking-core/index.ts';
import { readDocuments, type DocumentName, type DocumentsRead } from './booking-documents.repository.ts';

type Documents = BookingResponse['documents'];

/** The legs of a revision as one comparable text: direction, date, train and segment. */
function legsKey(snapshot: unknown): string {
  const legs = (snapshot as { service_order?: unknown } | null)?.service_order;
  if (!Array.isArray(legs)) return '';
  return legs
    .map((l: { direction?: string; service_date?: string; service_id?: number; from_station_id?: number; to_station_id?: number }) =>
      [l.direction, l.service_date, l.service_id, l.from_station_id, l.to_station_id].join('|'),
    )
    .sort()
    .join(',');
}

/** When the booking's trains last changed (the first revision with the current legs after other legs), or null. */
export function lastTrainChange(histories: readonly { snapshot: unknown; createdAt: Date }[]): Date | null {
  let changedAt: Date | null = null;
  for (let i = 1; i < histories.length; i++) {
    if (legsKey(histories[i]!.snapshot) !== legsKey(histories[i - 1]!.snapshot)) changedAt = histories[i]!.createdAt;
  }
  return changedAt;
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/**
 * What each document prints about the booking, as a fingerprint: the seat table and the voucher
 * (seat-documents.ts) print the group, agent, applicant, counts, trains with their times and
 * segments, standing places and seats; the voucher adds its note and the count per unit. Master
 * data names (stations, units) and the issue time are left out: a document is outdated when the
 * booking changed, not when a label did.
 */
export function documentFingerprints(a: BookingAggregate, seatsKey: string): Record<DocumentName, string> {
  const sheet = {
    booking_id: a.booking.bookingId,
    group_name: a.booking.groupName,
    agent_id: a.agent.id,
    applicant: (a.booking.applicant as { name?: string } | null)?.name ?? '',
    participants: a.booking.participantQuantity,
    wheelchairs: a.wheelchairs.length,
    trains: a.services.map((s) => [s.direction, s.serviceDate, s.serviceId, s.fromStationId, s.toStationId, s.departureHhmm, s.arrivalHhmm, s.heldStanding]),
    seats: seatsKey,
  };
  const units = a.units.filter((u) => u.quantity > 0).map((u) => [u.unitId, u.quantity]);
  return { seat_table: hash(sheet), voucher: hash({ ...sheet, note: a.booking.voucherNote, units }) };
}

/** Whether the booking's voucher waits for its prepaid fare (card or coupon, something still owed). */
export function voucherWaitsForPayment(a: BookingAggregate): boolean {
  const balance = presentBookingMoney(a.booking.status, a.payments, a.ledger).balance_amount;
  return voucherAwaitsPayment({ paymentMethod: a.payment?.paymentMethod ?? null, balanceE6: balance });
}

/**
 * A document is outdated when what it prints now differs from what was mailed (mails from before
 * fingerprints: when the trains changed after them).
 */
export function documentsOf(a: BookingAggregate, read: DocumentsRead | undefined): Documents {
  const mails = read?.mails ?? [];
  const current = documentFingerprints(a, read?.seats ?? '');
  const changedAt = lastTrainChange(a.histories);
  const outdated: Documents['outdated'] = [];
  const sent: Partial<Record<DocumentName, Date>> = {};
  for (const doc of ['seat_table', 'voucher'] as const) {
    const mail = mails.find((m) => m.doc === doc);
    if (!mail) continue;
    const sentAt = new Date(mail.sent_at);
    sent[doc] = sentAt;
    const stale = mail.fingerprint !== null ? mail.fingerprint !== current[doc] : changedAt !== null && sentAt < changedAt;
    if (stale) outdated.push(doc);
  }
  return {
    seat_table_sent_at: sent.seat_table?.toISOString() ?? null,
    voucher_sent_at: sent.voucher?.toISOString() ?? null,
    outdated,
    voucher_awaits_payment: voucherWaitsForPayment(a),
  };
}

/** The booking's documents (documentsReadSql, documentsOf) for a booking already read. */
export async function bookingDocuments(db: Executor, a: BookingAggregate): Promise<Documents> {
  return documentsOf(a, await readDocuments(db, a.booking.id));
}
