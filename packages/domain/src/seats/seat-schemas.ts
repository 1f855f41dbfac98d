/**
 * The seat calls (spec 001 §7.2 / §7.3, DESIGN §4–§5): the booking's seat map per direction,
 * automatic or hand-picked assignment, OK / NG, release, the seat table and the voucher, and
 * the customer side opened with the booking token.
 */
import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';
import { CUSTOMER_LANGUAGES } from '../common/ui-language.ts';
import { MAX_MAIL_BODY, MAX_MAIL_SUBJECT } from '../common/text-limits.ts';
import { MAX_SPECIAL_NOTE } from '../bookings/booking-schemas.ts';
import { Car, DIRECTIONS, Seat } from '../reference/reference-schemas.ts';
import { MAX_OVERRIDE_REASON, MAX_SEAT_NG_REASON } from './seat-limits.ts';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, REFUSAL_REASONS } from '../bookings/booking-state.ts';

const DateString = z.iso.date();

/** A body that may be left out entirely (a bare POST): read as {}. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** One seat of the drawn train (the reference layout), as the booking sees it on its own legs. */
export const BookingSeat = Seat.extend({
  car_number: z.number().int(),
  /** The arrangement type the seat is sold as that day. */
  arrangement_type_id: z.number().int(),
  /** The booking number holding it on an overlapping leg (never this booking), else null. Customers see '' (taken, not by whom). */
  taken_by: z.string().nullable(),
  /** Given to this booking. */
  mine: z.boolean(),
  /** This booking may take it: of the group allotment or wheelchair places, and free on its legs. */
  assignable: z.boolean(),
});
export type BookingSeat = z.infer<typeof BookingSeat>;

/** One train of a booking, one way: the day, the train, where the group boards and leaves, and the times. */
const BookedTrain = z.object({
  direction: z.enum(DIRECTIONS),
  service_day: DateString,
  service_id: z.number().int(),
  service_names: z.array(LocalizedLabel),
  from_station_id: z.number().int(),
  to_station_id: z.number().int(),
  departure_hhmm: z.string().nullable(),
  arrival_hhmm: z.string().nullable(),
});

/** A car of the reference layout with the booking's view of each seat. */
export const BookingSeatCar = Car.extend({ seats: z.array(BookingSeat) });
export type BookingSeatCar = z.infer<typeof BookingSeatCar>;

export const BookingSeatDirection = BookedTrain.extend({
  legs: z.array(z.number().int()),
  cars: z.array(BookingSeatCar),
  /** Seats (ordinary and wheelchair) given to the booking in this direction, in car/row/letter order. */
  assigned_seat_ids: z.array(z.string()),
  /** Standing places given (only when asked for). */
  standing: z.number().int(),
  /** What the direction needs: ordinary seats and wheelchair places (participants = both). */
  needed_seats: z.number().int(),
  needed_wheelchair_places: z.number().int(),
});
export type BookingSeatDirection = z.infer<typeof BookingSeatDirection>;

/** GET /v1/bookings/{id}/seats (staff; or ?token= for the customer page). */
export const BookingSeatsResponse = z.object({
  booking_id: z.string(),
  group_name: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  participant_quantity: z.number().int(),
  wheel_chairs: z.array(z.object({ need_slope: z.boolean() })),
  /** Why seats could not be given (assign_seats_ng), else ''. */
  seat_ng_reason: z.string(),
  directions: z.array(BookingSeatDirection),
  /** Our addition, on assign_seats: other bookings whose held (unsent) seats were moved to seat this group. */
  moved_booking_ids: z.array(z.string()).optional(),
});
export type BookingSeatsResponse = z.infer<typeof BookingSeatsResponse>;

export const SeatRequest = z.object({
  direction: z.enum(DIRECTIONS),
  /** Seats chosen by hand: exactly the seats the direction needs (ordinary and wheelchair). Omitted: automatic. */
  seat_ids: z.array(z.string().min(1).max(20)).max(400).optional(),
  /** Standing places wanted instead of seats for that many participants (only when asked for). */
  standing: z.number().int().min(0).max(400).default(0),
  /** Cars (logical_car_id) to try first in automatic assignment. */
  preferred_car_ids: z.array(z.number().int().positive()).max(10).optional(),
});
export type SeatRequest = z.infer<typeof SeatRequest>;

/** POST /v1/bookings/{id}/assign_seats: without seat_req every direction is seated automatically. */
export const AssignSeatsBody = orEmpty(z.object({
  /** The booking's priority among those seated on the same train (0–100), kept on the booking. */
  priority: z.number().int().min(0).max(100).optional(),
  seat_req: z.array(SeatRequest).max(2).optional(),
}));
export type AssignSeatsBody = z.infer<typeof AssignSeatsBody>;

export const AssignSeatsNgBody = z.object({ ng_reason: z.string().trim().min(1, 'enter the reason').max(MAX_SEAT_NG_REASON) });

/** POST /v1/bookings/{id}/release-seats: everything, or on the service day only the seats named (same-day release). */
export const ReleaseSeatsBody = orEmpty(z.object({ seat_ids: z.array(z.string().min(1).max(20)).min(1).max(400).optional(), direction: z.enum(DIRECTIONS).optional() }));
export type ReleaseSeatsBody = z.infer<typeof ReleaseSeatsBody>;

/** POST /v1/bookings/{id}/send_seat_table (confirm seats): the seat sheet PDF mailed to the applicant. */
export const SendSeatTableBody = z.object({
  mail: z.object({ subject: z.string().trim().min(1).max(MAX_MAIL_SUBJECT), body: z.string().trim().min(1).max(MAX_MAIL_BODY) }),
});
/** POST /v1/bookings/{id}/confirm_voucher. */
export const ConfirmVoucherBody = z.object({ note: z.string().max(MAX_SPECIAL_NOTE).default('') });
/** Why the operator mails a prepaid voucher while its fare is unpaid (otherwise 409 VOUCHER_AWAITS_PAYMENT); kept in the history. */
export { MAX_OVERRIDE_REASON };
const OverrideUnpaidReason = z.string().trim().min(1, 'enter why the voucher goes out before payment').max(MAX_OVERRIDE_REASON).optional();
/** POST /v1/bookings/{id}/send_voucher: the voucher PDF mailed with the customer link. */
export const SendVoucherBody = SendSeatTableBody.extend({ override_unpaid_reason: OverrideUnpaidReason });
export type SendVoucherBody = z.infer<typeof SendVoucherBody>;
/**
 * POST /v1/bookings/{id}/resend_documents (our name): every outdated seat table and voucher that
 * can go as it stands is mailed again, with a mail saying it replaces the earlier one.
 */
export const ResendDocumentsBody = orEmpty(z.object({ override_unpaid_reason: OverrideUnpaidReason }));
export type ResendDocumentsBody = z.infer<typeof ResendDocumentsBody>;
export const ResendDocumentsResponse = z.object({ resent: z.array(z.enum(['seat_table', 'voucher'])) });

// ---------- customer side (booking id + booking_token, no login) ----------

export const TokenQuery = z.object({ token: z.string().min(1).max(100) });
/** The voucher's language on the group's side: Japanese with English, or with Korean or Chinese (ja when omitted). */
export const VoucherLanguageQuery = z.object({ lang: z.enum(CUSTOMER_LANGUAGES).optional() });
export const CustomerVoucherQuery = TokenQuery.merge(VoucherLanguageQuery);

export const CustomerTrain = BookedTrain.extend({
  /** Seat labels by car, e.g. [{ car_number: 2, seats: ['1A', '1B'] }]. */
  cars: z.array(z.object({ car_number: z.number().int(), seats: z.array(z.string()) })),
  standing: z.number().int(),
});

/** GET /v1/bookings/{id}/summary?token= (and GET /v1/bookings/{id}?token=): what the group may see. */
export const CustomerBookingSummary = z.object({
  booking_id: z.string(),
  group_name: z.string(),
  agent_name: z.string(),
  agent_name_en: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Why the operator could not take the booking (NOT_RESERVED), else null: the page says it. */
  refusal_reason: z.enum(REFUSAL_REASONS).nullable(),
  /** When the booking was cancelled (ISO), else null. */
  cancelled_at: z.string().nullable(),
  participant_quantity: z.number().int(),
  wheelchairs: z.number().int(),
  trains: z.array(CustomerTrain),
  voucher_note: z.string(),
  /** The voucher can be downloaded (it was confirmed). */
  voucher_available: z.boolean(),
  voucher_url: z.string().nullable(),
  /** The fare's invoice PDF (GET /v1/bookings/{id}/invoices/{payment_id}?token=) while the fare has one and the booking stands; else null. */
  invoice_url: z.string().nullable(),
  /** Seats may be changed by the group (seats given, not yet travelled, booking live). */
  can_change_seat: z.boolean(),
});
export type CustomerBookingSummary = z.infer<typeof CustomerBookingSummary>;

/** PUT /v1/bookings/{id}/change-seat. */
export const ChangeSeatBody = z.object({
  token: z.string().min(1).max(100),
  service: z.object({
    service_day: DateString,
    service_id: z.number().int().positive(),
    manual: z
      .object({
        seats: z.array(z.string().min(1).max(20)).max(400).default([]),
        standings: z.number().int().min(0).max(400).default(0),
        unspecified_seat: z.number().int().min(0).max(400).default(0),
      })
      .optional(),
    auto: z.object({ arrangement_type_ids: z.array(z.number().int().positive()).max(10).default([]), quantity: z.number().int().min(1).max(400) }).optional(),
  }),
  /** The same mutation_id again answers the first result and changes nothing. */
  mutation_id: z.string().trim().min(1).max(100),
});
export type ChangeSeatBody = z.infer<typeof ChangeSeatBody>;

/** POST /v1/reservations/check: whether the seats named are free for the booking on its legs. */
export const ReservationCheckBody = z.object({
  product_id: z.number().int().positive().optional(),
  from_station_id: z.number().int().min(1).max(4),
  service: z.object({
    service_day: DateString,
    service_id: z.number().int().positive(),
    seats: z.array(z.string().min(1).max(20)).max(400).default([]),
    to_station_id: z.number().int().min(1).max(4).optional(),
  }),
  booking_id: z.string().regex(/^\d{8}$/).optional(),
  token: z.string().max(100).optional(),
});
export const ReservationCheckResponse = z.object({
  ok: z.boolean(),
  /** Seats named that are taken on an overlapping leg or are not on the train. */
  unavailable_seat_ids: z.array(z.string()),
});
