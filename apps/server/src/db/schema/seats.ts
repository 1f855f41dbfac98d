/**
 * Seats held or assigned to bookings (the seats module), and the seat changes a group makes on its own page.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const seatsTableOwners = {
  seat_assignments: 'seats',
  customer_mutations: 'seats',
} as const;
