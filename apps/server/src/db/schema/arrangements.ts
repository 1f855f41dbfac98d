/**
 * Seat arrangements: patterns, their seats and standing places, application terms and applications.
 */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { arrangementTypes, trains } from './reference.ts';
import { serviceTerms, services } from './timetable.ts';

export const arrangementPatterns = pgTable('arrangement_patterns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logicalTrainId: integer('logical_train_id')
    .notNull()
    .references(() => trains.trainId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The arrangement type of every seat of the formation under a pattern. */
export const arrangementPatternSeats = pgTable(
  'arrangement_pattern_seats',
  {
    arrangementPatternId: integer('arrangement_pattern_id')
      .notNull()
      .references(() => arrangementPatterns.id, { onDelete: 'cascade' }),
    seatId: text('seat_id').notNull(),
    arrangementTypeId: integer('arrangement_type_id')
      .notNull()
      .references(() => arrangementTypes.arrangementTypeId),
  },
  (t) => [primaryKey({ columns: [t.arrangementPatternId, t.seatId] })],
);

/** Standing places of a car under a pattern, owned by one (STANDING) arrangement type. */
export const arrangementPatternStandings = pgTable(
  'arrangement_pattern_standings',
  {
    arrangementPatternId: integer('arrangement_pattern_id')
      .notNull()
      .references(() => arrangementPatterns.id, { onDelete: 'cascade' }),
    logicalCarId: integer('logical_car_id').notNull(),
    arrangementTypeId: integer('arrangement_type_id')
      .notNull()
      .references(() => arrangementTypes.arrangementTypeId),
    capacity: integer('capacity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arrangementPatternId, t.logicalCarId] }), check('standings_capacity', sql`${t.capacity} >= 0`)],
);

export const arrangementApplicationTerms = pgTable(
  'arrangement_application_terms',
  {
    id: serial('id').primaryKey(),
    serviceTermId: integer('service_term_id')
      .notNull()
      .references(() => serviceTerms.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('application_terms_range', sql`${t.fromDate} <= ${t.toDate}`)],
);

/** Which pattern a service runs with during an application term. */
export const arrangementApplications = pgTable(
  'arrangement_applications',
  {
    applicationTermId: integer('application_term_id')
      .notNull()
      .references(() => arrangementApplicationTerms.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    arrangementPatternId: integer('arrangement_pattern_id')
      .notNull()
      .references(() => arrangementPatterns.id),
  },
  (t) => [primaryKey({ columns: [t.applicationTermId, t.serviceId] })],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const arrangementsTableOwners = {
  arrangement_patterns: 'arrangements',
  arrangement_pattern_seats: 'arrangements',
  arrangement_pattern_standings: 'arrangements',
  arrangement_application_terms: 'arrangements',
  arrangement_applications: 'arrangements',
} as const;
