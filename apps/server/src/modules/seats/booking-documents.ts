/**
 * The documents a group holds for its trains: when the seat table and the voucher were last
 * mailed, and whether a later change of what they print (trains, counts, seats, names...) has
 * made them outdated, so the operator's stepper says 再送が必要 and the agent sees a newer
 * version exists; and whether a prepaid voucher still waits for the fare.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { voucherAwaitsPayment } from '@sagano/domain/bookings/voucher-payment';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { presentBookingMoney } from '../payments/index.ts';
import type { BookingAggregate } from '../booking-core/index.ts';

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

export type DocumentName = 'seat_table' | 'voucher';

/** The mail kinds that carry each document: the first mailing and its re-sends. */
export const DOCUMENT_MAIL_KINDS = {
  seat_table: ['booking.seat_table', 'booking.seat_table_reissued'],
  voucher: ['booking.voucher', 'booking.voucher_reissued'],
} as const;

/** The booking's seats as one comparable text (train day, seat, slope), built by the database. */
const seatsKeySql = (bookingId: SQL) => sql`(
  select coalesce(string_agg(a.service_date::text || '/' || a.service_id || '/' || a.seat_id || '/' || a.need_slope, ',' order by a.service_date, a.service_id, a.seat_id), '')
  from seat_assignments a where a.booking_id = ${bookingId})`;

export async function readSeatsKey(db: Executor, bookingId: string): Promise<string> {
  const [row] = rowsOf<{ seats: string }>(await db.execute(sql`select ${seatsKeySql(sql`${bookingId}`)} as seats`));
  return row?.seats ?? '';
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
 * The seat-table and voucher mails queued for the booking `b` since it was submitted, each
 * document's latest with the fingerprint it carried, and the booking's seats, as one jsonb value
 * over the booking row `b` (read with the booking: loadBookingWith).
 */
export function documentsReadSql(): SQL {
  const kinds = [...DOCUMENT_MAIL_KINDS.seat_table, ...DOCUMENT_MAIL_KINDS.voucher];
  return sql`jsonb_build_object(
    'mails', (select jsonb_agg(jsonb_build_object('doc', m.doc, 'sent_at', m.created_at, 'fingerprint', m.document_fingerprint))
                from (select distinct on (doc) doc, created_at, document_fingerprint
                        from (select case when kind like 'booking.seat_table%' then 'seat_table' else 'voucher' end as doc, created_at, document_fingerprint
                                from outbox_mails
                               where created_at >= b.submitted_at and booking_id = b.booking_id
                                 and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})) o
                       order by doc, created_at desc) m),
    'seats', ${seatsKeySql(sql`b.booking_id`)})`;
}

/** What documentsReadSql read. */
export interface DocumentsRead {
  mails: { doc: DocumentName; sent_at: string; fingerprint: string | null }[] | null;
  seats: string;
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
  const [row] = rowsOf<{ documents: DocumentsRead }>(await db.execute(sql`select ${documentsReadSql()} as documents from bookings b where b.id = ${a.booking.id}`));
  return documentsOf(a, row?.documents);
}
