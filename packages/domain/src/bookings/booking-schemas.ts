/**
 * The booking API's shapes (spec 001 §7.2, spec 000 §3 "Booking"), shared by the server's
 * validation, the OpenAPI document and the web forms.
 */
import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';
import { MAX_MAIL_BODY, MAX_MAIL_SUBJECT, MAX_PERSON_NAME } from '../common/text-limits.ts';
import { FULL_RATE_E6 } from '../money/yen-e6.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, REFUSAL_REASONS } from './booking-state.ts';
import { BOOKING_CHANNELS, InstantConfirmationRuleRef } from '../master-data/instant-confirmation-rule-schemas.ts';
import { wholeNumber } from './count-schemas.ts';
import { PARTICIPANT_QUANTITY, PRIORITY, WHEELCHAIR_COUNT, wholeNumberMessage } from './counts.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments/payment-state.ts';
import { CancellationSettlementPreview, DiscrepancyDetails, PaymentDetail, PaymentDiscrepancy } from '../payments/payment-schemas.ts';
import { ChangeSummary } from './change-summary-schema.ts';

/** The payment enums live with the payment rules (payments/payment-state.ts); re-exported for existing callers. */
export { PAYMENT_METHODS, PAYMENT_STATUSES };
/** The booking's plain lists and limits live apart (booking-constants.ts), so that screens showing them load no zod; re-exported here. */
export * from './booking-constants.ts';
import { GROUP_TYPES, HISTORY_TYPES, MAX_BOOKING_NOTE, MAX_GROUP_NAME, MAX_GROUP_NAME_KANA, MAX_MODIFICATION_DECLINE_REASON, MAX_REQUEST_NOTE, MAX_SPECIAL_NOTE } from './booking-constants.ts';

const DateString = z.iso.date();
const Id = z.coerce.number().int().positive();
const StationId = z.coerce.number().int().min(1).max(4);
const Tel = z.string().trim().max(30).regex(/^[0-9+\-() ]*$/, 'enter a valid phone number');


/** 1-47 are the prefectures of Japan (JIS X 0401), 99 is overseas. */
export const PrefectureCode = z.number().int().refine((n) => (n >= 1 && n <= 47) || n === 99, 'enter a valid prefecture');

/**
 * The person's `version` as last read (spec 000 §3): on a change (PUT /params) a version other
 * than the booking's answers 409 BOOKING_CHANGED and nothing is written; absent, it is not
 * checked. Ignored on a new booking (version 1).
 */
const PersonVersion = z.number('enter a number').int('enter a whole number').min(1).optional();

export const Applicant = z.object({
  name: z.string().trim().min(1, 'enter a name').max(MAX_PERSON_NAME),
  email: z.email().max(254),
  phone_number: Tel.min(1, 'enter a phone number'),
  version: PersonVersion,
});
export const TourConductor = z.object({
  name: z.string().trim().max(MAX_PERSON_NAME),
  phone_number: Tel,
  version: PersonVersion,
});

/** A person's data as stored: without the version the caller read (the booking counts versions itself). */
export function personData<T extends { version?: number | undefined }>(person: T): Omit<T, 'version'> {
  const { version: _read, ...data } = person;
  return data;
}
export const BookingGroup = z.object({
  group_type: z.enum(GROUP_TYPES),
  name: z.string().trim().min(1, 'enter a name').max(MAX_GROUP_NAME),
  name_kana: z.string().trim().max(MAX_GROUP_NAME_KANA).default(''),
  country_code: z.string().regex(/^([A-Z]{3}|OTHER)$/, 'enter a valid country code'),
  japan_prefecture_code: PrefectureCode.nullable().default(null),
});

export const ServiceChoice = z.object({
  service_date: DateString,
  service_id: Id,
  from_station_id: StationId,
  to_station_id: StationId,
});
export type ServiceChoice = z.infer<typeof ServiceChoice>;

export const ServiceOrderInput = z
  .object({ down_service: ServiceChoice.nullable().optional(), up_service: ServiceChoice.nullable().optional() })
  .refine((s) => s.down_service || s.up_service, { message: 'choose a train', path: ['down_service'] });

export const UnitQuantityItem = z.object({ unit_id: Id, quantity: wholeNumber(PARTICIPANT_QUANTITY) });
export const ParticipantGroup = z.object({
  unit_quantity_items: z.array(UnitQuantityItem).min(1, 'enter the participants').max(40),
  wheel_chairs: z.array(z.object({ need_slope: z.boolean() })).max(WHEELCHAIR_COUNT.max, wholeNumberMessage(WHEELCHAIR_COUNT)).default([]),
});

export const Author = z.object({ type: z.enum(['ADMIN', 'AGENT']), name: z.string().trim().max(100) });

export const CreateBookingBody = z.object({
  applicant: Applicant,
  tour_conductor: TourConductor.nullable().default(null),
  group: BookingGroup,
  service_order: ServiceOrderInput,
  participant_group: ParticipantGroup,
  note: z.string().max(MAX_REQUEST_NOTE).default(''),
  author: Author.optional(),
  agent_id: Id,
  agent_sub_group_id: Id.optional(),
  wait_listing: z.boolean().default(false),
  external_idempotent_id: z.string().trim().min(1).max(100).optional(),
  operator: z.string().trim().max(MAX_PERSON_NAME).optional(),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBody>;
export const CreateBookingResponse = z.object({ booking_id: z.string() });

/** PUT /v1/bookings/{id}/params: the booking's new content (a change request for a confirmed booking). */
export const UpdateParamsBody = CreateBookingBody.pick({ applicant: true, tour_conductor: true, group: true, service_order: true, participant_group: true, note: true });
export type UpdateParamsBody = z.infer<typeof UpdateParamsBody>;
export const UpdateParamsResponse = z.object({ status: z.enum(BOOKING_STATUSES), total_amount: z.number().int() });
/** POST /reject_modification: the operator declines the agent's change request, saying why (told to the agent). */
export const RejectModificationBody = z.object({
  reason: z.string({ error: 'enter the reason' }).trim().min(1, 'enter the reason').max(MAX_MODIFICATION_DECLINE_REASON),
});

export const CalculateAmountBody = z.object({
  booking_id: z.string().optional(),
  group_type: z.enum(GROUP_TYPES),
  participant_group: ParticipantGroup,
  service_days: z.array(DateString).min(1).max(2),
});
export type CalculateAmountBody = z.infer<typeof CalculateAmountBody>;
export const UnitQuantityPriceItem = z.object({
  unit_id: z.number().int(),
  quantity: z.number().int(),
  calculated_quantity: z.number().int(),
  unit_price: z.number().int(),
  subtotal_amount: z.number().int(),
});
export const CalculateAmountResponse = z.object({
  participant_quantity: z.number().int(),
  free_quantity: z.number().int(),
  unit_quantity_items: z.array(UnitQuantityPriceItem),
  direction_amounts: z.array(z.number().int()),
  total_amount: z.number().int(),
  /**
   * With booking_id: what changing that booking to these participants costs, as the change will
   * charge it (total_amount is then this total: fares plus decrement fees).
   */
  modification: z
    .object({
      previous_total_amount: z.number().int(),
      fare_amount: z.number().int(),
      decrement_fee_amount: z.number().int(),
      total_amount: z.number().int(),
      difference_amount: z.number().int(),
      decrement_items: z.array(z.object({ unit_id: z.number().int(), decrement_quantity: z.number().int(), decrement_fee: z.number().int() })),
    })
    .optional(),
});
export type CalculateAmountResponse = z.infer<typeof CalculateAmountResponse>;

/** A seat given to the booking on one train (spec 000 §3 "Seat"). */
export const BookingSeat = z.object({
  logical_car_id: z.number().int(),
  seat_group_id: z.string().nullable(),
  seat_id: z.string(),
  labels: z.array(LocalizedLabel),
  arrangement_type_id: z.number().int(),
  car_number: z.number().int(),
});
export type BookingSeat = z.infer<typeof BookingSeat>;

export const ServiceLeg = z.object({
  direction: z.enum(DIRECTIONS),
  service_day: DateString,
  service_id: z.number().int(),
  service_name: z.array(LocalizedLabel),
  from_station_id: z.number().int(),
  /** The boarding and alighting stations' names (their labels: ja, en, …), as GET /v1/stations names them. */
  from_station_name: z.array(LocalizedLabel),
  to_station_id: z.number().int(),
  to_station_name: z.array(LocalizedLabel),
  departure_hhmm: z.string().nullable(),
  arrival_hhmm: z.string().nullable(),
  held_group: z.number().int(),
  held_wheelchair: z.number().int(),
  held_standing: z.number().int(),
  /** Seats may be assigned on this train now: the order's can_assign_seats and the train holds places. */
  can_assign_seats: z.boolean(),
  /** The arrangement types the booking holds places of on this train (group, wheelchair, standing): seats come from these. */
  assignable_arrangement_ids: z.array(z.number().int()),
  /** The seats given on this train; empty until the caller may see seat numbers (can_show_seat_table). */
  seats: z.array(BookingSeat),
});
export type ServiceLeg = z.infer<typeof ServiceLeg>;

export const BookingFlags = z.object({
  can_update: z.boolean(),
  can_cancel: z.boolean(),
  can_confirm_cancellation: z.boolean(),
  can_show_voucher: z.boolean(),
  can_show_seat_table: z.boolean(),
  can_release_seats: z.boolean(),
  can_reserve_allotments: z.boolean(),
  can_release_allotments: z.boolean(),
  can_confirm_allotments: z.boolean(),
  can_assign_seats: z.boolean(),
  can_confirm_seats: z.boolean(),
  can_generate_voucher: z.boolean(),
  can_send_voucher: z.boolean(),
  can_refuse: z.boolean(),
  can_decline_cancellation: z.boolean(),
  /** Our addition: the agent may ask the operator to assign seats (POST …/request_seat_assignment). */
  can_request_seat_assignment: z.boolean(),
});

export const PaymentSummary = z.object({
  payment_id: z.number().int(),
  kind: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  total_amount: z.number().int(),
  paid_amount: z.number().int(),
  due_date: DateString.nullable(),
  issued_at: z.string(),
});

export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const BookingNote = z.object({
  note_id: z.number().int(),
  note: z.string(),
  author: z.object({ type: z.string(), name: z.string() }),
  created_at: z.string(),
  is_private: z.boolean(),
});
export type BookingNote = z.infer<typeof BookingNote>;

/** The last declined cancellation: the operator declined an agent's request, or the agent declined the fee the operator quoted. */
export const CancellationDeclined = z.object({ reason: z.string(), declined_by: z.enum(['OPERATOR', 'AGENT']), declined_at: z.string() });
export type CancellationDeclined = z.infer<typeof CancellationDeclined>;

/** POST /decline_cancellation: why the cancellation is declined (mailed to the agent, shown on the booking and its history). */
export const DeclineCancellationBody = z.object({ reason: z.string().trim().min(1, 'enter the reason').max(MAX_REQUEST_NOTE) });
export type DeclineCancellationBody = z.infer<typeof DeclineCancellationBody>;

export const BookingHistory = z.object({
  type: z.enum(HISTORY_TYPES),
  status: z.enum(BOOKING_STATUSES).nullable(),
  sub_status: z.enum(BOOKING_SUB_STATUSES).nullable(),
  revision: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  service_order: z.unknown(),
  participant_group: z.unknown(),
  payment: z.unknown(),
  confirm_note: z.string(),
  /** Our addition: the booking's last declined cancellation as of this revision (null when none; absent from older answers). */
  cancellation_declined: CancellationDeclined.nullable().optional(),
  /** Our addition: the operator's reason for mailing a prepaid voucher while its fare was unpaid (send_voucher / resend_documents); null otherwise, and for agents. */
  voucher_override_unpaid_reason: z.string().nullable().optional(),
  /** Our addition: the operator's reason for declining the agent's change request, on the revision that declined it (NOT_MODIFIED); null otherwise. */
  modification_decline_reason: z.string().nullable().optional(),
});

export const BookingResponse = z.object({
  /** The booking's internal id (spec 000 §3 `id`; the same `id` as on the service-order list rows). */
  id: z.number().int(),
  booking_id: z.string(),
  product_id: z.number().int().nullable(),
  agent_id: z.number().int(),
  agent_type: z.string(),
  agent_name: z.string(),
  /** The agent's English name; empty when none is registered. */
  agent_name_en: z.string(),
  agent_sub_group_id: z.number().int(),
  agent_sub_group_name: z.string(),
  /** The branch's English name; empty when none is registered. */
  agent_sub_group_name_en: z.string(),
  /** The product's names (its labels), empty when the booking names no product. */
  product_labels: z.array(LocalizedLabel),
  /** When the group first used its booking link (its first change on its own page, with the booking token); null until then. */
  redeemed_at: z.string().nullable(),
  operator_name: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  /** How the request came in (ADR 037). */
  channel: z.enum(BOOKING_CHANNELS),
  /** The operator's rule that reserved and confirmed it in the submitting request, else null (ADR 037). */
  instant_confirmation_rule: InstantConfirmationRuleRef.nullable(),
  refusal_reason: z.enum(REFUSAL_REASONS).nullable(),
  submitted_at: z.string(),
  wait_listing: z.boolean(),
  caution: z.string(),
  priority: z.number().int(),
  /** The applicant; `version` counts the changes of their data (1 as submitted). */
  applicant: Applicant.extend({ version: z.number().int() }),
  /** The tour conductor (null when none was given); `version` counts the changes of their data. */
  tour_conductor: TourConductor.extend({ version: z.number().int() }).nullable(),
  group: z.object({ group_type: z.enum(GROUP_TYPES), name: z.string(), name_kana: z.string(), country_code: z.string(), japan_prefecture_code: z.number().int().nullable() }),
  note: z.string(),
  main_params: z.object({
    service_order: z.object({
      is_round_trip: z.boolean(),
      update_count: z.number().int(),
      priority: z.number().int(),
      /** The outbound (down) and return (up) trains, also listed in `services`; null when the trip has none that way. */
      down_service: ServiceLeg.nullable(),
      up_service: ServiceLeg.nullable(),
      services: z.array(ServiceLeg),
      /** The order the booking holds (always true here: a change the agent asks for is `pending_change`). */
      is_selected: z.boolean(),
      /** The order is still a request: the booking waits for the operator's answer (SUBMITTED, WAITLIST). */
      is_candidate: z.boolean(),
      /** The arrangement types the participants call for: the group allotment's, and the wheelchair places' when any are asked for. */
      calculated_assignable_arrangement_ids: z.array(z.number().int()),
      can_release_allotments: z.boolean(),
      can_reserve_allotments: z.boolean(),
      can_confirm_allotments: z.boolean(),
      can_assign_seats: z.boolean(),
      can_confirm_seats: z.boolean(),
      can_generate_voucher: z.boolean(),
      can_send_voucher: z.boolean(),
    }),
    participant_group: z.object({
      participant_quantity: z.number().int(),
      unit_quantity_items: z.array(
        UnitQuantityPriceItem.extend({ decrement_quantity: z.number().int(), decrement_fee: z.number().int(), record_largest_calculated_quantity: z.number().int() }),
      ),
      wheel_chairs: z.array(z.object({ need_slope: z.boolean() })),
    }),
    payment: PaymentDetail.nullable(),
    /** The open discrepancy after a change to a settled fare (spec: main_params.discrepancy_summary); null when none. */
    discrepancy_summary: PaymentDiscrepancy.nullable(),
    /** The bulk operation (GET /v1/bulk-reservations/{id}) that last secured or answered the booking; null when none did. */
    bulk_reservation_id: z.number().int().nullable(),
    total_amount: z.number().int(),
    voucherNote: z.string(),
    confirmNote: z.string(),
    revision: z.number().int(),
    /** Set once a cancellation is requested or started: the rate and fee quoted then. */
    cancellation: z
      .object({
        cancellation_rate_e6: z.number().int(),
        total_cancellation_fee: z.number().int(),
        cancelled_at: z.string().nullable(),
        payment: PaymentDetail.nullable(),
      })
      .nullable(),
  }),
  main_param_histories: z.array(BookingHistory),
  /**
   * Spec 000 §3 at the booking level: the fare as first confirmed, as it stands, and what a
   * cancellation would cost now (the fare payment's discrepancy_details); null while the fare was
   * never confirmed or changed.
   */
  discrepancy_details: DiscrepancyDetails.nullable(),
  /** A change the agent asked for, waiting for the operator to accept or refuse it. */
  pending_change: UpdateParamsBody.nullable(),
  /** The pending change side by side with the booking (trains, counts, money, seats); null when none is pending. */
  pending_change_summary: ChangeSummary.nullable(),
  /** Why the operator declined the agent's latest change request; null unless the booking is NOT_MODIFIED. */
  modification_decline_reason: z.string().nullable(),
  /** Our addition: the last declined cancellation while the booking is live and no new cancellation is open; else null. */
  cancellation_declined: CancellationDeclined.nullable(),
  /** Our addition: while a cancellation is open, the status a decline returns the booking to (null otherwise or when unknown). */
  status_before_cancellation: z.enum(BOOKING_STATUSES).nullable(),
  /**
   * When the seat table and the voucher were last mailed, and which of them no longer print what
   * the booking says now (outdated: to be sent again); whether the voucher waits for a prepaid fare.
   */
  documents: z.object({
    seat_table_sent_at: z.string().nullable(),
    voucher_sent_at: z.string().nullable(),
    outdated: z.array(z.enum(['seat_table', 'voucher'])),
    voucher_awaits_payment: z.boolean(),
  }),
  notes: z.array(BookingNote),
  /** Our addition: when the agent last asked the operator to assign seats (request_seat_assignment); null when never. */
  seat_assignment_requested_at: z.string().nullable(),
  /** The booking's permission flags as the specification names them (spec 000 §3); the step flags are on main_params.service_order. */
  can_show_voucher: z.boolean(),
  can_update: z.boolean(),
  can_cancel: z.boolean(),
  can_release_seats: z.boolean(),
  flags: BookingFlags.meta({
    deprecated: true,
    description: 'Deprecated: every flag in one object for the web app during the transition; read can_* on the booking and on main_params.service_order instead.',
  }),
  booking_token: z.string().optional(),
});
export type BookingResponse = z.infer<typeof BookingResponse>;

export const BookingIdParams = z.object({ booking_id: z.string().regex(/^\d{8}$/, 'enter a valid booking number') });

export const ConfirmBookingBody = z.object({
  mail: z.object({ subject: z.string().trim().min(1).max(MAX_MAIL_SUBJECT), body: z.string().trim().min(1).max(MAX_MAIL_BODY) }),
});
export const RefuseBookingBody = ConfirmBookingBody.extend({ reason: z.enum(REFUSAL_REASONS, { error: 'choose the refusal reason' }) });

/** POST /cancel: agents agree to the policy and the fee shown, unless their agent ignores the policy. */
export const CancelBookingBody = z
  .object({
    agent_sub_group_id: z.number().int().positive().optional(),
    agree_cancellation_policy: z.boolean().default(false),
  })
  .default({ agree_cancellation_policy: false });
export const CancelBookingResponse = z.object({ status: z.enum(BOOKING_STATUSES), cancellation_fee: z.number().int() });
export const CancellationPolicyRow = z.object({ days_before: z.number().int().min(0), rate_e6: z.number().int().min(0).max(FULL_RATE_E6) });
export const CancellationQuoteResponse = z.object({
  days_left: z.number().int(),
  days_before: z.number().int().nullable(),
  rate_e6: z.number().int(),
  total_amount: z.number().int(),
  cancellation_fee: z.number().int(),
  /** The policy the booking is priced on (frozen at confirmation). */
  policy: z.array(CancellationPolicyRow),
  /** Whether the agent skips agreeing to the policy. */
  ignore_cancellation_policy: z.boolean(),
  /** How the money would be settled if cancelled at this fee (null for a booking never confirmed: nothing is owed or paid). */
  settlement: CancellationSettlementPreview.nullable(),
});
export type CancellationQuoteResponse = z.infer<typeof CancellationQuoteResponse>;
export const MailTemplateResponse = z.object({ subject: z.string(), body: z.string(), to_address: z.string() });
export const SelectPriorityBody = z.object({ priority: wholeNumber(PRIORITY) });
export const AssignOperatorBody = z.object({ operator_name: z.string().trim().max(MAX_PERSON_NAME) });
export const AddSpecialNoteQuery = z.object({ confirm_note: z.string().max(MAX_SPECIAL_NOTE).optional(), voucher_note: z.string().max(MAX_SPECIAL_NOTE).optional() });
export const UpdateFromToStationBody = z.object({
  direction: z.enum(DIRECTIONS),
  from_station_id: StationId,
  to_station_id: StationId,
});
export const AddNoteBody = z.object({ note: z.string().trim().min(1, 'enter a note').max(MAX_BOOKING_NOTE), is_private: z.boolean().default(false) });
export const UpdateNoteBody = AddNoteBody;
export const ReserveAllotmentsResponse = z.object({
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  warning: z.string().nullable(),
});

/** POST /reserve: held and confirmed in one call. */
export const ReserveResponse = z.object({
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
});

export * from './booking-list-schemas.ts';
