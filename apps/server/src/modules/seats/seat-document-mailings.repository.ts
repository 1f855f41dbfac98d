/**
 * The seat tables and vouchers mailed to a booking's applicant (seat_document_mailings): written
 * by the step that decides the mailing, read by the delivery job (seat-document-delivery.ts, ADR
 * 035) and, for whether a document is outdated, by booking-documents.repository.ts. The delivery's
 * claim is written through the jobs module (claimEffect).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { OPERATOR_ZONE_SQL } from '../../db/business-time-sql.ts';
import * as t from '../../db/schema.ts';
import type { DocumentName } from './booking-documents.repository.ts';

/** The claim kind that makes a mailing's delivery happen once. */
export const SEAT_DOCUMENT_MAIL = 'SEAT_DOCUMENT_MAIL';

export interface NewMailing {
  bookingDbId: number;
  document: DocumentName;
  mailKind: 'booking.seat_table' | 'booking.seat_table_reissued' | 'booking.voucher' | 'booking.voucher_reissued';
  fingerprint: string;
  content: Record<string, unknown>;
  toAddress: string;
  subject: string;
  bodyText: string;
}

/** Records a mailing in the step's transaction; answers its id. */
export async function insertMailing(tx: Executor, mailing: NewMailing): Promise<number> {
  const [row] = await tx
    .insert(t.seatDocumentMailings)
    .values({
      bookingId: mailing.bookingDbId,
      document: mailing.document,
      mailKind: mailing.mailKind,
      fingerprint: mailing.fingerprint,
      content: mailing.content,
      toAddress: mailing.toAddress,
      subject: mailing.subject,
      bodyText: mailing.bodyText,
    })
    .returning({ id: t.seatDocumentMailings.id });
  return row!.id;
}

/** A mailing as the delivery job reads it: with its booking's number, its claim's date, and whether it was claimed. */
export interface MailingRead {
  id: number;
  bookingDbId: number;
  bookingId: string;
  document: DocumentName;
  mailKind: NewMailing['mailKind'];
  fingerprint: string | null;
  content: Record<string, unknown> | null;
  toAddress: string;
  subject: string;
  bodyText: string;
  /** The Tokyo date it was decided on: its claim's effect_date. */
  effectDate: string;
  delivered: boolean;
}

/** The subject of a mailing's claim. */
export const mailingSubject = (id: number) => `mailing:${id}`;

export async function findMailing(db: Executor, id: number): Promise<MailingRead | undefined> {
  const [row] = rowsOf<Omit<MailingRead, 'delivered'> & { delivered: boolean }>(
    await db.execute(sql`
      select m.id, m.booking_id as "bookingDbId", b.booking_id as "bookingId", m.document, m.mail_kind as "mailKind", m.fingerprint, m.content,
             m.to_address as "toAddress", m.subject, m.body_text as "bodyText",
             to_char(m.created_at at time zone ${OPERATOR_ZONE_SQL}, 'YYYY-MM-DD') as "effectDate",
             exists (select 1 from scheduled_effects e where e.kind = ${SEAT_DOCUMENT_MAIL} and e.subject = 'mailing:' || m.id) as delivered
      from seat_document_mailings m join bookings b on b.id = m.booking_id
      where m.id = ${id}`),
  );
  return row ? { ...row, id: Number(row.id), bookingDbId: Number(row.bookingDbId) } : undefined;
}

/**
 * The mailings not delivered yet (a lost or failed delivery job), oldest first. With `leftBehind`,
 * only those decided between `withinHours` and `olderThanMinutes` ago by the database's clock: a
 * delivery still on its way is left to its own job, and older ones to the queue's start.
 */
export async function undeliveredMailings(db: Executor, options: { leftBehind?: { olderThanMinutes: number; withinHours: number }; limit?: number } = {}): Promise<number[]> {
  const window = options.leftBehind
    ? sql`and m.created_at < now() - make_interval(mins => ${options.leftBehind.olderThanMinutes}) and m.created_at > now() - make_interval(hours => ${options.leftBehind.withinHours})`
    : sql``;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select m.id from seat_document_mailings m
      where not exists (select 1 from scheduled_effects e where e.kind = ${SEAT_DOCUMENT_MAIL} and e.subject = 'mailing:' || m.id)
        ${window}
      order by m.id
      limit ${options.limit ?? 500}`),
  );
  return rows.map((r) => Number(r.id));
}
