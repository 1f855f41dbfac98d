/**
 * The reads behind a booking's documents: the seat-table and voucher mails queued for it and its
 * seats as one comparable text (booking-documents.ts tells from them whether a document is outdated).
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

/** What documentsReadSql reads for the booking with database id `bookingDbId`, read on its own. */
export async function readDocuments(db: Executor, bookingDbId: number): Promise<DocumentsRead | undefined> {
  const [row] = rowsOf<{ documents: DocumentsRead }>(await db.execute(sql`select ${documentsReadSql()} as documents from bookings b where b.id = ${bookingDbId}`));
  return row?.documents;
}
