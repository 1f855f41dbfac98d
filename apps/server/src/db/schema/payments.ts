/**
 * Payments of a booking: fare, cancellation fee or discrepancy; status and method are the domain’s enums.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';
import { updatedAt, oneOf } from './columns.ts';
import { bookings } from './bookings.ts';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    totalAmountE6: bigint('total_amount_e6', { mode: 'number' }).notNull(),
    paidAmountE6: bigint('paid_amount_e6', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    transactionId: text('transaction_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    check('payments_kind', sql`${t.kind} in ('FARE', 'CANCELLATION', 'DISCREPANCY')`),
    check('payments_status', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_payment_method', oneOf(t.paymentMethod, PAYMENT_METHODS)),
  ],
);
