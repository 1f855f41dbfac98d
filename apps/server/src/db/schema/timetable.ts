/**
 * The timetable: service terms, services, diagrams, day patterns, special days and day statuses.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import type { ServiceDayPattern } from '@sagano/domain/timetable/timetable-schemas';
import { createdAt, updatedAt, labels } from './columns.ts';
import { stations, trains } from './reference.ts';

export const serviceTerms = pgTable(
  'service_terms',
  {
    id: serial('id').primaryKey(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('service_terms_range', sql`${t.fromDate} <= ${t.toDate}`)],
);

/** A train of a service term: direction, times at each station, the formation it runs with. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    serviceTermId: integer('service_term_id')
      .notNull()
      .references(() => serviceTerms.id, { onDelete: 'cascade' }),
    names: labels('names'),
    direction: text('direction').$type<Direction>().notNull(),
    isSpecial: boolean('is_special').notNull().default(false),
    logicalTrainId: integer('logical_train_id')
      .notNull()
      .references(() => trains.trainId),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_term_idx').on(t.serviceTermId),
    check('services_direction', sql`${t.direction} in ('down', 'up')`),
  ],
);

export const diagramItems = pgTable(
  'diagram_items',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId),
    arrivalHhmm: text('arrival_hhmm'),
    departureHhmm: text('departure_hhmm'),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [uniqueIndex('diagram_items_service_station').on(t.serviceId, t.stationId)],
);

/** The pattern of each calendar day: ORDINARY, SPECIAL, SUSPENDED or DISABLED. */
export const serviceDayPatterns = pgTable(
  'service_day_patterns',
  {
    serviceDate: date('service_date', { mode: 'string' }).primaryKey(),
    pattern: text('pattern').$type<ServiceDayPattern>().notNull(),
  },
  (t) => [check('service_day_patterns_pattern', sql`${t.pattern} in ('ORDINARY', 'SPECIAL', 'SUSPENDED', 'DISABLED')`)],
);

/** Special (out-of-timetable) trains that run on a given day. */
export const specialDayServices = pgTable(
  'special_day_services',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceDate, t.serviceId] })],
);

/** Sales held (`pending`) or the train suspended (`suspended`, final) on one service day. */
export const serviceDayStatuses = pgTable(
  'service_day_statuses',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceDate, t.serviceId] }),
    check('service_day_statuses_status', sql`${t.status} in ('pending', 'suspended')`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const timetableTableOwners = {
  service_terms: 'timetable',
  services: 'timetable',
  diagram_items: 'timetable',
  service_day_patterns: 'timetable',
  special_day_services: 'timetable',
  // A train-day's suspension or sales hold is set by inventory, which moves the seats with it.
  service_day_statuses: 'inventory',
} as const;
