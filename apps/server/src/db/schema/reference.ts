/**
 * Reference data: the line, its stations and directions, the trains, their cars and seats, arrangement types and fare units.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ANNOTATIONS, DIRECTIONS, FARE_TYPES, PASSENGER_FARE_TYPES, SEAT_TYPES, SEGMENTS, type Direction, type FareType, type SeatType } from '@sagano/domain/reference/reference-schemas';
import { labels, oneOf } from './columns.ts';

export const stations = pgTable('stations', {
  stationId: integer('station_id').primaryKey(),
  displayOrder: integer('display_order').notNull(),
  labels: labels('labels'),
});

export const directions = pgTable('directions', {
  directionId: text('direction_id').$type<Direction>().primaryKey(),
  labels: labels('labels'),
  /** Station ids in running order. */
  stationOrder: jsonb('station_order').$type<number[]>().notNull(),
}, (t) => [check('directions_direction_id', oneOf(t.directionId, DIRECTIONS))]);

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
  seatType: text('seat_type').$type<SeatType>().notNull(),
  displayOrder: integer('display_order').notNull(),
  /** Seats of this type are the group allotment that the seat inquiry and group bookings draw on. */
  isGroupAllotment: boolean('is_group_allotment').notNull().default(false),
}, (t) => [check('arrangement_types_seat_type', oneOf(t.seatType, SEAT_TYPES))]);

export const units = pgTable(
  'units',
  {
    id: integer('id').primaryKey(),
    displayOrder: integer('display_order').notNull(),
    nameLabel: labels('name_label'),
    segment: text('segment').$type<(typeof SEGMENTS)[number]>().notNull(),
    annotation: text('annotation').$type<(typeof ANNOTATIONS)[number]>().notNull(),
    fareType: text('fare_type').$type<FareType>().notNull(),
    countInclusive: boolean('count_inclusive').notNull(),
    autoCalculated: boolean('auto_calculated').notNull(),
  },
  // POST /v1/units answers 409 UNIT_ALREADY_EXISTS before either index would refuse (DESIGN "Units").
  (t) => [
    // A passenger fare (adult, child) once per segment × annotation: the booking form's grid, the
    // free count and the plans read "the" unit of a combination.
    uniqueIndex('units_passenger_combination_uq')
      .on(t.segment, t.annotation, t.fareType)
      .where(sql.raw(`fare_type in (${PASSENGER_FARE_TYPES.map((f) => `'${f}'`).join(', ')})`)),
    // Luggage and fee units may be several per segment, told apart by name: no two units of a segment share their Japanese name.
    uniqueIndex('units_name_ja_uq').on(t.segment, sql`(jsonb_path_query_first(${t.nameLabel}, '$[*] ? (@.language_id == "ja").text') #>> '{}')`),
    check('units_segment', oneOf(t.segment, SEGMENTS)),
    check('units_annotation', oneOf(t.annotation, ANNOTATIONS)),
    check('units_fare_type', oneOf(t.fareType, FARE_TYPES)),
    // Luggage and the change handling fee are items, not people: no seat, never free, plain annotation.
    check(
      'units_item_not_participant',
      sql.raw(`fare_type in (${PASSENGER_FARE_TYPES.map((f) => `'${f}'`).join(', ')}) or (annotation = 'NORMAL' and not count_inclusive and not auto_calculated)`),
    ),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const referenceTableOwners = {
  // The line's fixed data: loaded by the seed (db/seed), read through the reference module.
  stations: 'reference',
  directions: 'reference',
  trains: 'reference',
  cars: 'reference',
  seats: 'reference',
  arrangement_types: 'reference',
  // The fare units are edited on the master-data screens.
  units: 'master-data',
} as const;
