/**
 * The database schema. One set of migrations (generated from this file by drizzle-kit) serves
 * both the embedded PGlite and a PostgreSQL server; nothing here may need more than PostgreSQL 15.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '@sagano/domain/bookings/booking-state';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const labels = (name: string) => jsonb(name).$type<LocalizedLabel[]>().notNull();
/** A CHECK body allowing only the domain's values: the list is the domain's enum, never retyped. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

// ---------- reference data: the line and the train ----------

export const stations = pgTable('stations', {
  stationId: integer('station_id').primaryKey(),
  displayOrder: integer('display_order').notNull(),
  labels: labels('labels'),
});

export const directions = pgTable('directions', {
  directionId: text('direction_id').primaryKey(),
  labels: labels('labels'),
  /** Station ids in running order. */
  stationOrder: jsonb('station_order').$type<number[]>().notNull(),
});

export const trains = pgTable('trains', {
  trainId: integer('train_id').primaryKey(),
  name: labels('name'),
});

export const cars = pgTable(
  'cars',
  {
    trainId: integer('train_id').notNull().references(() => trains.trainId, { onDelete: 'cascade' }),
    logicalCarId: integer('logical_car_id').notNull(),
    physicalCarId: text('physical_car_id').notNull(),
    carNumber: integer('car_number').notNull(),
    name: labels('name'),
    isRich: boolean('is_rich').notNull().default(false),
    standingCapacity: integer('standing_capacity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trainId, t.logicalCarId] })],
);

export const seats = pgTable(
  'seats',
  {
    trainId: integer('train_id').notNull().references(() => trains.trainId, { onDelete: 'cascade' }),
    seatId: text('seat_id').notNull(),
    logicalCarId: integer('logical_car_id').notNull(),
    seatGroupId: text('seat_group_id'),
    row: integer('row').notNull(),
    letter: text('letter').notNull(),
    isWheelchair: boolean('is_wheelchair').notNull().default(false),
    labels: labels('labels'),
  },
  (t) => [
    primaryKey({ columns: [t.trainId, t.seatId] }),
    index('seats_car_idx').on(t.trainId, t.logicalCarId),
  ],
);

export const arrangementTypes = pgTable('arrangement_types', {
  arrangementTypeId: integer('arrangement_type_id').primaryKey(),
  name: labels('name'),
  colorHex: text('color_hex').notNull(),
  seatType: text('seat_type').notNull(),
  displayOrder: integer('display_order').notNull(),
  /** Seats of this type are the group allotment that the seat inquiry and group bookings draw on. */
  isGroupAllotment: boolean('is_group_allotment').notNull().default(false),
});

export const units = pgTable('units', {
  id: integer('id').primaryKey(),
  displayOrder: integer('display_order').notNull(),
  nameLabel: labels('name_label'),
  segment: text('segment').notNull(),
  annotation: text('annotation').notNull(),
  fareType: text('fare_type').notNull(),
  countInclusive: boolean('count_inclusive').notNull(),
  autoCalculated: boolean('auto_calculated').notNull(),
});

export const pricingPlans = pgTable(
  'pricing_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    segment: text('segment').notNull(),
    serviceDateFrom: text('service_date_from').notNull(),
    serviceDateTo: text('service_date_to').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('pricing_plans_range', sql`${t.serviceDateFrom} <= ${t.serviceDateTo}`)],
);

export const pricingPlanUnits = pgTable(
  'pricing_plan_units',
  {
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    priceE6: bigint('price_e6', { mode: 'number' }).notNull(),
    decrementFeeE6: bigint('decrement_fee_e6', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pricingPlanId, t.unitId] })],
);

// ---------- agents (managed in the agents issue; present so sessions carry agent roles) ----------

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  nameJa: text('name_ja').notNull(),
  nameKana: text('name_kana').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
  nameOrigin: text('name_origin').notNull().default(''),
  agentType: text('agent_type').notNull(),
  countryCode: text('country_code').notNull().default('JPN'),
  rootGroupFax: text('root_group_fax').notNull().default(''),
  paymentDay: smallint('payment_day'),
  paymentDayEndOfMonth: boolean('payment_day_end_of_month').notNull().default(true),
  billingDay: smallint('billing_day'),
  billingDayEndOfMonth: boolean('billing_day_end_of_month').notNull().default(true),
  ignoreCancellationPolicy: boolean('ignore_cancellation_policy').notNull().default(false),
  requireTotp: boolean('require_totp').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agentGroups = pgTable(
  'agent_groups',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    isRoot: boolean('is_root').notNull().default(false),
    nameJa: text('name_ja').notNull(),
    nameKana: text('name_kana').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    nameOrigin: text('name_origin').notNull().default(''),
    fax: text('fax').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agent_groups_agent_idx').on(t.agentId),
    uniqueIndex('agent_groups_one_root').on(t.agentId).where(sql`${t.isRoot}`),
  ],
);

// ---------- accounts: credentials shared by operator users and agent staff ----------

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    /** A secret shown for enrollment, active only once a code from it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`),
    check('accounts_kind', sql`${t.kind} in ('OPERATOR', 'AGENT')`),
  ],
);

export const operatorUsers = pgTable(
  'operator_users',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tel: text('tel').notNull().default(''),
    languageCode: text('language_code').notNull().default('ja'),
    userGroup: text('user_group').notNull(),
    userType: text('user_type').notNull(),
  },
  (t) => [
    check('operator_users_group', sql`${t.userGroup} in ('BACK_OFFICE', 'STATION', 'TRAIN')`),
    check('operator_users_type', sql`${t.userType} in ('ADMIN', 'STAFF')`),
  ],
);

export const agentStaffs = pgTable(
  'agent_staffs',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => agentGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tel: text('tel').notNull().default(''),
    languageCode: text('language_code').notNull().default('ja'),
    staffType: text('staff_type').notNull(),
  },
  (t) => [
    index('agent_staffs_group_idx').on(t.groupId),
    check('agent_staffs_type', sql`${t.staffType} in ('ADMIN', 'STAFF')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailKey: text('email_key').notNull(),
    succeeded: boolean('succeeded').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_email_idx').on(t.emailKey, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash').on(t.tokenHash)],
);

// ---------- audit and mail ----------

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    category: text('category').notNull(),
    operator: text('operator').notNull(),
    operatorAccountId: uuid('operator_account_id'),
    operation: text('operation').notNull(),
    bookingId: text('booking_id'),
    isError: boolean('is_error').notNull(),
    statusCode: integer('status_code').notNull(),
    requestJson: jsonb('request_json'),
    responseJson: jsonb('response_json'),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt),
    index('operation_logs_category_idx').on(t.category, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Files sent with an outbox mail (seat sheet, voucher), written in the same transaction as the mail. */
export const outboxMailAttachments = pgTable(
  'outbox_mail_attachments',
  {
    id: serial('id').primaryKey(),
    outboxMailId: uuid('outbox_mail_id')
      .notNull()
      .references(() => outboxMails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbox_mail_attachments_mail_idx').on(t.outboxMailId)],
);

export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bookingId: text('booking_id'),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_mails_pending_idx').on(t.status, t.nextAttemptAt),
    index('outbox_mails_created_idx').on(t.createdAt),
    check('outbox_mails_status', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
);

// ---------- timetable (issue 3) ----------

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
    direction: text('direction').notNull(),
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
    pattern: text('pattern').notNull(),
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

// ---------- arrangements (issue 3) ----------

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

// ---------- inventory (issue 3; DESIGN §4) ----------

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

// ---------- approvals (issue 3) ----------

export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    status: text('status').notNull().default('SUBMITTED'),
    /** The change to apply, exactly as submitted. */
    payload: jsonb('payload').notNull(),
    serviceTermId: integer('service_term_id'),
    /** The calendar days the change touches (for "approval pending" marks). */
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    submittedBy: uuid('submitted_by'),
    submittedByEmail: text('submitted_by_email').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    judgedBy: uuid('judged_by'),
    judgedByEmail: text('judged_by_email'),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    reason: text('reason'),
    jobError: text('job_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('approvals_submitted_idx').on(t.submittedAt),
    check(
      'approvals_status',
      sql`${t.status} in ('SUBMITTED', 'REJECTED', 'JOB_PENDING', 'JOB_FAILED', 'DONE')`,
    ),
    check(
      'approvals_target',
      sql`${t.target} in ('SERVICE_TERM_INSERT', 'SERVICE_DAY_PATTERN_CHANGE', 'ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND', 'SERVICE_DAY_SERVICE_APPEND')`,
    ),
  ],
);

// ---------- seats held or assigned to bookings (filled by seat assignment, issue 5) ----------

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

// ---------- pricing master data (issue 4) ----------

/** The cancellation policy: from days_before days before the service date, rate_e6 of the total is charged. */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    daysBefore: integer('days_before').primaryKey(),
    rateE6: integer('rate_e6').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('cancellation_policies_values', sql`${t.daysBefore} >= 0 and ${t.rateE6} between 0 and 1000000`)],
);

/** Free count plans: for a participant count in [min, max], that many ride free. */
/**
 * Group schedules (spec 000 "Group schedule"): the days before a service date on which group
 * allotments are released, payment is due and agents are reminded, for the service dates of a
 * period. Named by the period's first date; periods never overlap (exclusion constraint in 0013).
 */
export const groupSchedules = pgTable(
  'group_schedules',
  {
    serviceFromDate: date('service_from_date', { mode: 'string' }).primaryKey(),
    serviceToDate: date('service_to_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    groupArrangementReleaseDayBefore: integer('group_arrangement_release_day_before').notNull(),
    paymentDayBefore: integer('payment_day_before').notNull(),
    remindDayBefore: integer('remind_day_before').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('group_schedules_period', sql`${t.serviceFromDate} <= ${t.serviceToDate}`),
    check(
      'group_schedules_days',
      sql`${t.groupArrangementReleaseDayBefore} between 0 and 365 and ${t.paymentDayBefore} between 0 and 365 and ${t.remindDayBefore} between 0 and 365`,
    ),
  ],
);

/**
 * Special contract terms (spec 000 "Special contract term"): until when SPECIAL_CONTRACTED agents
 * submit requests for a period of service dates, and when the operator answers them. Named by the
 * period's first date; periods never overlap (exclusion constraint in 0014).
 */
export const specialContractTerms = pgTable(
  'special_contract_terms',
  {
    serviceFromDate: date('service_from_date', { mode: 'string' }).primaryKey(),
    serviceToDate: date('service_to_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    submissionDeadline: date('submission_deadline', { mode: 'string' }).notNull(),
    answerDate: date('answer_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('special_contract_terms_period', sql`${t.serviceFromDate} <= ${t.serviceToDate}`),
    check('special_contract_terms_answer', sql`${t.submissionDeadline} <= ${t.answerDate} and ${t.answerDate} < ${t.serviceFromDate}`),
  ],
);

/** The operator's basic information (spec 000 "Operator info"): one row, id 1, made by migration 0015. */
export const operatorBasicInfo = pgTable(
  'operator_basic_info',
  {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
    tel: text('tel').notNull(),
    businessHours: text('business_hours').notNull(),
    address: text('address').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('operator_basic_info_single_row', sql`${t.id} = 1`)],
);

export const freeCountPlans = pgTable(
  'free_count_plans',
  {
    id: serial('id').primaryKey(),
    min: integer('min').notNull(),
    max: integer('max').notNull(),
    freeQuantity: integer('free_quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('free_count_plans_range', sql`${t.min} >= 1 and ${t.min} <= ${t.max} and ${t.freeQuantity} >= 0`)],
);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  shortName: text('short_name').notNull(),
  channel: text('channel').notNull().default('GROUP'),
  priority: integer('priority').notNull().default(0),
  labels: jsonb('labels').$type<LocalizedLabel[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------- bookings (issue 4; DESIGN §5) ----------

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
    status: text('status').notNull(),
    subStatus: text('sub_status').notNull(),
    waitListing: boolean('wait_listing').notNull().default(false),
    groupType: text('group_type').notNull(),
    groupName: text('group_name').notNull(),
    group: jsonb('group').notNull(),
    applicant: jsonb('applicant').notNull(),
    tourConductor: jsonb('tour_conductor'),
    author: jsonb('author'),
    note: text('note').notNull().default(''),
    caution: text('caution').notNull().default(''),
    operatorName: text('operator_name').notNull().default(''),
    priority: integer('priority').notNull().default(0),
    confirmNote: text('confirm_note').notNull().default(''),
    voucherNote: text('voucher_note').notNull().default(''),
    voucherConfirmed: boolean('voucher_confirmed').notNull().default(false),
    refusalReason: text('refusal_reason'),
    /** The cancellation policy in force when the booking was confirmed (frozen, DESIGN §6). */
    cancellationPolicy: jsonb('cancellation_policy'),
    /** Set when a cancellation is requested or started: the rate and fee quoted then. */
    cancellationRateE6: integer('cancellation_rate_e6'),
    cancellationFeeE6: bigint('cancellation_fee_e6', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why seats could not be given (assign_seats_ng), else ''. */
    seatNgReason: text('seat_ng_reason').notNull().default(''),
    /** An agent's change request waiting for the operator (the PUT /params body), else null. */
    pendingChange: jsonb('pending_change'),
    participantQuantity: integer('participant_quantity').notNull(),
    totalAmountE6: bigint('total_amount_e6', { mode: 'number' }).notNull().default(0),
    revision: integer('revision').notNull().default(1),
    updateCount: integer('update_count').notNull().default(0),
    externalIdempotentId: text('external_idempotent_id'),
    requestHash: text('request_hash'),
    createdBy: uuid('created_by'),
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
    index('bookings_status_idx').on(t.status, t.subStatus),
    index('bookings_submitted_idx').on(t.submittedAt.desc(), t.id.desc()),
    // A page of one service-date period sorts its bookings by submission without visiting them.
    index('bookings_id_submitted_idx').on(t.id, t.submittedAt),
    // Group name search is a substring match (ILIKE '%…%'): trigrams. New entries wait in a
    // pending list that every search reads in full; 64 kB keeps that list to a few pages.
    index('bookings_group_name_trgm').using('gin', t.groupName.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    check('bookings_status', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_sub_status', oneOf(t.subStatus, BOOKING_SUB_STATUSES)),
  ],
);

/** One direction of a booking: the train, the segment and what is held for it. */
export const bookingServices = pgTable(
  'booking_services',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
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

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    audience: text('audience').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    agentSubGroupId: integer('agent_sub_group_id'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_audience_idx').on(t.audience, t.category, t.createdAt),
    check('notifications_audience', sql`${t.audience} in ('ADMIN', 'AGENT')`),
    check('notifications_category', sql`${t.category} in ('booking', 'payment')`),
  ],
);
