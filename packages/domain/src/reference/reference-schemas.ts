import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';

export const DIRECTIONS = ['down', 'up'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const SEAT_TYPES = ['NORMAL', 'WHEELCHAIR', 'STANDING', 'CLOSED', 'KUROWAKU_2'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

export const SEGMENTS = ['NORMAL', 'SCHOOL'] as const;
export const ANNOTATIONS = ['NORMAL', 'HANDICAPPED_1', 'HANDICAPPED_2', 'SUPPORTER', 'FREE'] as const;
/**
 * Fare types (spec 000 §4): the passenger fares ADULT and CHILD, and the admin notes' LUGGAGE (a
 * piece of luggage carried) and CHANGE_HANDLE_FEE (the fee for handling a change), which are
 * items priced like a fare but not participants (ADR 026 "Units").
 */
export const FARE_TYPES = ['ADULT', 'CHILD', 'LUGGAGE', 'CHANGE_HANDLE_FEE'] as const;
export type FareType = (typeof FARE_TYPES)[number];
/** The fare types a person travels on: they count as participants, take a seat and may ride free. */
export const PASSENGER_FARE_TYPES = ['ADULT', 'CHILD'] as const satisfies readonly FareType[];
export const isPassengerFare = (fareType: string): boolean => (PASSENGER_FARE_TYPES as readonly string[]).includes(fareType);

export const Station = z.object({
  station_id: z.number().int(),
  display_order: z.number().int(),
  labels: z.array(LocalizedLabel),
});
export type Station = z.infer<typeof Station>;

export const StationDirection = z.object({
  direction_id: z.enum(DIRECTIONS),
  labels: z.array(LocalizedLabel),
  stations: z.array(Station),
});
export type StationDirection = z.infer<typeof StationDirection>;

export const StationsResponse = z.object({
  stations: z.array(Station),
  directions: z.array(StationDirection),
});
export type StationsResponse = z.infer<typeof StationsResponse>;

export const Unit = z.object({
  id: z.number().int(),
  display_order: z.number().int(),
  name_label: z.array(LocalizedLabel),
  segment: z.enum(SEGMENTS),
  annotation: z.enum(ANNOTATIONS),
  fare_type: z.enum(FARE_TYPES),
  count_inclusive: z.boolean(),
  auto_calculated: z.boolean(),
});
export type Unit = z.infer<typeof Unit>;
export const UnitsResponse = z.object({ units: z.array(Unit) });

export const ArrangementType = z.object({
  arrangement_type_id: z.number().int(),
  name: z.array(LocalizedLabel),
  color_hex: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  seat_type: z.enum(SEAT_TYPES),
  display_order: z.number().int(),
  /** The group allotment: what the seat inquiry counts and group bookings hold. */
  is_group_allotment: z.boolean(),
});
export type ArrangementType = z.infer<typeof ArrangementType>;
export const ArrangementTypesResponse = z.object({ arrangement_types: z.array(ArrangementType) });

export const Seat = z.object({
  seat_id: z.string(),
  logical_car_id: z.number().int(),
  seat_group_id: z.string().nullable(),
  row: z.number().int(),
  letter: z.string(),
  is_wheelchair: z.boolean(),
  labels: z.array(LocalizedLabel),
});
export type Seat = z.infer<typeof Seat>;

export const Car = z.object({
  logical_car_id: z.number().int(),
  physical_car_id: z.string(),
  car_number: z.number().int(),
  name: z.array(LocalizedLabel),
  is_rich: z.boolean(),
  standing_capacity: z.number().int(),
  seats: z.array(Seat),
});
export type Car = z.infer<typeof Car>;

export const Train = z.object({
  train_id: z.number().int(),
  name: z.array(LocalizedLabel),
  cars: z.array(Car),
});
export type Train = z.infer<typeof Train>;
export const TrainsResponse = z.object({ trains: z.array(Train) });
