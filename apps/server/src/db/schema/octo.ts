/**
 * The OCTO supplier API (the octo module, ADR 039): a reseller's booking as OCTO sees it. While
 * ON_HOLD it holds seats on the group allotment itself (`held_seats` on every leg of the train);
 * once confirmed it points at the ordinary booking it became, which holds them from then on.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GROUP_TYPES } from '@sagano/domain/bookings/booking-constants';
import { OCTO_HOLD_STATUSES, type OctoHoldStatus } from '@sagano/domain/octo/octo-constants';
import { DIRECTIONS, type Direction } from '@sagano/domain/reference/reference-schemas';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { agentGroups, agents } from './agents.ts';
import { bookings } from './bookings.ts';
import { products } from './pricing.ts';
import { services } from './timetable.ts';

/** One traveller of a reseller's booking: OCTO's unit item (its uuid, our unit, the reseller's reference). */
export interface OctoUnitItemRow {
  uuid: string;
  unit_id: number;
  reseller_reference: string | null;
}

/** The reseller's contact as OCTO sent it (mapped to the booking's applicant on confirmation). */
export interface OctoContactRow {
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  phone_number: string | null;
  locales: string[];
  country: string | null;
  notes: string | null;
}

export const octoBookings = pgTable(
  'octo_bookings',
  {
    uuid: uuid('uuid').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    agentSubGroupId: integer('agent_sub_group_id')
      .notNull()
      .references(() => agentGroups.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    optionId: text('option_id').notNull(),
    groupType: text('group_type').notNull(),
    direction: text('direction').$type<Direction>().notNull(),
    fromStationId: integer('from_station_id').notNull(),
    toStationId: integer('to_station_id').notNull(),
    /** The train's local departure as OCTO names it (`2027-06-10T10:02:00+09:00`). */
    availabilityId: text('availability_id').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    unitItems: jsonb('unit_items').$type<OctoUnitItemRow[]>().notNull(),
    /** Seats this hold keeps on every leg of its train's group allotment; 0 once released or handed to the booking. */
    heldSeats: integer('held_seats').notNull().default(0),
    holdStatus: text('hold_status').$type<OctoHoldStatus>().notNull(),
    utcExpiresAt: timestamp('utc_expires_at', { withTimezone: true }).notNull(),
    resellerReference: text('reseller_reference'),
    contact: jsonb('contact').$type<OctoContactRow>(),
    notes: text('notes'),
    /** The channel the booking came by (OCTO); the booking itself carries it once bookings have a channel column. */
    channel: text('channel').notNull().default('OCTO'),
    bookingId: integer('booking_id').references(() => bookings.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('octo_bookings_hold_status', oneOf(t.holdStatus, OCTO_HOLD_STATUSES)),
    check('octo_bookings_group_type', oneOf(t.groupType, GROUP_TYPES)),
    check('octo_bookings_direction', oneOf(t.direction, DIRECTIONS)),
    check('octo_bookings_channel', oneOf(t.channel, ['OCTO'])),
    check('octo_bookings_held_seats', sql`${t.heldSeats} >= 0 and (${t.heldSeats} = 0 or ${t.holdStatus} = 'ON_HOLD')`),
    check('octo_bookings_submitted', sql`(${t.holdStatus} = 'SUBMITTED') = (${t.bookingId} is not null)`),
    uniqueIndex('octo_bookings_booking_uq').on(t.bookingId),
    index('octo_bookings_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('octo_bookings_expiry_idx').on(t.utcExpiresAt).where(sql`${t.holdStatus} = 'ON_HOLD'`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const octoTableOwners = {
  octo_bookings: 'octo',
} as const;
