/**
 * Seats held or assigned to bookings (the seats module), the seat changes a group makes on its own
 * page, and the seat tables and vouchers mailed to the group's applicant.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bookings } from './bookings.ts';

/** A PostgreSQL int4range of legs, written as `[first,last+1)`. */
const legRange = customType<{ data: string; driverData: string }>({ dataType: () => 'int4range' });

/**
 * A seat given to a booking on a range of legs of one service day. The exclusion constraint
 * `seat_assignments_no_overlap` (custom migration) makes a double assignment impossible.
 */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').notNull(),
    seatId: text('seat_id').notNull(),
    bookingId: text('booking_id').notNull(),
    legs: legRange('legs').notNull(),
    state: text('state').notNull(),
    /** For wheelchair places: the participant needs the crew's slope. */
    needSlope: boolean('need_slope').notNull().default(false),
    /**
     * The seat has left the building (sent in a seat table or a voucher, or chosen by the group):
     * it stays where it is. Seats only held may be moved to seat another group (DESIGN §4).
     */
    fixed: boolean('fixed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('seat_assignments_day_idx').on(t.serviceDate, t.serviceId),
    index('seat_assignments_booking_idx').on(t.bookingId),
    // Every hold asks whether its train-day has fixed seats (DESIGN §4, seatability).
    index('seat_assignments_fixed_idx').on(t.serviceDate, t.serviceId).where(sql`${t.fixed}`),
    check('seat_assignments_state', sql`${t.state} in ('HELD', 'ASSIGNED')`),
  ],
);

/** Seat changes made by a group on its own page: the same mutation_id answers the first result. */
export const customerMutations = pgTable(
  'customer_mutations',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    mutationId: text('mutation_id').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.mutationId] })],
);

/**
 * A seat table or voucher mailed to the applicant (send_seat_table, send_voucher and
 * resend_documents), as the step decided it in its transaction: what the document prints, frozen
 * (`content`, laid out by the delivery job after the commit), its fingerprint (a document is
 * outdated once the booking prints otherwise) and the mail's recipient and words. The mail itself
 * is queued once by the delivery job (scheduled_effects SEAT_DOCUMENT_MAIL `mailing:<id>`, ADR 035).
 * Mailings from before this table carry no content (migration 0043 copies them from the outbox).
 */
export const seatDocumentMailings = pgTable(
  'seat_document_mailings',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** seat_table or voucher. */
    document: text('document').notNull(),
    /** The outbox mail kind: booking.seat_table, booking.voucher, or their _reissued re-sends. */
    mailKind: text('mail_kind').notNull(),
    /** What the document prints, as booking-documents.ts fingerprints it (null: mailed before fingerprints). */
    fingerprint: text('fingerprint'),
    /** The document's data as laid out (seat-document-delivery.ts); null for the mailings copied from the outbox. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('seat_document_mailings_booking_idx').on(t.bookingId, t.createdAt),
    // The delivery's sweep looks at the last day's mailings only.
    index('seat_document_mailings_created_idx').on(t.createdAt),
    check('seat_document_mailings_document', sql`${t.document} in ('seat_table', 'voucher')`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const seatsTableOwners = {
  seat_assignments: 'seats',
  customer_mutations: 'seats',
  seat_document_mailings: 'seats',
} as const;
