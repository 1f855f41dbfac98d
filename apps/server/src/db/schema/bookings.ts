/**
 * Bookings (DESIGN §5): the booking, its directions, units, wheelchairs, revisions and notes.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, REFUSAL_REASONS, type BookingStatus, type BookingSubStatus, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import { statusRankSql } from './booking-status-rank.ts';
import { GROUP_TYPES } from '@sagano/domain/bookings/booking-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { createdAt, updatedAt, oneOf } from './columns.ts';
import { agentGroups, agents } from './agents.ts';
import { products } from './pricing.ts';
import { units } from './reference.ts';
import { services } from './timetable.ts';
import { bulkReservations } from './bulk-reservations.ts';
import { instantConfirmationRules } from './instant-confirmation.ts';
import { BOOKING_CHANNELS, type BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** The public booking number (8 digits). */
    bookingId: text('booking_id').notNull(),
    /** Opens the booking on the customer page (with the booking id), no login. */
    bookingToken: text('booking_token').notNull(),
    productId: integer('product_id').references(() => products.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    agentSubGroupId: integer('agent_sub_group_id')
      .notNull()
      .references(() => agentGroups.id),
    status: text('status').$type<BookingStatus>().notNull(),
    subStatus: text('sub_status').$type<BookingSubStatus>().notNull(),
    waitListing: boolean('wait_listing').notNull().default(false),
    groupType: text('group_type').notNull(),
    groupName: text('group_name').notNull(),
    group: jsonb('group').notNull(),
    applicant: jsonb('applicant').notNull(),
    tourConductor: jsonb('tour_conductor'),
    /** Counts the changes of the applicant's and the tour conductor's data (spec 000 §3 version): 1 as submitted. */
    applicantVersion: integer('applicant_version').notNull().default(1),
    tourConductorVersion: integer('tour_conductor_version').notNull().default(1),
    author: jsonb('author'),
    note: text('note').notNull().default(''),
    caution: text('caution').notNull().default(''),
    operatorName: text('operator_name').notNull().default(''),
    priority: integer('priority').notNull().default(0),
    confirmNote: text('confirm_note').notNull().default(''),
    voucherNote: text('voucher_note').notNull().default(''),
    voucherConfirmed: boolean('voucher_confirmed').notNull().default(false),
    refusalReason: text('refusal_reason').$type<RefusalReason>(),
    /** The cancellation policy in force when the booking was confirmed (frozen, DESIGN §6). */
    cancellationPolicy: jsonb('cancellation_policy'),
    /** Set when a cancellation is requested or started: the rate and fee quoted then. */
    cancellationRateE6: integer('cancellation_rate_e6'),
    cancellationFeeE6: bigint('cancellation_fee_e6', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The status when the cancellation was asked for or started: a declined cancellation returns to it. */
    statusBeforeCancellation: text('status_before_cancellation').$type<BookingStatus>(),
    /** The last declined cancellation ({reason, declined_by, declined_at}); cleared by the next request. */
    cancellationDeclined: jsonb('cancellation_declined'),
    /** Why seats could not be given (assign_seats_ng), else ''. */
    seatNgReason: text('seat_ng_reason').notNull().default(''),
    /** An agent's change request waiting for the operator (the PUT /params body), else null. */
    pendingChange: jsonb('pending_change'),
    /** Why the operator declined the latest change request (told to the agent); cleared by the next request. */
    modificationDeclineReason: text('modification_decline_reason'),
    participantQuantity: integer('participant_quantity').notNull(),
    totalAmountE6: bigint('total_amount_e6', { mode: 'number' }).notNull().default(0),
    revision: integer('revision').notNull().default(1),
    updateCount: integer('update_count').notNull().default(0),
    externalIdempotentId: text('external_idempotent_id'),
    /** The bulk operation that last secured or answered it (spec 000 §3 bulk_reservation_id). */
    bulkReservationId: integer('bulk_reservation_id').references(() => bulkReservations.id),
    requestHash: text('request_hash'),
    /**
     * The earliest and latest service date of its trains (null while it has none), kept by the database
     * itself: triggers on booking_services (migration 0040) set them whenever trains are written. The
     * booking list filters and sorts by service date on the booking alone (ADR 022).
     */
    firstServiceDate: date('first_service_date', { mode: 'string' }),
    lastServiceDate: date('last_service_date', { mode: 'string' }),
    createdBy: uuid('created_by'),
    /** How the request came in (set at submission from the caller, ADR 037). */
    channel: text('channel').$type<BookingChannel>().notNull().default('PORTAL'),
    /** The operator's rule that reserved and confirmed it in the submitting request, else null (ADR 037). */
    instantConfirmationRuleId: integer('instant_confirmation_rule_id').references(() => instantConfirmationRules.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_booking_id').on(t.bookingId),
    // Prefix searches on the booking number (LIKE '1234%') whatever the database's collation.
    index('bookings_booking_id_prefix').on(t.bookingId.op('text_pattern_ops')),
    uniqueIndex('bookings_idempotency').on(t.agentId, t.externalIdempotentId),
    // Lists sort newest first (submitted_at desc, id desc): per agent, per branch and overall.
    index('bookings_agent_idx').on(t.agentId, t.submittedAt.desc(), t.id.desc()),
    index('bookings_sub_group_idx').on(t.agentSubGroupId, t.submittedAt.desc(), t.id.desc()),
    // No index of its own on status and sub-status: bookings_status_filters_idx leads with status, and
    // a step that changes only the sub-status (reserve_allotments) then touches no index (migration 0052).
    // Newest first overall, and a submission period (the list's filter) read on index entries alone:
    // the list's other filters and sort keys beside the order, so a short period is one index range
    // whose entries are checked without visiting the bookings. The columns after id change no order.
    index('bookings_submitted_idx').on(t.submittedAt.desc(), t.id.desc(), t.status, t.groupType, t.agentId, t.agentSubGroupId, t.firstServiceDate, t.lastServiceDate, t.bookingId),
    // The booking list sorted by group name or by status (lifecycle order) with no narrowing filter:
    // a page is read in index order instead of sorting every booking.
    index('bookings_group_name_order_idx').on(t.groupName, t.bookingId),
    index('bookings_status_rank_idx').on(sql.raw(statusRankSql('status')), t.bookingId),
    // A page of one service-date period sorts its bookings by submission without visiting them.
    index('bookings_id_submitted_idx').on(t.id, t.submittedAt),
    // The booking list in service-date order (ADR 022): read in order, its filters (status, group type,
    // agent, branch, submission, last date) checked on the index entries alone, so a page or a total
    // never visits the bookings it does not keep. The columns after booking_id (unique) change no order.
    index('bookings_first_date_idx').on(t.firstServiceDate, t.bookingId, t.status, t.groupType, t.agentId, t.agentSubGroupId, t.submittedAt, t.lastServiceDate, t.id),
    // A round trip whose outbound train lies before a service-date period and its return inside it:
    // in return-date order, with the same filters beside the key.
    index('bookings_last_date_idx').on(t.lastServiceDate, t.bookingId, t.firstServiceDate, t.status, t.groupType, t.agentId, t.agentSubGroupId, t.submittedAt, t.id),
    // The list's exact total (up to 10,000) over broad filters (agent, payment type as its agents,
    // status, group type, and a branch): counted on index entries alone, not on the bookings.
    index('bookings_agent_filters_idx').on(t.agentId, t.groupType, t.status, t.agentSubGroupId, t.firstServiceDate),
    index('bookings_status_filters_idx').on(t.status, t.groupType, t.agentId, t.agentSubGroupId, t.firstServiceDate),
    // Group name search is a substring match (ILIKE '%…%'): trigrams. New entries wait in a
    // pending list that every search reads in full; 64 kB keeps that list to a few pages.
    index('bookings_group_name_trgm').using('gin', t.groupName.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    check('bookings_status', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_sub_status', oneOf(t.subStatus, BOOKING_SUB_STATUSES)),
    check('bookings_group_type', oneOf(t.groupType, GROUP_TYPES)),
    check('bookings_refusal_reason', oneOf(t.refusalReason, REFUSAL_REASONS)),
    check('bookings_channel', oneOf(t.channel, BOOKING_CHANNELS)),
  ],
);

/** One direction of a booking: the train, the segment and what is held for it. */
export const bookingServices = pgTable(
  'booking_services',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<Direction>().notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    fromStationId: integer('from_station_id').notNull(),
    toStationId: integer('to_station_id').notNull(),
    /** Seats held on the group allotment, wheelchair places and standing places. */
    heldGroup: integer('held_group').notNull().default(0),
    heldWheelchair: integer('held_wheelchair').notNull().default(0),
    heldStanding: integer('held_standing').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.direction] }),
    index('booking_services_day_idx').on(t.serviceDate, t.serviceId),
    check('booking_services_direction', sql`${t.direction} in ('down', 'up')`),
  ],
);

export const bookingUnits = pgTable(
  'booking_units',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    quantity: integer('quantity').notNull(),
    calculatedQuantity: integer('calculated_quantity').notNull(),
    unitPriceE6: bigint('unit_price_e6', { mode: 'number' }).notNull(),
    subtotalE6: bigint('subtotal_e6', { mode: 'number' }).notNull(),
    recordLargestCalculatedQuantity: integer('record_largest_calculated_quantity').notNull(),
    /** Participants removed below the largest count ever booked, and the fee they cost (all directions). */
    decrementQuantity: integer('decrement_quantity').notNull().default(0),
    decrementFeeE6: bigint('decrement_fee_e6', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.unitId] })],
);

export const bookingWheelchairs = pgTable('booking_wheelchairs', {
  id: serial('id').primaryKey(),
  bookingId: integer('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  needSlope: boolean('need_slope').notNull().default(false),
});

/** A revision of the booking's main parameters (CREATE, UPDATE, CANCEL). */
export const bookingHistories = pgTable(
  'booking_histories',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    type: text('type').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_histories_revision').on(t.bookingId, t.revision), check('booking_histories_type', sql`${t.type} in ('CREATE', 'UPDATE', 'CANCEL')`)],
);

export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    authorType: text('author_type').notNull(),
    authorName: text('author_name').notNull(),
    authorAccountId: uuid('author_account_id'),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('booking_notes_booking_idx').on(t.bookingId)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const bookingsTableOwners = {
  // The booking's rows, locks and revisions (ADR 024): every module above writes them through booking-core.
  bookings: 'booking-core',
  booking_services: 'booking-core',
  booking_units: 'booking-core',
  booking_wheelchairs: 'booking-core',
  booking_histories: 'booking-core',
  booking_notes: 'bookings',
} as const;
