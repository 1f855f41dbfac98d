import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';
import { ALLOTMENT_LEVELS, SEAT_INQUIRY_TAGS } from './allotment-level.ts';
import { UNBOOKABLE_REASONS } from './bookability.ts';

const DateString = z.iso.date();
const StationId = z.coerce.number().int().min(1).max(4);
const Id = z.coerce.number().int().positive();

/** A list of ids in a query string: `1,2,3` (or repeated parameters). */
const IdList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.coerce.number().int().positive()).max(50),
);

export const SERVICE_DAY_PATTERNS = ['ORDINARY', 'SPECIAL', 'SUSPENDED', 'DISABLED'] as const;
export type ServiceDayPattern = (typeof SERVICE_DAY_PATTERNS)[number];

/** How a train stands on one day (spec 000 §4 "Service status"). */
export const SERVICE_STATUSES = ['unknown', 'ordinary', 'special', 'charter', 'suspended', 'pending'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SEAT_STATES = ['FREE', 'HELD', 'ASSIGNED'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

// ---------- GET /v1/allotments/calendar/{year}/{month} ----------

export const AllotmentCalendarParams = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});
export const AllotmentCalendarQuery = z.object({
  direction_ids: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(DIRECTIONS)).min(1))
    .optional(),
  force_real_time: z.stringbool().optional(),
});
export const CalendarDirectionLevel = z.object({
  direction_id: z.enum(DIRECTIONS),
  allotment_level: z.enum(ALLOTMENT_LEVELS).nullable(),
  group_seats: z.number().int(),
  vacant_seats: z.number().int(),
  service_count: z.number().int(),
  /** Trains of the direction that have inventory built; 0 means "not set up yet", not sold out. */
  inventory_service_count: z.number().int(),
});
export const AllotmentCalendarDay = z.object({
  date: DateString,
  service_pattern: z.enum(SERVICE_DAY_PATTERNS).nullable(),
  is_approval_pending: z.boolean(),
  allotment_level: z.enum(ALLOTMENT_LEVELS).nullable(),
  directions: z.array(CalendarDirectionLevel),
});
export type AllotmentCalendarDay = z.infer<typeof AllotmentCalendarDay>;
export const AllotmentCalendarResponse = z.object({
  year: z.number().int(),
  month: z.number().int(),
  few_threshold: z.number().int(),
  days: z.array(AllotmentCalendarDay),
});
export type AllotmentCalendarResponse = z.infer<typeof AllotmentCalendarResponse>;

// ---------- GET /v1/allotments/{service_day} ----------

export const ServiceDayParams = z.object({ service_day: DateString });
/** The segment to report on; without stations, the whole line in each train's direction. */
export const AllotmentDayQuery = z
  .object({
    from_station_id: StationId.optional(),
    to_station_id: StationId.optional(),
  })
  .refine((q) => (q.from_station_id === undefined) === (q.to_station_id === undefined), {
    message: 'give both stations or neither',
    path: ['to_station_id'],
  })
  .refine((q) => q.from_station_id === undefined || q.from_station_id !== q.to_station_id, {
    message: 'the stations must differ',
    path: ['to_station_id'],
  });
export const AllotmentService = z.object({
  service_id: z.number().int(),
  service_names: z.array(LocalizedLabel),
  direction: z.enum(DIRECTIONS),
  is_special: z.boolean(),
  status: z.enum(SERVICE_STATUSES),
  from_station_id: z.number().int(),
  to_station_id: z.number().int(),
  departure_hhmm: z.string().nullable(),
  arrival_hhmm: z.string().nullable(),
  group_seats: z.number().int(),
  vacant_seats: z.number().int(),
  requested_seats: z.number().int(),
  reserved_or_occupied_seats: z.number().int(),
  allotment_level: z.enum(ALLOTMENT_LEVELS),
  tags: z.array(z.enum(SEAT_INQUIRY_TAGS)),
  has_inventory: z.boolean(),
  /** Whether a booking may ask for this train (running, on sale, seats built); else why not. */
  bookable: z.boolean(),
  unbookable_reason: z.enum(UNBOOKABLE_REASONS).nullable(),
});
export type AllotmentService = z.infer<typeof AllotmentService>;
export const AllotmentDayResponse = z.object({
  service_day: DateString,
  service_pattern: z.enum(SERVICE_DAY_PATTERNS).nullable(),
  few_threshold: z.number().int(),
  /** The operator's minimum group size (participants), so the booking form can say it before submitting. */
  min_group_size: z.number().int(),
  services: z.array(AllotmentService),
});
export type AllotmentDayResponse = z.infer<typeof AllotmentDayResponse>;

// ---------- GET /v1/inventories/{date}/services/{service_id} ----------

export const ServiceInventoryParams = z.object({ date: DateString, service_id: Id });
export const ServiceInventoryQuery = z.object({
  all_arrangement_types: z.stringbool().optional(),
  arrangement_type_ids: IdList.optional(),
  base_booking_id: z.string().max(40).optional(),
  product_id: Id.optional(),
});
export const InventorySeat = z.object({
  seat_id: z.string(),
  seat_group_id: z.string().nullable(),
  logical_car_id: z.number().int(),
  car_number: z.number().int(),
  row: z.number().int(),
  letter: z.string(),
  is_wheelchair: z.boolean(),
  labels: z.array(LocalizedLabel),
  arrangement_type_id: z.number().int(),
  /** FREE on every leg, HELD or ASSIGNED on at least one leg of the service. */
  state: z.enum(SEAT_STATES),
  booking_ids: z.array(z.string()),
});
export type InventorySeat = z.infer<typeof InventorySeat>;
export const InventoryStanding = z.object({
  arrangement_type_id: z.number().int().nullable(),
  quantity: z.number().int(),
  reserved: z.number().int(),
  confirmed: z.number().int(),
  vacant: z.number().int(),
  base_booking_occupied: z.number().int(),
});
export const InventoryCar = z.object({
  logical_car_id: z.number().int(),
  physical_car_id: z.string(),
  car_number: z.number().int(),
  name: z.array(LocalizedLabel),
  is_rich: z.boolean(),
  standing: InventoryStanding,
  seats: z.array(InventorySeat),
});
export type InventoryCar = z.infer<typeof InventoryCar>;
export const InventoryCounter = z.object({
  arrangement_type_id: z.number().int(),
  leg: z.number().int(),
  capacity: z.number().int(),
  held: z.number().int(),
});
export const ServiceInventoryResponse = z.object({
  service_day: DateString,
  service_id: z.number().int(),
  service_names: z.array(LocalizedLabel),
  direction: z.enum(DIRECTIONS),
  status: z.enum(SERVICE_STATUSES),
  arrangement_pattern_id: z.number().int(),
  legs: z.array(z.number().int()),
  counters: z.array(InventoryCounter),
  cars: z.array(InventoryCar),
});
export type ServiceInventoryResponse = z.infer<typeof ServiceInventoryResponse>;

// ---------- PUT /v1/inventories/arrangements ----------

export const AdjustArrangementsBody = z.object({
  service_date: DateString,
  service_id: Id,
  moves: z
    .array(z.object({ seat_id: z.string().min(1).max(20), arrangement_type_id: Id }))
    .min(1, 'choose at least one seat')
    .max(400),
});
export type AdjustArrangementsBody = z.infer<typeof AdjustArrangementsBody>;

// ---------- POST /v1/search-inventory, GET /v1/search-inventory/{date}/{arrangement_type_ids} ----------

export const SearchInventoryBody = z.object({
  date: DateString,
  from_station_id: StationId,
  to_station_id: StationId,
  total: z.coerce.number().int().min(1).max(2000),
  product_id: Id.optional(),
});
export type SearchInventoryBody = z.infer<typeof SearchInventoryBody>;
export const SearchInventoryService = z.object({
  service_id: z.number().int(),
  service_names: z.array(LocalizedLabel),
  direction: z.enum(DIRECTIONS),
  departure_hhmm: z.string().nullable(),
  arrival_hhmm: z.string().nullable(),
  vacant_seats: z.number().int(),
  /** The seat inquiry's level of the train on the segment (SOLD_OUT while on hold or suspended); null when it has no inventory. */
  allotment_level: z.enum(ALLOTMENT_LEVELS).nullable(),
  is_available: z.boolean(),
});
export type SearchInventoryService = z.infer<typeof SearchInventoryService>;
export const SearchInventoryResponse = z.object({ date: DateString, services: z.array(SearchInventoryService) });
export const SearchInventoryByTypeParams = z.object({ date: DateString, arrangement_type_ids: IdList });
export const SearchInventoryByTypeResponse = z.object({
  date: DateString,
  services: z.array(
    z.object({
      service_id: z.number().int(),
      direction: z.enum(DIRECTIONS),
      counters: z.array(InventoryCounter),
    }),
  ),
});

// ---------- PUT /v1/services/{service_ids}/status ----------

export const SERVICE_OPERATIONS = ['pending', 'remove pending', 'suspended'] as const;
export type ServiceOperation = (typeof SERVICE_OPERATIONS)[number];
export const ServiceStatusParams = z.object({ service_ids: IdList.pipe(z.array(z.number()).min(1)) });
export const ServiceStatusBody = z.object({ date: DateString, operation: z.enum(SERVICE_OPERATIONS) });
export const ServiceStatusResponse = z.object({
  date: DateString,
  services: z.array(z.object({ service_id: z.number().int(), status: z.enum(SERVICE_STATUSES) })),
  /** Our addition: the bookings a suspension refused (DESIGN §3). */
  refused_booking_ids: z.array(z.string()).optional(),
});
export const ServiceDayStatusesResponse = ServiceStatusResponse;
