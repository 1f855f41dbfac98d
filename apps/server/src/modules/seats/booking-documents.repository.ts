/**
 * The reads behind a booking's documents: the seat tables and vouchers mailed for it and its seats
 * as one comparable text (booking-documents.ts tells from them whether a document is outdated).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

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

/** The booking's seats as one comparable text (seatsKeySql), read on its own. */
export async function readSeatsKey(db: Executor, bookingId: string): Promise<string> {
  const [row] = rowsOf<{ seats: string }>(await db.execute(sql`select ${seatsKeySql(sql`${bookingId}`)} as seats`));
  return row?.seats ?? '';
}

/**
 * The seat tables and vouchers mailed for the booking `b` since it was submitted
 * (seat_document_mailings: decided by the step, delivered after it), each document's latest with
 * the fingerprint it carried, and the booking's seats, as one jsonb value over the booking row `b`
 * (read with the booking: loadBookingWith).
 */
export function documentsReadSql(): SQL {
  return sql`jsonb_build_object(
    'mails', (select jsonb_agg(jsonb_build_object('doc', m.document, 'sent_at', m.created_at, 'fingerprint', m.fingerprint))
                from (select distinct on (d.document) d.document, d.created_at, d.fingerprint
                        from seat_document_mailings d
                       where d.booking_id = b.id and d.created_at >= b.submitted_at
                       order by d.document, d.created_at desc, d.id desc) m),
    'seats', ${seatsKeySql(sql`b.booking_id`)})`;
}

/** What documentsReadSql read. */
export interface DocumentsRead {
  mails: { doc: DocumentName; sent_at: string; fingerprint: string | null }[] | null;
  seats: string;
}

/** What documentsReadSql reads for the booking with database id `bookingDbId`, read on its own. */
export async function readDocuments(db: Executor, bookingDbId: number): Promise<DocumentsRead | undefined> {
  const [row] = rowsOf<{ documents: DocumentsRead }>(await db.execute(sql`select ${documentsReadSql()} as documents from bookings b where b.id = ${bookingDbId}`));
  return row?.documents;
}
