/**
 * Inventory per service day (DESIGN §4): seat overrides and the held counters.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { arrangementPatterns } from './arrangements.ts';
import { arrangementTypes } from './reference.ts';
import { services } from './timetable.ts';

/** A service day whose inventory has been built, and the pattern it was built from. */
export const serviceDayInventories = pgTable(
  'service_day_inventories',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    arrangementPatternId: integer('arrangement_pattern_id')
      .notNull()
      .references(() => arrangementPatterns.id),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceDate, t.serviceId] })],
);

/** A seat moved to another arrangement type on one service day (inventory slot adjustment). */
export const inventorySeatOverrides = pgTable(
  'inventory_seat_overrides',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').notNull(),
    seatId: text('seat_id').notNull(),
    arrangementTypeId: integer('arrangement_type_id')
      .notNull()
      .references(() => arrangementTypes.arrangementTypeId),
  },
  (t) => [
    primaryKey({ columns: [t.serviceDate, t.serviceId, t.seatId] }),
    foreignKey({ columns: [t.serviceDate, t.serviceId], foreignColumns: [serviceDayInventories.serviceDate, serviceDayInventories.serviceId] }).onDelete('cascade'),
  ],
);

/**
 * The no-overbooking counter (DESIGN §4): per service day, service, arrangement type and leg
 * (1 = Saga–Arashiyama, 2 = Arashiyama–Hozukyo, 3 = Hozukyo–Kameoka). The database refuses
 * held > capacity, whatever the code does.
 */
export const inventoryCounters = pgTable(
  'inventory_counters',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').notNull(),
    arrangementTypeId: integer('arrangement_type_id')
      .notNull()
      .references(() => arrangementTypes.arrangementTypeId),
    leg: smallint('leg').notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull().default(0),
    /** Set when seats on this train-day were fixed: holds that race a fixing come back for the seatability check. */
    seatsFixed: boolean('seats_fixed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.serviceDate, t.serviceId, t.arrangementTypeId, t.leg] }),
    foreignKey({ columns: [t.serviceDate, t.serviceId], foreignColumns: [serviceDayInventories.serviceDate, serviceDayInventories.serviceId] }).onDelete('cascade'),
    check('inventory_counters_held', sql`${t.held} >= 0 and ${t.held} <= ${t.capacity}`),
    check('inventory_counters_leg', sql`${t.leg} between 1 and 3`),
  ],
);

/**
 * The group allotment of each service day, train and leg, summed over the group arrangement types
 * (capacity, held, and how many counter rows make it): the month calendar's live read totals these
 * instead of every counter row (issue 35 P3, ADR 041). Kept by the database itself: triggers on
 * inventory_counters add each statement's change, whichever module writes the counters.
 */
export const inventoryGroupLegs = pgTable(
  'inventory_group_legs',
  {
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').notNull(),
    leg: smallint('leg').notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull(),
    counters: integer('counters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceDate, t.serviceId, t.leg] })],
);

/**
 * Capacity freed on trains, for the waitlist (DESIGN §5, ADR 010): written in the transaction that
 * freed it, so the promotion it asks for is never lost with a job send that did not happen (a
 * crash after the commit, a queue error). The promotion job marks it done; the sweep runs what is
 * still pending a few minutes on, and the server's start-up what a stop left.
 */
export const waitlistPromotionRequests = pgTable(
  'waitlist_promotion_requests',
  {
    id: serial('id').primaryKey(),
    /** The trains whose capacity changed: [{ service_date, service_id }]. */
    trains: jsonb('trains').$type<{ service_date: string; service_id: number }[]>().notNull(),
    /** What freed it, for the log: CANCELLATION, RELEASE, SLOT_ADJUSTMENT, … */
    reason: text('reason').notNull(),
    /** Bookings (public numbers) not handed these seats at once: one whose own allotment was just released. */
    exceptBookingIds: jsonb('except_booking_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('waitlist_promotion_requests_pending').on(t.createdAt).where(sql`${t.doneAt} is null`)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const inventoryTableOwners = {
  waitlist_promotion_requests: 'inventory',
  service_day_inventories: 'inventory',
  inventory_seat_overrides: 'inventory',
  inventory_counters: 'inventory',
  inventory_group_legs: 'inventory',
} as const;
